// One person of the grid (spec 001 §2): photo, name, identification, destination, number of devices, creation
// date, up to 2 device chips and '+N más', and the actions view details / edit / delete.
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useCanAccess, useTranslate } from 'react-admin';
import { type Device, FACES, type Face } from '../shared/api.ts';
import { DateText } from '../shared/DateText.tsx';
import { FacePhoto } from '../shared/FacePhoto.tsx';

const SHOWN_CHIPS = 2;

interface Props {
  face: Face;
  devicesById: ReadonlyMap<string, Device>;
  onView(): void;
  onEdit(): void;
  onDelete(): void;
}

export default function FaceCard({ face, devicesById, onView, onEdit, onDelete }: Props) {
  const translate = useTranslate();
  // Edit and delete for the roles the plugin's access table lets do them (authProvider.canAccess).
  const { canAccess: canEdit } = useCanAccess({ resource: FACES, action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ resource: FACES, action: 'delete' });
  const name = face.nombre || translate('biometrics.faces.noName');
  const rest = face.devices.length - SHOWN_CHIPS;
  const line = (label: string, value: ReactNode) => (
    <Typography variant="body2" color="text.secondary" noWrap>
      <b>{label}:</b> {value}
    </Typography>
  );
  return (
    <Card variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }} data-testid="face-card">
      <FacePhoto src={face.photoUrl} alt={translate('biometrics.faces.photoOf', { name })} size={200} width="100%" />
      <CardContent sx={{ flex: 1, pb: 1 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }} noWrap title={name}>
          {name}
        </Typography>
        {line(translate('biometrics.faces.identificacion'), face.identificacion || translate('biometrics.faces.noId'))}
        {line(translate('biometrics.faces.destino'), face.destino || translate('biometrics.faces.noDestino'))}
        {line(translate('biometrics.faces.created'), <DateText value={face.createdAt} />)}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {translate('biometrics.faces.deviceCount', { count: face.devices.length })}
        </Typography>
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
          {face.devices.slice(0, SHOWN_CHIPS).map((id) => (
            // Until the devices arrive a chip holds a placeholder, not the device's raw id.
            <Chip
              key={id}
              size="small"
              label={devicesById.get(id)?.name ?? <Skeleton variant="text" width={64} />}
              sx={{ maxWidth: 150 }}
            />
          ))}
          {rest > 0 && <Chip size="small" variant="outlined" label={translate('biometrics.faces.more', { count: rest })} />}
        </Stack>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', pt: 0 }}>
        <Tooltip title={translate('biometrics.faces.view')}>
          <IconButton size="small" onClick={onView} aria-label={translate('biometrics.faces.view')}>
            <VisibilityIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        {canEdit && (
          <Tooltip title={translate('biometrics.faces.edit')}>
            <IconButton size="small" color="primary" onClick={onEdit} aria-label={translate('biometrics.faces.edit')}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {canDelete && (
          <Tooltip title={translate('biometrics.faces.delete')}>
            <IconButton size="small" color="error" onClick={onDelete} aria-label={translate('biometrics.faces.delete')}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </CardActions>
    </Card>
  );
}
