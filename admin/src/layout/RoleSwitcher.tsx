// Shown to users holding more than one back-office role: moves to the other role's area and resets the
// theme (spec 002 §4 "Switching role resets the theme").
import { AREA_HOME_ROUTES, areaRoles } from '@conjunto/core';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import CheckIcon from '@mui/icons-material/Check';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import { useArea } from '../areas/AreaContext.ts';
import { session, useSession } from '../session.ts';

export function RoleSwitcher() {
  const { user } = useSession();
  const { area } = useArea();
  const translate = useTranslate();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const roles = areaRoles(user?.roles ?? []);
  if (roles.length < 2) return null;

  return (
    <>
      <Button
        color="inherit"
        size="small"
        startIcon={<SwapHorizIcon />}
        endIcon={<ArrowDropDownIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={translate('shell.role.switch')}
        sx={{ textTransform: 'none', whiteSpace: 'nowrap', flexShrink: 0, minWidth: 0 }}
      >
        {/* On a phone the icons alone: the name would crowd the complex's name out (Inicio's greeting says the role). */}
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {translate(`shell.roles.${area.role}`)}
        </Box>
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {roles.map((role) => (
          <MenuItem
            key={role}
            selected={role === area.role}
            onClick={() => {
              setAnchor(null);
              if (role === area.role) return;
              session.setTheme('light');
              navigate(AREA_HOME_ROUTES[role]);
            }}
          >
            <ListItemIcon>{role === area.role ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{translate(`shell.roles.${role}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
