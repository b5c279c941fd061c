// The new / edit face dialog (spec 001 §2, §5, §7): photo, name, identification (digits only, locked when
// editing), floors, housing unit, type, state, the active devices and observations. Create = POST rostros/,
// edit = PUT rostros/<identificacion>/edit/, both multipart. A 207 answer saved the face but some devices
// could not take it: a warning names them (it stays on screen when a device is offline).
import { serverFieldErrors } from '@conjunto/core';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo, useState } from 'react';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import { FACE_STATES, FACE_TYPES } from '../../manifest.ts';
import { FACE_LIMITS } from '../../rules.ts';
import {
  type Device,
  type DeviceAlert,
  type Face,
  LONG_TOAST_MS,
  UNITS,
  useAlertsText,
  useBiometricsApi,
  useFailureMessage,
} from '../shared/api.ts';
import { DevicesSelect } from '../shared/DevicesSelect.tsx';
import { FloorsSelect } from './FloorsSelect.tsx';
import { PhotoPicker } from './PhotoPicker.tsx';

interface Values {
  nombre: string;
  identificacion: string;
  pisos: number[];
  destino: string | null;
  tipo: string;
  estado: string;
  dispositivos: string[];
  observaciones: string;
}

/** Field -> message; the keys are the API's field names (its 400 answers use them too). */
type Errors = Partial<
  Record<
    | 'nombre'
    | 'identificacion'
    | 'imagen'
    | 'dispositivos_biometricos'
    | 'pisos'
    | 'destino'
    | 'tipo'
    | 'estado'
    | 'observaciones',
    string
  >
>;

function initialValues(face: Face | null, active: readonly Device[]): Values {
  return {
    nombre: face?.nombre ?? '',
    identificacion: face?.identificacion ?? '',
    pisos: face?.pisos ?? [],
    destino: face?.destino ?? null,
    tipo: face?.tipo ?? 'propietario',
    estado: face?.estado ?? 'activo',
    // Only active devices can be chosen: those the face is on that are not active are left as they are.
    dispositivos: (face?.devices ?? []).filter((id) => active.some((d) => d.id === id)),
    observaciones: face?.observaciones ?? '',
  };
}

interface Props {
  open: boolean;
  /** The face to edit; null for a new one. */
  face: Face | null;
  devices: readonly Device[];
  onClose(): void;
  onSaved(): void;
}

