// Step 'Seleccionar Dispositivos' (spec 001 §5): the devices of biometricos/status; only those active now can be
// chosen (the server's state: a device behind a disconnected controller is not), the others are shown disabled
// with their connection label and controller.
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
import { type DeviceState, useBiometricsApi } from '../shared/api.ts';
import { deviceLabels } from '../shared/format.ts';

const t = (key: string) => `biometrics.import.devices.${key}`;
/** The checkbox column's width (MUI's ListItemIcon). */
const CHECK_WIDTH = 56;

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
              const labels = deviceLabels(d);
              const where = [d.ubicacion, d.ip, d.marca, d.raspberry_name].filter(Boolean).join(' · ');
              return (
                // On a phone the state goes under the name (a long label would squeeze it), beside it from sm on.
                <ListItemButton
                  key={d.rostro_id}
                  disabled={!enabled}
                  onClick={() => toggle(d.rostro_id)}
                  sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
                >
                  <ListItemIcon>
                    <Checkbox
                      edge="start"
                      checked={selected.includes(d.rostro_id)}
                      disabled={!enabled}
                      tabIndex={-1}
                      slotProps={{ input: { 'aria-label': d.device_name } }}
                    />
                  </ListItemIcon>
                  <ListItemText
                    primary={d.device_name}
                    secondary={where}
                    sx={{ flexBasis: { xs: `calc(100% - ${CHECK_WIDTH}px)`, sm: 'auto' } }}
                  />
                  <Chip
                    size="small"
                    color={labels.color}
                    label={translate(labels.connectionKey)}
                    sx={{ flexShrink: 0, ml: { xs: `${CHECK_WIDTH}px`, sm: 1 }, mb: { xs: 0.5, sm: 0 } }}
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
