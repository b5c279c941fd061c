// The language selector, for test-role users only (spec 002 §6). Spanish is the default.
import CheckIcon from '@mui/icons-material/Check';
import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useLocaleState, useLocales, useTranslate } from 'react-admin';
import { useSession } from '../session.ts';

export function LanguageMenu() {
  const { user } = useSession();
  const translate = useTranslate();
  const locales = useLocales();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!user?.roles.includes('test')) return null;

  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        aria-label={translate('shell.language')}
        aria-haspopup="true"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {locale.toUpperCase()}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {locales.map((l) => (
          <MenuItem
            key={l.locale}
            selected={l.locale === locale}
            onClick={() => {
              setAnchor(null);
              setLocale(l.locale);
            }}
          >
            <ListItemIcon>{l.locale === locale ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{l.name}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
