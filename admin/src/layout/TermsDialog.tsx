// Blocking terms-and-conditions dialog (spec 000 §4, 002 §4): shown alone (areas/AreaApp.tsx) until the user
// ticks the box and confirms; the confirm button stays disabled until then. The acceptance is stored by the
// server. Whoever does not accept may sign out.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLogout, useNotify, useTranslate } from 'react-admin';
import { apiJson } from '../api.ts';
import { type SessionUser, session, useSession } from '../session.ts';

export function TermsDialog() {
  const { user } = useSession();
  const translate = useTranslate();
  const notify = useNotify();
  const logout = useLogout();
  const [accepted, setAccepted] = useState(false);
  const [saving, setSaving] = useState(false);
  if (user?.legalAccepted !== false) return null;

  const confirm = async () => {
    setSaving(true);
    try {
      session.setUser(await apiJson<SessionUser>('/auth/me/terms', { method: 'PUT', body: { accepted: true } }));
    } catch {
      notify('shell.terms.error', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open aria-labelledby="terms-title" maxWidth="sm" fullWidth>
      <DialogTitle id="terms-title">{translate('shell.terms.title')}</DialogTitle>
      <DialogContent dividers sx={{ maxHeight: 360 }}>
        {(translate('shell.terms.body') as string).split('\n\n').map((paragraph) => (
          <Typography key={paragraph} variant="body2" sx={{ mb: 1.5 }}>
            {paragraph}
          </Typography>
        ))}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, px: 3, py: 1.5 }}>
        <FormControlLabel
          control={<Checkbox checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />}
          label={translate('shell.terms.accept')}
        />
        <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>
          <Button onClick={() => logout()}>{translate('ra.auth.logout')}</Button>
          <Button variant="contained" disabled={!accepted || saving} onClick={confirm}>
            {translate('shell.terms.confirm')}
          </Button>
        </Box>
      </DialogActions>
    </Dialog>
  );
}
