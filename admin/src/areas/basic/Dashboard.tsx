// Dashboard of the areas whose screens come from plugins (guardia, parkey, directiva, puntoVenta): a plugin's home
// sections (the guard's entry register) or else a greeting, the figures the role may read when a plugin offers it
// some (the board reads the ledger's), then the shortcuts of what the role may use on this complex.
import Box from '@mui/material/Box';
import { Title, useTranslate } from 'react-admin';
import { useArea } from '../AreaContext.ts';
import { Panels } from '../Panels.tsx';
import { Shortcuts } from '../Shortcuts.tsx';
import { Welcome } from '../Welcome.tsx';
import { Widgets } from '../Widgets.tsx';

export default function BasicDashboard() {
  const translate = useTranslate();
  const { widgets, menu, panels } = useArea();
  // A role with no screen yet (parkey until its plugin exists) is not told to pick from a menu that only has Inicio.
  const hasScreens = menu.some((m) => m.to !== 'dashboard');
  return (
    <Box sx={{ mt: 2, mb: 3 }}>
      {/* The home's own name when a plugin's home panel gives it one (AdminPanel.namesHome). */}
      <Title title={translate(menu.find((m) => m.to === 'dashboard')?.labelKey ?? 'shell.menu.dashboard')} />
      {panels.some((p) => p.slot === 'home') ? (
        <Box sx={{ mb: 3 }}>
          <Panels slot="home" />
        </Box>
      ) : (
        <Welcome text={translate(hasScreens ? 'shell.dashboard.basicText' : 'shell.dashboard.noScreens')} />
      )}
      {widgets.length ? (
        <Box sx={{ mb: 3 }}>
          <Widgets />
        </Box>
      ) : null}
      <Shortcuts />
    </Box>
  );
}