export default function FaceFormDialog({ open, face, devices, onClose, onSaved }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useBiometricsApi();
  const failureMessage = useFailureMessage();
  const alertsText = useAlertsText();
  const editing = face !== null;
  // The devices that can take a face now (the server's state: one behind a disconnected controller cannot); until
  // the status answers, those whose own state is active.
  const [availableNow, setAvailableNow] = useState<ReadonlySet<string> | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    api.status().then(
      (status) =>
        live && setAvailableNow(new Set(status.devices_status.filter((d) => d.status === 'active').map((d) => d.rostro_id))),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, open]);
  const active = useMemo(
    () => devices.filter((d) => d.status === 'active' && (!availableNow || availableNow.has(d.id))),
    [devices, availableNow],
  );
  const [values, setValues] = useState<Values>(() => initialValues(face, active));
  useEffect(() => {
    if (availableNow) setValues((v) => ({ ...v, dispositivos: v.dispositivos.filter((id) => availableNow.has(id)) }));
  }, [availableNow]);
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const { data: units = [] } = useGetList<{ id: string; number: string }>(
    UNITS,
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'number', order: 'ASC' } },
    { enabled: open },
  );

  const set = <K extends keyof Values>(key: K, value: Values[K], field: keyof Errors = key as keyof Errors) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const validate = (): Errors => {
    const found: Errors = {};
    if (!values.nombre.trim()) found.nombre = translate('biometrics.validation.nombre');
    if (!values.identificacion) found.identificacion = translate('biometrics.validation.identificacion');
    if (!editing && !photo) found.imagen = translate('biometrics.validation.imagen');
    if (values.dispositivos.length === 0) found.dispositivos_biometricos = translate('biometrics.validation.dispositivos');
    return found;
  };

  const body = () => {
    const form = new FormData();
    form.set('nombre', values.nombre.trim());
    form.set('identificacion', values.identificacion);
    form.set('destino', values.destino ?? '');
    form.set('tipo', values.tipo);
    form.set('pisos', JSON.stringify(values.pisos));
    form.set('estado', values.estado);
    form.set('observaciones', values.observaciones.trim());
    form.set('dispositivos_biometricos', JSON.stringify(values.dispositivos));
    if (photo) form.set('imagen', photo, `${values.identificacion}.jpg`);
    return form;
  };

  // The alerts in the user's language, with the devices named (the server's message says the same in Spanish).
  const warn = (alerts: readonly DeviceAlert[]) => {
    const text = alertsText(alerts, (id) => devices.find((d) => d.id === id)?.name ?? id);
    const offline = alerts.some((a) => a.type === 'device_offline');
    notify(text, { type: 'warning', autoHideDuration: offline ? null : LONG_TOAST_MS });
  };

  const submit = async () => {
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      if (editing) {
        const answer = await api.editFace(face.identificacion, body());
        if (answer.data?.alerts?.length) warn(answer.data.alerts);
        else notify('biometrics.form.updated', { type: 'success' });
      } else {
        const answer = await api.createFace(body());
        if (answer.alerts?.length) warn(answer.alerts);
        else notify('biometrics.form.created', { type: 'success' });
      }
      onSaved();
      onClose();
    } catch (error) {
      notify(failureMessage(error), { type: 'error' });
      setErrors((serverFieldErrors(error) ?? {}) as Errors);
    } finally {
      setBusy(false);
    }
  };

  const submitLabel = busy
    ? translate(editing ? 'biometrics.form.updating' : 'biometrics.form.saving')
    : translate(!editing ? 'biometrics.form.create' : photo ? 'biometrics.form.updateWithPhoto' : 'biometrics.form.update');

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby="face-form-title">
      <DialogTitle id="face-form-title">
        {translate(editing ? 'biometrics.form.editTitle' : 'biometrics.form.createTitle')}
      </DialogTitle>
      <DialogContent dividers>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
          <PhotoPicker
            currentUrl={face?.photoUrl}
            value={photo}
            onChange={(blob) => {
              setPhoto(blob);
              setErrors((e) => ({ ...e, imagen: undefined }));
            }}
            error={errors.imagen}
            disabled={busy}
          />
          <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
            <TextField
              label={translate('biometrics.form.nombre')}
              value={values.nombre}
              onChange={(event) => set('nombre', event.target.value)}
              error={Boolean(errors.nombre)}
              helperText={errors.nombre}
              required
              fullWidth
              autoFocus
              slotProps={{ htmlInput: { maxLength: FACE_LIMITS.nombre } }}
            />
            <TextField
              label={translate('biometrics.form.identificacion')}
              value={values.identificacion}
              onChange={(event) => set('identificacion', event.target.value.replace(/\D/g, ''))}
              error={Boolean(errors.identificacion)}
              helperText={
                errors.identificacion ??
                translate(editing ? 'biometrics.form.identificacionLocked' : 'biometrics.form.identificacionHint')
              }
              required
              fullWidth
              disabled={editing}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
            />
            <FloorsSelect value={values.pisos} onChange={(pisos) => set('pisos', pisos)} error={errors.pisos} />
            <Autocomplete
              options={units.map((u) => u.number)}
              value={values.destino}
              onChange={(_, number) => set('destino', number)}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={translate('biometrics.form.destino')}
                  error={Boolean(errors.destino)}
                  helperText={errors.destino}
                />
              )}
              noOptionsText={translate('biometrics.form.noUnit')}
              fullWidth
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                label={translate('biometrics.form.tipo')}
                value={values.tipo}
                onChange={(event) => set('tipo', event.target.value)}
                error={Boolean(errors.tipo)}
                helperText={errors.tipo}
                fullWidth
              >
                {FACE_TYPES.map((tipo) => (
                  <MenuItem key={tipo} value={tipo}>
                    {translate(`biometrics.types.${tipo}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                label={translate('biometrics.form.estado')}
                value={values.estado}
                onChange={(event) => set('estado', event.target.value)}
                error={Boolean(errors.estado)}
                helperText={errors.estado}
                fullWidth
              >
                {FACE_STATES.map((estado) => (
                  <MenuItem key={estado} value={estado}>
                    {translate(`biometrics.states.${estado}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <DevicesSelect
              label={translate('biometrics.form.dispositivos')}
              devices={active}
              value={values.dispositivos}
              onChange={(ids) => set('dispositivos', ids, 'dispositivos_biometricos')}
              error={errors.dispositivos_biometricos}
              emptyText={translate('biometrics.form.noActiveDevices')}
              required
            />
            <TextField
              label={translate('biometrics.form.observaciones')}
              value={values.observaciones}
              onChange={(event) => set('observaciones', event.target.value)}
              error={Boolean(errors.observaciones)}
              helperText={errors.observaciones}
              multiline
              minRows={2}
              fullWidth
              slotProps={{ htmlInput: { maxLength: FACE_LIMITS.observaciones } }}
            />
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('biometrics.form.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy} loading={busy} loadingPosition="start">
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
