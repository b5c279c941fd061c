// /administrador/conjuntos/configuraciones: the current complex's module switches, read-only (platform
// staff change them). Labels come from the catalogue (GET /api/modules/catalogue).
import { MODULE_SWITCHES, type ModuleSwitch } from '@conjunto/core';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { useSession } from '../../session.ts';
import { useArea } from '../AreaContext.ts';
import { useCatalogue } from '../complex/useCatalogue.ts';

export default function Settings() {
  const translate = useTranslate();
  const { complex } = useSession();
  const { modules } = useArea();
  const catalogue: readonly ModuleSwitch[] = useCatalogue() ?? MODULE_SWITCHES;

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('shell.menu.settings')} />
      <CardHeader title={translate('shell.settings.modules')} subheader={complex?.name} />
      <CardContent>
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('shell.settings.readOnly')}
        </Alert>
        <Grid container spacing={1}>
          {catalogue.map((m) => {
            const on = modules[m.name] ?? m.default;
            return (
              <Grid key={m.name} size={{ xs: 12, sm: 6, md: 4 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  {on ? (
                    <CheckCircleIcon color="success" fontSize="small" />
                  ) : (
                    <RadioButtonUncheckedIcon color="disabled" fontSize="small" />
                  )}
                  <Typography variant="body2" color={on ? 'text.primary' : 'text.secondary'}>
                    {m.label}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {translate(on ? 'shell.settings.on' : 'shell.settings.off')}
                  </Typography>
                </Stack>
              </Grid>
            );
          })}
        </Grid>
      </CardContent>
    </Card>
  );
}
