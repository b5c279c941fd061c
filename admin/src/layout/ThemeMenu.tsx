// The three themes of the spec; the complex's colour stays the primary colour of each.
import CheckIcon from '@mui/icons-material/Check';
import PaletteIcon from '@mui/icons-material/Palette';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { session, THEME_NAMES, useSession } from '../session.ts';
import { THEME_LABEL_KEYS } from '../theme.ts';

export function ThemeMenu() {
  const { theme } = useSession();
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = translate('shell.theme.label');
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} onClick={(e) => setAnchor(e.currentTarget)}>
          <PaletteIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {THEME_NAMES.map((name) => (
          <MenuItem
            key={name}
            selected={name === theme}
            onClick={() => {
              setAnchor(null);
              session.setTheme(name);
            }}
          >
            <ListItemIcon>{name === theme ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{translate(THEME_LABEL_KEYS[name])}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
