// The detail dialog of a person (spec 001 §2): photo, name, identification, destination and the devices that
// hold the face, each with name, location, brand and IP.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { Device, Face } from '../shared/api.ts';
import { FacePhoto } from '../shared/FacePhoto.tsx';

interface Props {
  open: boolean;
  face: Face | undefined;
  devicesById: ReadonlyMap<string, Device>;
  onClose(): void;
}

export default function FaceDetailDialog({ open, face, devicesById, onClose }: Props) {
  const translate = useTranslate();
  const name = face?.nombre || translate('biometrics.faces.noName');
  const dash = '—';
  return (
    <Dialog open={open && face !== undefined} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="face-detail-title">
      <DialogTitle id="face-detail-title">{translate('biometrics.detail.title')}</DialogTitle>
      {face && (
        <DialogContent dividers>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}>
            <FacePhoto src={face.photoUrl} alt={translate('biometrics.faces.photoOf', { name })} size={160} rounded />
            <Stack spacing={0.5} sx={{ minWidth: 0 }}>
              <Typography variant="h6">{name}</Typography>
              <Typography variant="body2">
                <b>{translate('biometrics.faces.identificacion')}:</b> {face.identificacion || translate('biometrics.faces.noId')}
              </Typography>
              <Typography variant="body2">
                <b>{translate('biometrics.faces.destino')}:</b> {face.destino || translate('biometrics.faces.noDestino')}
              </Typography>
            </Stack>
          </Stack>
          <Divider sx={{ my: 2 }} />
          <Typography variant="subtitle2">{translate('biometrics.detail.devices')}</Typography>
          {face.devices.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {translate('biometrics.detail.noDevices')}
            </Typography>
          ) : (
            <List dense>
              {face.devices.map((id) => {
                const device = devicesById.get(id);
                return (
                  <ListItem key={id} divider>
                    <ListItemText
                      primary={device?.name ?? id}
                      secondary={[
                        `${translate('biometrics.detail.location')}: ${device?.location || dash}`,
                        `${translate('biometrics.detail.brand')}: ${device?.brand || dash}`,
                        `${translate('biometrics.detail.ip')}: ${device?.ip || dash}`,
                      ].join(' · ')}
                    />
                  </ListItem>
                );
              })}
            </List>
          )}
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose}>{translate('biometrics.detail.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
