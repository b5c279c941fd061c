// Company area dashboard: the company's complexes (those the API lists for the user), each one a card
// that makes it the working complex; then the shortcuts the role may use.
import ApartmentIcon from '@mui/icons-material/Apartment';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Title, useRefresh, useTranslate } from 'react-admin';
import { session, useSession } from '../../session.ts';
import { isHexColor } from '../../theme.ts';
import { Shortcuts } from '../Shortcuts.tsx';
import { Welcome } from '../Welcome.tsx';

export default function EmpresaDashboard() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { complexes, complex } = useSession();
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('shell.menu.dashboard')} />
      <Welcome />
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('shell.company.complexes')}
      </Typography>
      {complexes.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {translate('shell.company.none')}
        </Typography>
      ) : (
        <Grid container spacing={2} sx={{ mb: 3 }}>
          {complexes.map((c) => {
            const current = c.id === complex?.id;
            return (
              <Grid key={c.id} size={{ xs: 12, sm: 6, md: 4 }}>
                <Card variant="outlined" sx={{ borderColor: current ? 'primary.main' : undefined, borderWidth: current ? 2 : 1 }}>
                  <CardActionArea
                    onClick={() => {
                      session.setComplexId(c.id);
                      refresh();
                    }}
                    sx={{ p: 2 }}
                  >
                    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                      <ApartmentIcon sx={{ fontSize: 40, color: isHexColor(c.themeColor) ? c.themeColor : 'primary.main' }} />
                      <Box sx={{ flex: 1, minWidth: 0 }}>
                        <Typography variant="subtitle1" noWrap sx={{ fontWeight: 500 }}>
                          {c.name}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          {translate(current ? 'shell.company.current' : 'shell.company.choose')}
                        </Typography>
                      </Box>
                      {current ? <CheckCircleIcon color="primary" /> : null}
                    </Stack>
                  </CardActionArea>
                </Card>
              </Grid>
            );
          })}
        </Grid>
      )}
      <Shortcuts />
    </Box>
  );
}
