// Administrator dashboard (spec 002 §2.5 item 13): the greeting, then the figures and graphics the plugins
// contribute (AdminWidget), not a second copy of the menu: the drawer and the user menu already link every screen.
import Box from '@mui/material/Box';
import { Title, useTranslate } from 'react-admin';
import { Welcome } from '../Welcome.tsx';
import { Widgets } from '../Widgets.tsx';

export default function AdministradorDashboard() {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2, mb: 3 }}>
      <Title title={translate('shell.menu.dashboard')} />
      <Welcome />
      <Widgets />
    </Box>
  );
}
