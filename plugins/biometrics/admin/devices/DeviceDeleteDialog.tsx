// 'Confirmar Eliminación' of a device (spec 001 §2): it only takes the device off the list shown here; no call.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Device } from '../shared/api.ts';

interface Props {
  device: Device | undefined;
  onClose(): void;
  onConfirm(device: Device): void;
}

export default function DeviceDeleteDialog({ device, onClose, onConfirm }: Props) {
  const translate = useTranslate();
  // The last device asked about, so that its name stays while the dialog fades out.
  const [shown, setShown] = useState(device);
  useEffect(() => {
    if (device) setShown(device);
  }, [device]);
  return (
    <Dialog open={device !== undefined} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="device-delete-title">
      <DialogTitle id="device-delete-title">{translate('biometrics.devices.confirmTitle')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{translate('biometrics.devices.confirmText', { name: shown?.name ?? '' })}</Typography>
        <Alert severity="warning">{translate('biometrics.devices.confirmWarning')}</Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('biometrics.devices.cancel')}</Button>
        <Button variant="contained" color="error" onClick={() => device && onConfirm(device)}>
          {translate('biometrics.devices.confirmDelete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
