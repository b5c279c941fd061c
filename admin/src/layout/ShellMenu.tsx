// The drawer (256 wide, from the theme): the area's entries and those of the plugins the role may use and the
// complex has switched on, in the groups an administrator thinks in (Comunidad, Contabilidad, Tesorería ...),
// each collapsible (remembered per browser). Only the entry of the current page is highlighted: the longest
// entry path the location starts with ('Proveedores' stays plain on 'Proveedores › Cuentas por pagar').
import { type AdminMenuEntry, MENU_GROUPS, type MenuGroup } from '@conjunto/core';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { alpha } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import { createElement, useState } from 'react';
import { Menu, useSidebarState, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router';
import { areaPath, useArea } from '../areas/AreaContext.ts';

const CLOSED_KEY = 'conjunto.menu.closedGroups';

/** The entry whose path the location is, or starts with at a segment boundary; the longest wins. */
export function currentEntry(paths: readonly string[], location: string): string | undefined {
  return paths
    .filter((p) => location === p || location.startsWith(`${p}/`))
    .reduce<string | undefined>((best, p) => (best === undefined || p.length > best.length ? p : best), undefined);
}

/** Entries without an `order` after those with one; a stable sort keeps the area's and the plugins' order for ties. */
const byOrder = (a: AdminMenuEntry, b: AdminMenuEntry) =>
  (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER);

/** The entries without a group first, then each group in MENU_GROUPS order; within each, by `order`. */
export function groupEntries(menu: readonly AdminMenuEntry[]): { group?: MenuGroup; entries: AdminMenuEntry[] }[] {
  const loose = menu.filter((e) => !e.group).sort(byOrder);
  const groups = MENU_GROUPS.map((group) => ({ group, entries: menu.filter((e) => e.group === group).sort(byOrder) })).filter(
    (g) => g.entries.length,
  );
  return [...(loose.length ? [{ entries: loose }] : []), ...groups];
}

function readClosed(): Set<string> {
  try {
    return new Set(JSON.parse(localStorage.getItem(CLOSED_KEY) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

function ShellMenuItem({ entry, to, selected }: { entry: AdminMenuEntry; to: string; selected: boolean }) {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const label = translate(entry.labelKey, { _: entry.labelKey });
  const item = (
    <MenuItem
      component={Link}
      to={to}
      selected={selected}
      aria-current={selected ? 'page' : undefined}
      sx={(theme) => ({
        color: 'text.secondary',
        py: 0.75,
        '&.Mui-selected': {
          color: 'primary.main',
          fontWeight: 500,
          backgroundColor: alpha(theme.palette.primary.main, 0.1),
          '& .MuiListItemIcon-root': { color: 'primary.main' },
        },
      })}
    >
      {entry.icon && <ListItemIcon sx={{ minWidth: 40 }}>{createElement(entry.icon)}</ListItemIcon>}
      {/* Long names wrap instead of being cut off. */}
      <ListItemText primary={label} slotProps={{ primary: { sx: { whiteSpace: 'normal', fontWeight: 'inherit' } } }} />
    </MenuItem>
  );
  return open ? (
    item
  ) : (
    <Tooltip title={label} placement="right">
      {item}
    </Tooltip>
  );
}

export function ShellMenu() {
  const { area, menu } = useArea();
  const translate = useTranslate();
  const [sidebarOpen] = useSidebarState();
  const { pathname } = useLocation();
  const [closed, setClosed] = useState(readClosed);
  const current = currentEntry(
    menu.map((e) => areaPath(area, e.to)),
    pathname,
  );
  const toggle = (group: string) => {
    const next = new Set(closed);
    if (!next.delete(group)) next.add(group);
    setClosed(next);
    localStorage.setItem(CLOSED_KEY, JSON.stringify([...next]));
  };
  return (
    <Menu>
      {groupEntries(menu).map(({ group, entries }) => {
        const items = entries.map((entry) => {
          const to = areaPath(area, entry.to);
          return <ShellMenuItem key={entry.to} entry={entry} to={to} selected={to === current} />;
        });
        // A folded drawer shows icons only: no group headers.
        if (!group || !sidebarOpen) return items;
        // The group of the current page stays open.
        const open = !closed.has(group) || entries.some((e) => areaPath(area, e.to) === current);
        const name = translate(`shell.menuGroups.${group}`);
        return (
          // A group of the menu, its header a menu item that folds it: role="menu" may own only menu items and
          // groups of them (axe's aria-required-children), not plain buttons. Not a form's fieldset.
          // biome-ignore lint/a11y/useSemanticElements: an ARIA menu group has no HTML element
          <div key={group} role="group" aria-label={name}>
            <ListItemButton
              role="menuitem"
              aria-label={translate('shell.menuGroup', { name })}
              onClick={() => toggle(group)}
              aria-expanded={open}
              sx={{ py: 0.5, mt: 0.5 }}
            >
              <ListItemText
                primary={name}
                slotProps={{ primary: { variant: 'overline', color: 'text.secondary', sx: { lineHeight: 1.8 } } }}
              />
              {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
            </ListItemButton>
            <Collapse in={open} timeout="auto" unmountOnExit>
              {items}
            </Collapse>
          </div>
        );
      })}
    </Menu>
  );
}
