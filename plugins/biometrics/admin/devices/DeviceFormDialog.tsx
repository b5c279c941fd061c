// 'Nuevo Dispositivo' / 'Editar Dispositivo': name and IP (required, marked '*'), location, brand, status, the
// controller it hangs from (by name, with its connection) and notes. The fields are checked with the server's own
// rules (device-rules.ts) before sending; the server's refusals (an IP taken on that controller) land on their field.
import { serverFieldErrors } from '@conjunto/core';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { checkDevice, DEVICE_LIMITS, DEVICE_STATUSES, type DeviceFields } from '../../device-rules.ts';
import { type ControllerState, type Device, useBiometricsApi, useFailureMessage } from '../shared/api.ts';

type Values = Record<Exclude<keyof DeviceFields, 'status'>, string> & { status: DeviceFields['status'] };
type Errors = Partial<Record<keyof DeviceFields, string>>;

/** The select's value for 'Sin controlador' (a select cannot hold null). */
const NONE = '';
const t = (key: string) => `biometrics.deviceForm.${key}`;

const initialValues = (device: Device | null): Values => ({
  name: device?.name ?? '',
  ip: device?.ip ?? '',
  location: device?.location ?? '',
  brand: device?.brand ?? '',
  status: (DEVICE_STATUSES as readonly string[]).includes(device?.status ?? '')
    ? (device?.status as DeviceFields['status'])
    : 'inactive',
  notes: device?.notes ?? '',
  controllerId: device?.controllerId ?? NONE,
});

interface Props {
  open: boolean;
  /** The device to edit; null for a new one. */
  device: Device | null;
  controllers: readonly ControllerState[];
  onClose(): void;
  onSaved(): void;
}

export default function DeviceFormDialog({ open, device, controllers, onClose, onSaved }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useBiometricsApi();
  const failureMessage = useFailureMessage();
  const editing = device !== null;
  const [values, setValues] = useState<Values>(() => initialValues(device));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async () => {
    const { device: fields, issues } = checkDevice(values);
    const found: Errors = Object.fromEntries(
      Object.entries(issues).map(([field, issue]) => [field, translate(t(`errors.${issue}`))]),
    );
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      if (device) await api.updateDevice(device, fields);
      else await api.createDevice(fields);
      notify(t(editing ? 'updated' : 'created'), { type: 'success' });
      onSaved();
      onClose();
    } catch (error) {
      notify(failureMessage(error), { type: 'error' });
      setErrors((serverFieldErrors(error) ?? {}) as Errors);
    } finally {
      setBusy(false);
    }
  };

  const text = (
    key: 'name' | 'ip' | 'location' | 'brand' | 'notes',
    { helperText, ...extra }: Pick<TextFieldProps, 'required' | 'autoFocus' | 'multiline' | 'minRows' | 'helperText'> = {},
  ) => (
    <TextField
      label={translate(t(key))}
      value={values[key]}
      onChange={(event) => set(key, event.target.value)}
      error={Boolean(errors[key])}
      helperText={errors[key] ?? helperText}
      fullWidth
      {...extra}
      slotProps={{ htmlInput: { maxLength: DEVICE_LIMITS[key], ...(key === 'ip' ? { inputMode: 'decimal' } : {}) } }}
    />
  );

  // A device on a controller that does not answer is off line, whatever its status says: the form tells.
  const chosenDown = controllers.some((c) => c.raspberry_id === values.controllerId && c.ssh_status !== 'connected');
  const submitLabel = busy ? translate(t(editing ? 'updating' : 'saving')) : translate(t(editing ? 'update' : 'create'));

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="device-form-title">
      <DialogTitle id="device-form-title">{translate(t(editing ? 'editTitle' : 'createTitle'))}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {text('name', { required: true, autoFocus: true })}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {text('ip', { required: true, helperText: translate(t('ipHint')) })}
            <TextField
              select
              label={translate(t('status'))}
              value={values.status}
              onChange={(event) => set('status', event.target.value as DeviceFields['status'])}
              error={Boolean(errors.status)}
              helperText={errors.status}
              fullWidth
            >
              {DEVICE_STATUSES.map((status) => (
                <MenuItem key={status} value={status}>
                  {translate(t(`statuses.${status}`))}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <TextField
            select
            label={translate(t('controller'))}
            value={values.controllerId}
            onChange={(event) => set('controllerId', event.target.value)}
            error={Boolean(errors.controllerId)}
            helperText={
              errors.controllerId ??
              (chosenDown ? (
                <Typography component="span" variant="inherit" color="warning.main">
                  {translate(t('controllerDownHint'))}
                </Typography>
              ) : (
                translate(t('controllerHint'))
              ))
            }
            fullWidth
            slotProps={{
              select: {
                displayEmpty: true,
                renderValue: (id) =>
                  id === NONE
                    ? translate(t('noController'))
                    : (controllers.find((c) => c.raspberry_id === id)?.name ?? String(id)),
              },
              inputLabel: { shrink: true },
            }}
          >
            <MenuItem value={NONE}>
              <Typography color="text.secondary">{translate(t('noController'))}</Typography>
            </MenuItem>
            {controllers.map((c) => (
              <MenuItem key={c.raspberry_id} value={c.raspberry_id}>
                <ListItemText
                  primary={c.name}
                  secondary={`${c.ssh_config.ip}:${c.ssh_config.puerto} · ${translate(
                    c.ssh_status === 'connected' ? 'biometrics.controllers.connected' : 'biometrics.controllers.disconnected',
                  )}`}
                />
              </MenuItem>
            ))}
          </TextField>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {text('location')}
            {text('brand')}
          </Stack>
          {text('notes', { multiline: true, minRows: 2 })}
          <Typography variant="caption" color="text.secondary">
            {translate(t('required'))}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate(t('cancel'))}
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy} loading={busy} loadingPosition="start">
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
