// App bar: page title, complex picker, role switcher, the office's bell, the plugins' items (slot 'appBar'), language (test role),
// theme, user menu.
import Box from '@mui/material/Box';
import { AppBar, LoadingIndicator, TitlePortal, useTranslate } from 'react-admin';
import { AppBarPanels } from '../areas/Panels.tsx';
import { ComplexPicker } from './ComplexPicker.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import { RoleSwitcher } from './RoleSwitcher.tsx';
import { ShellBell } from './ShellBell.tsx';
import { ShellUserMenu } from './ShellUserMenu.tsx';
import { ThemeMenu } from './ThemeMenu.tsx';

export function ShellAppBar() {
  const translate = useTranslate();
  return (
    <AppBar
      userMenu={<ShellUserMenu />}
      toolbar={
        <>
          <ShellBell />
          <AppBarPanels />
          <LanguageMenu />
          <ThemeMenu />
          {/* Its spinner is a progress bar to assistive technology: it needs a name (axe: aria-progressbar-name). */}
          <LoadingIndicator aria-label={translate('ra.page.loading')} />
        </>
      }
    >
      <TitlePortal sx={{ display: { xs: 'none', sm: 'block' } }} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mx: 1, minWidth: 0 }}>
        <ComplexPicker />
        <RoleSwitcher />
      </Box>
    </AppBar>
  );
}
