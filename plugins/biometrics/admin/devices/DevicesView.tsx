// The devices view of the faces screen (spec 001 §2, §4): title, the four statistic cards of GET
// biometricos/status, the device cards (newest first, filtered by the search box) with each device's state now,
// 'Alertas controlador' when a controller failed its check ('Controladores' otherwise, to name them), 'Nuevo
// Dispositivo' and the edit dialog, and the delete confirmation, which only hides the device from this list.
import { isNoComplex } from '@conjunto/core';
import { ExportButton } from '@conjunto/core/ui';
import AddIcon from '@mui/icons-material/Add';
import RefreshIcon from '@mui/icons-material/Refresh';
import RouterIcon from '@mui/icons-material/Router';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { CanAccess, useNotify, useRefresh, useTranslate } from 'react-admin';
import { DEVICES, type Device, type DevicesStatus, useBiometricsApi } from '../shared/api.ts';
import ControllersDialog from './ControllersDialog.tsx';
import DeviceCard from './DeviceCard.tsx';
import DeviceDeleteDialog from './DeviceDeleteDialog.tsx';
import DeviceFormDialog from './DeviceFormDialog.tsx';
import DeviceStats from './DeviceStats.tsx';

/** The device dialog: a new device (null) or the one to edit; closing keeps it for the closing animation. */
type FormState = { device: Device | null; open: boolean; seq: number };

interface Props {
  devices: readonly Device[];
  loading: boolean;
  /** The search box's text: matches name, location, brand, IP and notes. */
  search: string;
  onClearSearch(): void;
}

const matches = (device: Device, text: string) =>
  [device.name, device.location, device.brand, device.ip, device.notes].some((value) => value?.toLowerCase().includes(text));

export default function DevicesView({ devices, loading, search, onClearSearch }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const api = useBiometricsApi();
  const [status, setStatus] = useState<DevicesStatus>();
  const [checking, setChecking] = useState(true);
  const [controllersOpen, setControllersOpen] = useState(false);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [toDelete, setToDelete] = useState<Device>();
  const [form, setForm] = useState<FormState>({ device: null, open: false, seq: 0 });
  const openForm = (device: Device | null) => setForm((f) => ({ device, open: true, seq: f.seq + 1 }));

  const load = useCallback(
    async (errorKey: string) => {
      setChecking(true);
      try {
        setStatus(await api.status());
      } catch (error) {
        if (!isNoComplex(error)) notify(errorKey, { type: 'error' });
      } finally {
        setChecking(false);
      }
    },
    [api, notify],
  );

  useEffect(() => {
    void load('biometrics.errors.status');
  }, [load]);

  const shown = useMemo(() => {
    const text = search.toLowerCase();
    return devices
      .filter((d) => !removed.has(d.id) && (!text || matches(d, text)))
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  }, [devices, removed, search]);

  const states = useMemo(() => new Map((status?.devices_status ?? []).map((d) => [d.rostro_id, d])), [status]);
  const reload = () => {
    refresh();
    void load('biometrics.errors.refreshDevices');
  };
  const failed = status?.ssh_failed_count ?? 0;
  // The server's export of the same list: its search (q) covers the fields the search box matches here.
  const exported = {
    resource: DEVICES,
    filter: search ? { q: search } : {},
    sort: { field: 'createdAt', order: 'DESC' } as const,
    total: shown.length,
  };
  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Typography variant="h6" component="h2">
          {translate('biometrics.devices.title')}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <ExportButton list={exported} />
          <ExportButton format="xlsx" list={exported} />
          {checking ? (
            <Button variant="outlined" color="warning" loading loadingPosition="start">
              {translate('biometrics.controllers.checking')}
            </Button>
          ) : (
            // 'Alertas controlador' only when one failed its check (spec 001 §2); the same dialog otherwise.
            status && (
              <Button
                variant={failed > 0 ? 'contained' : 'outlined'}
                color={failed > 0 ? 'warning' : 'primary'}
                startIcon={failed > 0 ? <WarningAmberIcon /> : <RouterIcon />}
                onClick={() => setControllersOpen(true)}
              >
                {translate(failed > 0 ? 'biometrics.controllers.alerts' : 'biometrics.controllers.open')}
              </Button>
            )
          )}
          <Button variant="outlined" startIcon={<RefreshIcon />} disabled={checking} onClick={reload}>
            {translate('biometrics.devices.refresh')}
          </Button>
          <CanAccess resource={DEVICES} action="create">
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => openForm(null)}>
              {translate('biometrics.devices.add')}
            </Button>
          </CanAccess>
        </Stack>
      </Stack>

      <DeviceStats status={status} />

      <Box sx={{ height: 4, my: 1 }}>{loading && <LinearProgress aria-label={translate('biometrics.screen.loading')} />}</Box>
      {!loading && shown.length === 0 ? (
        <Box sx={{ py: 6, textAlign: 'center' }}>
          <Typography color="text.secondary" sx={{ mb: search ? 2 : 0 }}>
            {translate(search ? 'biometrics.devices.noneFound' : 'biometrics.devices.noneConfigured')}
          </Typography>
          {search && (
            <Button variant="outlined" onClick={onClearSearch}>
              {translate('biometrics.faces.clearSearch')}
            </Button>
          )}
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' }}>
          {shown.map((device) => (
            <DeviceCard
              key={device.id}
              device={device}
              state={states.get(device.id)}
              checking={checking}
              onEdit={() => openForm(device)}
              onDelete={() => setToDelete(device)}
            />
          ))}
        </Box>
      )}

      <ControllersDialog
        open={controllersOpen}
        status={status}
        onClose={() => setControllersOpen(false)}
        onRenamed={() => void load('biometrics.errors.status')}
      />
      <DeviceFormDialog
        key={form.seq}
        open={form.open}
        device={form.device}
        controllers={status?.raspberrys ?? []}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
        onSaved={reload}
      />
      <DeviceDeleteDialog
        device={toDelete}
        onClose={() => setToDelete(undefined)}
        onConfirm={(device) => {
          setRemoved((set) => new Set(set).add(device.id));
          setToDelete(undefined);
        }}
      />
    </>
  );
}
