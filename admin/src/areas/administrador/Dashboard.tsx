// Administrator dashboard: shortcuts to every screen the complex has (spec 002 §2.5 item 13), the
// plugins' included, plus the complex's settings.
import EditIcon from '@mui/icons-material/Edit';
import SettingsIcon from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import { Title, useTranslate } from 'react-admin';
import { Shortcuts } from '../Shortcuts.tsx';
import { Welcome } from '../Welcome.tsx';

const EXTRA = [
  { to: 'editarConjunto', labelKey: 'shell.menu.editComplex', icon: EditIcon },
  { to: 'conjuntos/configuraciones', labelKey: 'shell.menu.settings', icon: SettingsIcon },
];

export default function AdministradorDashboard() {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('shell.menu.dashboard')} />
      <Welcome />
      <Shortcuts extra={EXTRA} />
    </Box>
  );
}
