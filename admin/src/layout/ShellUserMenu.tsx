// User menu: the area's links (administrador: Configuraciones, Editar Conjunto), then sign out.
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { createElement } from 'react';
import { Logout, UserMenu, useGetIdentity, useTranslate, useUserMenu } from 'react-admin';
import { Link } from 'react-router';
import { areaPath, useArea } from '../areas/AreaContext.ts';
import { fullName, useSession } from '../session.ts';

function UserMenuLink({ to, labelKey, icon }: { to: string; labelKey: string; icon?: React.ComponentType }) {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem component={Link} to={to} onClick={() => userMenu?.onClose()}>
      {icon ? <ListItemIcon>{createElement(icon, { fontSize: 'small' } as object)}</ListItemIcon> : null}
      <ListItemText>{translate(labelKey)}</ListItemText>
    </MenuItem>
  );
}

export function ShellUserMenu() {
  const { area, userMenu } = useArea();
  const translate = useTranslate();
  const { user } = useSession();
  // react-admin's own test for showing the name on the button (sm and up, identity loaded).
  const { isPending, identity } = useGetIdentity();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  // The button shows the user's name: its accessible name must contain it (WCAG 2.5.3, axe's
  // label-content-name-mismatch), so 'Perfil: <name>' rather than react-admin's bare 'Perfil'. The icon-only
  // button (phones) translates its label as a key with 'Profile' as fallback: it gets the key itself.
  const label =
    user && wide && !isPending && identity?.fullName
      ? `${translate('ra.auth.user_menu')}: ${fullName(user)}`
      : 'ra.auth.user_menu';
  return (
    <UserMenu label={label}>
      {userMenu.map((entry) => (
        <UserMenuLink key={entry.to} to={areaPath(area, entry.to)} labelKey={entry.labelKey} icon={entry.icon} />
      ))}
      <Logout />
    </UserMenu>
  );
}
