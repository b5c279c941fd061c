// 'Estado de Controladores (N Controladores)' (spec 001 §2): how many controllers answer their check, then one
// card per controller with its sequence number, shortened id, IP:port, user, devices and state. A controller is
// connected when its devices report ssh_status 'connected'.
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { DevicesStatus } from '../shared/api.ts';

const SHOWN_DEVICES = 2;
/** The id's last characters (time-ordered ids share their first ones). */
const SHORT_ID = 8;

interface Props {
  open: boolean;
  status: DevicesStatus | undefined;
  onClose(): void;
}

export default function ControllersDialog({ open, status, onClose }: Props) {
  const translate = useTranslate();
  const controllers = (status?.raspberrys ?? []).map((controller, index) => {
    const devices = (status?.devices_status ?? []).filter((d) => d.raspberry_id === controller.raspberry_id);
    return { ...controller, sequence: index + 1, devices, connected: devices.some((d) => d.ssh_status === 'connected') };
  });
  const connected = controllers.filter((c) => c.connected).length;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="controllers-title">
      <DialogTitle id="controllers-title">
        {translate('biometrics.controllers.title', { smart_count: controllers.length })}
      </DialogTitle>
      <DialogContent dividers>
        {controllers.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {translate('biometrics.controllers.none')}
          </Typography>
        ) : (
          <Stack spacing={2}>
            <Stack direction="row" spacing={1}>
              <Chip color="success" label={translate('biometrics.controllers.connectedCount', { smart_count: connected })} />
              <Chip
                color="error"
                label={translate('biometrics.controllers.disconnectedCount', { smart_count: controllers.length - connected })}
              />
            </Stack>
            {controllers.map((c) => {
              const rest = c.devices.length - SHOWN_DEVICES;
              return (
                <Card
                  key={c.raspberry_id}
                  variant="outlined"
                  sx={{ borderLeft: 4, borderLeftColor: c.connected ? 'success.main' : 'error.main' }}
                >
                  <CardContent>
                    <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
                      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                        {translate('biometrics.controllers.sequence', { n: c.sequence })}{' '}
                        <Typography component="span" variant="caption" color="text.secondary" title={c.raspberry_id}>
                          …{c.raspberry_id.slice(-SHORT_ID)}
                        </Typography>
                      </Typography>
                      <Chip
                        size="small"
                        color={c.connected ? 'success' : 'error'}
                        label={translate(
                          c.connected ? 'biometrics.controllers.connected' : 'biometrics.controllers.disconnected',
                        )}
                      />
                    </Stack>
                    <Typography variant="body2" color="text.secondary">
                      <b>{translate('biometrics.controllers.address')}:</b> {c.ssh_config.ip}:{c.ssh_config.puerto}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      <b>{translate('biometrics.controllers.user')}:</b> {c.ssh_config.usuario}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      <b>{translate('biometrics.controllers.deviceCount')}:</b> {c.devices.length}
                    </Typography>
                    {c.devices.length > 0 && (
                      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
                        {c.devices.slice(0, SHOWN_DEVICES).map((d) => (
                          <Chip key={d.rostro_id} size="small" variant="outlined" label={d.device_name} />
                        ))}
                        {rest > 0 && (
                          <Chip size="small" label={translate('biometrics.controllers.moreDevices', { count: rest })} />
                        )}
                      </Stack>
                    )}
                  </CardContent>
                </Card>
              );
            })}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('biometrics.controllers.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
