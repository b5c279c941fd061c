// The resident's layout (issue 12), phone first: the shell's app bar (complex picker when they live in several,
// user menu), the drawer on a wide screen, and on a phone a bottom navigation with the area's entries instead of
// the hamburger drawer. The content keeps clear of the bottom bar.
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { createElement, type ReactNode } from 'react';
import { Layout, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router';
import { ShellAppBar } from '../../layout/ShellAppBar.tsx';
import { currentEntry, ShellMenu } from '../../layout/ShellMenu.tsx';
import { areaPath, useArea } from '../AreaContext.ts';

function BottomNav() {
  const { area, menu } = useArea();
  const translate = useTranslate();
  const { pathname } = useLocation();
  const entries = menu.slice(0, 5);
  const current = currentEntry(
    entries.map((e) => areaPath(area, e.to)),
    pathname,
  );
  return (
    <Paper
      elevation={8}
      component="nav"
      aria-label={translate('shell.residentArea.navigation')}
      sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: (theme) => theme.zIndex.appBar, display: { sm: 'none' } }}
    >
      <BottomNavigation showLabels value={current ?? false}>
        {entries.map((e) => {
          const to = areaPath(area, e.to);
          return (
            <BottomNavigationAction
              key={e.to}
              value={to}
              label={translate(e.labelKey, { _: e.labelKey })}
              icon={e.icon ? createElement(e.icon) : undefined}
              component={Link}
              to={to}
              aria-current={current === to ? 'page' : undefined}
              sx={{ minWidth: 0 }}
            />
          );
        })}
      </BottomNavigation>
    </Paper>
  );
}

export function ResidentLayout({ children }: { children: ReactNode }) {
  return (
    <Layout
      appBar={ShellAppBar}
      menu={ShellMenu}
      // On a phone the bottom bar replaces the drawer (and its hamburger button).
      sx={{
        '& .RaSidebar-fixed, & .RaSidebar-docked': { display: { xs: 'none', sm: 'block' } },
        '& .RaAppBar-menuButton': { display: { xs: 'none', sm: 'inline-flex' } },
      }}
    >
      <Box sx={{ pb: { xs: 9, sm: 0 }, minWidth: 0 }}>{children}</Box>
      <BottomNav />
    </Layout>
  );
}
