// The four statistic cards of the devices view (spec 001 §2): Activos, En Mantenimiento (always 0, the status
// answer has no such count), Inactivos and Total Dispositivos.
import BuildIcon from '@mui/icons-material/Build';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DevicesIcon from '@mui/icons-material/Devices';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { DevicesStatus } from '../shared/api.ts';

function Stat({ label, value, icon, color }: { label: string; value: number | undefined; icon: ReactNode; color: string }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Box sx={{ color, display: 'flex' }}>{icon}</Box>
          <Box>
            <Typography variant="h5" sx={{ fontWeight: 600, lineHeight: 1.2 }}>
              {value ?? '–'}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

export default function DeviceStats({ status }: { status: DevicesStatus | undefined }) {
  const translate = useTranslate();
  const stats = [
    { key: 'active', value: status?.devices_active, icon: <CheckCircleIcon fontSize="large" />, color: 'success.main' },
    { key: 'maintenance', value: status ? 0 : undefined, icon: <BuildIcon fontSize="large" />, color: 'warning.main' },
    { key: 'inactive', value: status?.devices_inactive, icon: <HighlightOffIcon fontSize="large" />, color: 'error.main' },
    { key: 'total', value: status?.devices_configured, icon: <DevicesIcon fontSize="large" />, color: 'primary.main' },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
      {stats.map(({ key, value, icon, color }) => (
        <Stat key={key} label={translate(`biometrics.devices.${key}`)} value={value} icon={icon} color={color} />
      ))}
    </Box>
  );
}
