// What the public pages with a form share (sign-in, password link): the blue background with its centred card,
// and the show/hide button of a password field.
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import type { FormEvent, ReactNode } from 'react';
import { usePublicText } from './publicText.ts';

/** The page: the card on the sign-in page's background; a form when `onSubmit` is given. */
export function PublicCard({ children, onSubmit }: { children: ReactNode; onSubmit?: (event: FormEvent) => void }) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        boxSizing: 'border-box',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: 'linear-gradient(135deg, #1e3a8a 0%, #2196f3 100%)',
      }}
    >
      <Card
        {...(onSubmit ? { component: 'form', onSubmit, noValidate: true } : {})}
        sx={{ width: '100%', maxWidth: 420 }}
        elevation={8}
      >
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>{children}</CardContent>
      </Card>
    </Box>
  );
}

/** A password field's end button that shows or hides what was typed. */
export function PasswordToggle({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  const translate = usePublicText();
  return (
    <InputAdornment position="end">
      <IconButton
        aria-label={translate(shown ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden')}
        onClick={onToggle}
        edge="end"
      >
        {shown ? <VisibilityOff /> : <Visibility />}
      </IconButton>
    </InputAdornment>
  );
}
