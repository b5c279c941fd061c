// The guard lets a visitor in by their pass: a USB or Bluetooth QR scanner types the 8 digits and Enter into this
// field (it keeps the focus), or the guard types the PIN the visitor says. The server checks that the pass opens today.
import LoginIcon from '@mui/icons-material/Login';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import type { EarlyVisit, GateEntry } from '../../schemas.ts';
import { currentPost } from '../home/state.ts';
import { VISITS } from '../visits/useVisitOptions.ts';
import { useNotifyError, useShellCalls } from './shared.tsx';

const v = (key: string) => `gate.visits.scan.${key}`;

export function PassScanner() {
  const translate = useTranslate();
  const api = useShellCalls();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const digits = code.replace(/\D/g, '');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (digits.length !== 8 || busy) return;
    setBusy(true);
    try {
      const { entry } = await api.send<{ visit: EarlyVisit; entry: GateEntry }>(VISITS, 'scan', {
        method: 'POST',
        body: { code: digits, postId: currentPost()?.id ?? null },
      });
      notify(v('done'), { type: 'success', messageArgs: { name: `${entry.firstName} ${entry.lastName}`.trim() } });
      setCode('');
      refresh();
    } catch (error) {
      notifyError(error, 'gate.visits.error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper component="form" onSubmit={submit} variant="outlined" sx={{ p: 2, mb: 1 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={translate(v('label'))}
          helperText={translate(v('helper'))}
          value={code}
          onChange={(e) => setCode(e.target.value.slice(0, 20))}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
          size="small"
          sx={{ width: { sm: 360 } }}
        />
        <Button type="submit" variant="contained" startIcon={<LoginIcon />} disabled={digits.length !== 8 || busy}>
          {translate(v('submit'))}
        </Button>
      </Stack>
    </Paper>
  );
}
