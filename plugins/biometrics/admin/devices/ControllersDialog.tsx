// 'Estado de Controladores (N Controladores)' (spec 001 §2): how many controllers answer their check, then one
// card per controller with its name and sequence number, IP:port, user, devices and state. A controller is named
// (not shown as an id); the office renames it here.
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useCanAccess, useNotify, useTranslate } from 'react-admin';
import { DEVICE_LIMITS } from '../../device-rules.ts';
import { CONTROLLERS, type ControllerState, type DevicesStatus, useBiometricsApi, useFailureMessage } from '../shared/api.ts';

const SHOWN_DEVICES = 2;

interface Props {
  open: boolean;
  status: DevicesStatus | undefined;
  onClose(): void;
  /** A controller was renamed: the status is read again. */
  onRenamed(): void;
}

export default function ControllersDialog({ open, status, onClose, onRenamed }: Props) {
  const translate = useTranslate();
  const { canAccess: canRename } = useCanAccess({ resource: CONTROLLERS, action: 'edit' });
  const [renaming, setRenaming] = useState<string>();
  const controllers = (status?.raspberrys ?? []).map((controller) => ({
    ...controller,
    devices: (status?.devices_status ?? []).filter((d) => d.raspberry_id === controller.raspberry_id),
    connected: controller.ssh_status === 'connected',
  }));
  const connected = controllers.filter((c) => c.connected).length;
  const close = () => {
    setRenaming(undefined);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="controllers-title">
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
                  data-testid="controller-card"
                  sx={{ borderLeft: 4, borderLeftColor: c.connected ? 'success.main' : 'error.main' }}
                >
                  <CardContent>
                    {renaming === c.raspberry_id ? (
                      <RenameForm
                        controller={c}
                        onDone={(renamed) => {
                          setRenaming(undefined);
                          if (renamed) onRenamed();
                        }}
                      />
                    ) : (
                      // The actions go under the name when the card is narrow: a name is never cut.
                      <Stack direction="row" useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap', columnGap: 1, mb: 1 }}>
                        <Stack sx={{ flex: '1 1 180px', minWidth: 0 }}>
                          <Typography variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                            {c.name}
                          </Typography>
                          <Typography variant="caption" color="text.secondary">
                            {translate('biometrics.controllers.sequence', { n: c.sequence })}
                          </Typography>
                        </Stack>
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
                          {canRename && (
                            <Tooltip title={translate('biometrics.controllers.rename')}>
                              <IconButton
                                size="small"
                                onClick={() => setRenaming(c.raspberry_id)}
                                aria-label={`${translate('biometrics.controllers.rename')}: ${c.name}`}
                              >
                                <EditIcon fontSize="small" />
                              </IconButton>
                            </Tooltip>
                          )}
                          <Chip
                            size="small"
                            color={c.connected ? 'success' : 'error'}
                            label={translate(
                              c.connected ? 'biometrics.controllers.connected' : 'biometrics.controllers.disconnected',
                            )}
                          />
                        </Stack>
                      </Stack>
                    )}
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
        <Button onClick={close}>{translate('biometrics.controllers.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The controller's name in place, with Guardar and Cancelar; a refused name (blank, taken) shows under it. */
function RenameForm({ controller, onDone }: { controller: ControllerState; onDone(renamed: boolean): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useBiometricsApi();
  const failureMessage = useFailureMessage();
  const [name, setName] = useState(controller.name);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const save = async () => {
    if (!name.trim()) return setError(translate('biometrics.controllers.nameRequired'));
    if (name.trim() === controller.name) return onDone(false);
    setBusy(true);
    try {
      await api.renameController(controller.raspberry_id, name.trim());
      notify('biometrics.controllers.renamed', { type: 'success' });
      onDone(true);
    } catch (failure) {
      setError(failureMessage(failure));
      setBusy(false);
    }
  };

  return (
    <Stack
      component="form"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'flex-start' }, mb: 1.5 }}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <TextField
        size="small"
        label={translate('biometrics.controllers.name')}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
        error={Boolean(error)}
        helperText={error ?? translate('biometrics.controllers.sequence', { n: controller.sequence })}
        required
        autoFocus
        fullWidth
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: DEVICE_LIMITS.controllerName } }}
      />
      <Stack direction="row" spacing={1} sx={{ flexShrink: 0, pt: { sm: 0.25 } }}>
        <Button onClick={() => onDone(false)} disabled={busy}>
          {translate('biometrics.controllers.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy} loading={busy} loadingPosition="start">
          {translate('biometrics.controllers.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
