// Step 'Seleccionar Dispositivos' (spec 001 §5): the devices of biometricos/status; only active ones can be
// chosen, the others are shown disabled with their connection label.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useBiometricsApi } from '../shared/api.ts';
import { statusColor, statusGroup } from '../shared/format.ts';
import type { DeviceState } from './importApi.ts';

const t = (key: string) => `biometrics.import.devices.${key}`;

interface Props {
  validRows: number;
  selected: string[];
  onChange(selected: string[]): void;
}

export default function DevicesStep({ validRows, selected, onChange }: Props) {
  const translate = useTranslate();
  const api = useBiometricsApi();
  const [devices, setDevices] = useState<DeviceState[] | null>(null);
  const [error, setError] = useState(false);

  useEffect(() => {
    let live = true;
    api.status().then(
      (status) => live && setDevices(status.devices_status),
      () => live && setError(true),
    );
    return () => {
      live = false;
    };
  }, [api]);

  if (error) return <Alert severity="error">{translate('biometrics.errors.status')}</Alert>;
  if (!devices)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress />
      </Box>
    );

  const active = devices.filter((d) => d.status === 'active').map((d) => d.rostro_id);
  const allChosen = active.length > 0 && active.every((id) => selected.includes(id));
  const toggle = (id: string) => onChange(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);

  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate(t('help'), { count: validRows })}
      </Typography>
      {devices.length === 0 ? (
        <Alert severity="info">{translate('biometrics.devices.noneConfigured')}</Alert>
      ) : (
        <>
          <FormControlLabel
            control={
              <Checkbox
                checked={allChosen}
                indeterminate={!allChosen && selected.length > 0}
                disabled={active.length === 0}
                onChange={() => onChange(allChosen ? [] : active)}
              />
            }
            label={translate(t('all'))}
          />
          <List dense sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
            {devices.map((d) => {
              const enabled = d.status === 'active';
              return (
                <ListItemButton key={d.rostro_id} disabled={!enabled} onClick={() => toggle(d.rostro_id)}>
                  <ListItemIcon>
                    <Checkbox
                      edge="start"
                      checked={selected.includes(d.rostro_id)}
                      disabled={!enabled}
                      tabIndex={-1}
                      slotProps={{ input: { 'aria-label': d.device_name } }}
                    />
                  </ListItemIcon>
                  <ListItemText primary={d.device_name} secondary={[d.ubicacion, d.ip, d.marca].filter(Boolean).join(' · ')} />
                  <Chip
                    size="small"
                    color={statusColor(d.status)}
                    label={translate(`biometrics.devices.connection.${statusGroup(d.status)}`)}
                  />
                </ListItemButton>
              );
            })}
          </List>
        </>
      )}
    </Box>
  );
}
