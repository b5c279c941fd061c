// Dashboard of the areas whose screens come from plugins (guardia, parkey, directiva, puntoVenta):
// a greeting and the shortcuts of what the role may use on this complex.
import Box from '@mui/material/Box';
import { Title, useTranslate } from 'react-admin';
import { Shortcuts } from '../Shortcuts.tsx';
import { Welcome } from '../Welcome.tsx';

export default function BasicDashboard() {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('shell.menu.dashboard')} />
      <Welcome text={translate('shell.dashboard.basicText')} />
      <Shortcuts />
    </Box>
  );
}
