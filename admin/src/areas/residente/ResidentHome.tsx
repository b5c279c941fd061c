// The resident's Inicio (issue 12): a greeting with their unit, the plugins' home sections (a panic
// button), what they owe in brief (the plugins' widgets for the residente role, e.g. a balance), and the
// way to their household's sections and their profile.
import HomeIcon from '@mui/icons-material/Home';
import PersonIcon from '@mui/icons-material/Person';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { fullName, useSession } from '../../session.ts';
import { areaPath, useArea } from '../AreaContext.ts';
import { Panels } from '../Panels.tsx';
import { Widgets } from '../Widgets.tsx';
import { useMe } from './useMe.ts';

export default function ResidentHome() {
  const translate = useTranslate();
  const { user, complex } = useSession();
  const { area, widgets } = useArea();
  const { me, error } = useMe();
  return (
    <Box sx={{ mt: 2, mb: 3 }}>
      <Title title={translate('shell.menu.dashboard')} />
      <Card sx={{ mb: 2, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
        <CardContent sx={{ py: 3 }}>
          <Typography variant="h5" component="h2" gutterBottom>
            {translate('shell.dashboard.welcome', { name: fullName(user) })}
          </Typography>
          <Typography variant="body1" sx={{ opacity: 0.9 }} data-testid="resident-unit">
            {me ? (
              me.unitNumber ? (
                translate('shell.residentArea.unitLine', {
                  unit: me.unitNumber,
                  relation: translate(`shell.resident.relation.${me.relation ?? 'owner'}`),
                })
              ) : (
                translate('shell.residentArea.noUnit')
              )
            ) : error ? (
              error
            ) : (
              <Skeleton width={160} sx={{ bgcolor: 'rgba(255,255,255,0.3)' }} />
            )}
          </Typography>
          <Typography variant="body2" sx={{ opacity: 0.9 }}>
            {complex?.name}
          </Typography>
        </CardContent>
      </Card>
      {me?.locked ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('shell.residentArea.locked')}
        </Alert>
      ) : null}
      {/* The plugins' home sections (a panic button): while the property is locked, those that say they may show. */}
      <Box sx={{ mb: 2 }}>
        <Panels slot="home" paymentsOnly={me?.locked} />
      </Box>
      {widgets.length ? (
        <Box sx={{ mb: 2 }}>
          <Widgets />
        </Box>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="outlined" size="large" startIcon={<HomeIcon />} component={Link} to={areaPath(area, 'hogar')}>
          {translate('shell.residentArea.household')}
        </Button>
        <Button variant="outlined" size="large" startIcon={<PersonIcon />} component={Link} to={areaPath(area, 'perfil')}>
          {translate('shell.residentArea.profile')}
        </Button>
      </Stack>
    </Box>
  );
}
