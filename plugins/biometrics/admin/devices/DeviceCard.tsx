// One device of the devices view: name, IP, location, creation date, brand, the status chip and the connection
// label (spec 001 §4), and the delete action.
import DeleteIcon from '@mui/icons-material/Delete';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { Device } from '../shared/api.ts';
import { DateText } from '../shared/DateText.tsx';
import { statusColor, statusGroup } from '../shared/format.ts';

export default function DeviceCard({ device, onDelete }: { device: Device; onDelete(): void }) {
  const translate = useTranslate();
  const group = statusGroup(device.status);
  const color = statusColor(device.status);
  const line = (label: string, value: ReactNode) => (
    <Typography variant="body2" color="text.secondary" noWrap>
      <b>{label}:</b> {value}
    </Typography>
  );
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, minWidth: 0 }} noWrap title={device.name}>
            {device.name}
          </Typography>
          <Tooltip title={translate('biometrics.devices.delete')}>
            <IconButton
              size="small"
              color="error"
              onClick={onDelete}
              aria-label={translate('biometrics.devices.delete')}
              sx={{ mt: -0.5 }}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
        {line(translate('biometrics.devices.ip'), device.ip)}
        {line(translate('biometrics.devices.location'), device.location || '—')}
        {line(translate('biometrics.devices.brand'), device.brand || '—')}
        {line(translate('biometrics.devices.created'), <DateText value={device.createdAt} />)}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1.5 }}>
          <Chip size="small" color={color} label={translate(`biometrics.devices.status.${group}`)} />
          <Stack
            direction="row"
            spacing={0.5}
            sx={{ alignItems: 'center', color: color === 'default' ? 'text.disabled' : `${color}.main` }}
          >
            <FiberManualRecordIcon sx={{ fontSize: 10 }} />
            <Typography variant="caption">{translate(`biometrics.devices.connection.${group}`)}</Typography>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
