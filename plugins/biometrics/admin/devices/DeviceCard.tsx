// One device of the devices view: name, IP, location, controller, creation date, brand, the status chip and the
// connection label (spec 001 §4), and the edit and delete actions. The state shown is the status answer's (the
// server's one rule): a device behind a disconnected controller is off line and reads 'Controlador desconectado'.
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useCanAccess, useTranslate } from 'react-admin';
import { DEVICES, type Device, type DeviceState } from '../shared/api.ts';
import { DateText } from '../shared/DateText.tsx';
import { deviceLabels } from '../shared/format.ts';

interface Props {
  device: Device;
  /** Its state now, from the status answer; undefined until the controllers are checked (or when that failed). */
  state: DeviceState | undefined;
  /** The controllers are being checked: the state is not known yet. */
  checking: boolean;
  onEdit(): void;
  onDelete(): void;
}

export default function DeviceCard({ device, state, checking, onEdit, onDelete }: Props) {
  const translate = useTranslate();
  const { canAccess: canEdit } = useCanAccess({ resource: DEVICES, action: 'edit' });
  // Without the status answer the registry's own status is all there is (the list's).
  const labels = deviceLabels(state ?? { status: device.status });
  const controllerDown = state?.ssh_status === 'failed';
  const pending = checking && !state;
  const line = (label: string, value: ReactNode) => (
    <Typography variant="body2" color="text.secondary" noWrap>
      <b>{label}:</b> {value}
    </Typography>
  );
  const tone = labels.color === 'default' ? 'text.disabled' : `${labels.color}.main`;
  return (
    <Card variant="outlined" data-testid="device-card" sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start', mb: 1 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, minWidth: 0, flex: 1 }} noWrap title={device.name}>
            {device.name}
          </Typography>
          {canEdit && (
            <Tooltip title={translate('biometrics.devices.edit')}>
              <IconButton size="small" onClick={onEdit} aria-label={translate('biometrics.devices.edit')} sx={{ mt: -0.5 }}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
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
        {line(
          translate('biometrics.devices.controller'),
          device.controllerId ? (
            <Typography component="span" variant="inherit" color={controllerDown ? 'error' : undefined}>
              {state?.raspberry_name ?? '—'}
            </Typography>
          ) : (
            translate('biometrics.devices.noController')
          ),
        )}
        {line(translate('biometrics.devices.brand'), device.brand || '—')}
        {line(translate('biometrics.devices.created'), <DateText value={device.createdAt} />)}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1.5, minWidth: 0 }}>
          {pending ? (
            <Chip
              size="small"
              icon={<CircularProgress size={12} color="inherit" />}
              label={translate('biometrics.devices.checking')}
            />
          ) : (
            <>
              <Chip size="small" color={labels.color} label={translate(labels.statusKey)} />
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: tone, minWidth: 0 }}>
                {controllerDown ? <LinkOffIcon sx={{ fontSize: 14 }} /> : <FiberManualRecordIcon sx={{ fontSize: 10 }} />}
                <Typography variant="caption" noWrap sx={{ fontWeight: controllerDown ? 600 : undefined }}>
                  {translate(labels.connectionKey)}
                </Typography>
              </Stack>
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
