// The guard's 'Validar código' (and the office's): the 8 digits a scanner types or the guard reads, answered at once
// as valid (area, unit, resident, hours) or not, and recorded on the gate's timeline.
import { refusalMessage } from '@conjunto/core';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { RESERVATION_LIMITS } from '../reservations.ts';
import type { ValidationResult } from '../schemas.ts';
import { k, RESERVATIONS, rangeOf, useShellCalls } from './shared.tsx';

const DIGITS = new RegExp(`^\\d{${RESERVATION_LIMITS.codeDigits}}$`);

export function ValidateCodeButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useShellCalls();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [result, setResult] = useState<ValidationResult>();
  const [busy, setBusy] = useState(false);
  const close = () => {
    setOpen(false);
    setCode('');
    setResult(undefined);
  };
  const check = async () => {
    setBusy(true);
    try {
      setResult(await api.send<ValidationResult>(RESERVATIONS, 'validate', { method: 'POST', body: { code } }));
    } catch (error) {
      notify(refusalMessage(error) ?? k('errors.unexpected'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const r = result?.reservation;
  return (
    <>
      <Button size="small" variant="contained" startIcon={<QrCodeScannerIcon />} onClick={() => setOpen(true)}>
        {translate(k('validate.open'))}
      </Button>
      <Dialog open={open} onClose={close} maxWidth="xs" fullWidth aria-labelledby="validate-code-title">
        <DialogTitle id="validate-code-title">{translate(k('validate.title'))}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            required
            fullWidth
            margin="dense"
            label={translate(k('validate.code'))}
            value={code}
            onChange={(e) => {
              setCode(e.target.value.replace(/\D/g, '').slice(0, RESERVATION_LIMITS.codeDigits));
              setResult(undefined);
            }}
            onKeyDown={(e) => e.key === 'Enter' && DIGITS.test(code) && void check()}
            helperText={translate(k('validate.help'))}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', 'aria-describedby': 'validate-code-result' } }}
          />
          {result && (
            <Alert id="validate-code-result" severity={result.valid ? 'success' : 'error'} sx={{ mt: 2 }} role="status">
              <AlertTitle>{result.message}</AlertTitle>
              {r && (
                <>
                  {r.areaName} · {rangeOf(r)}
                  <br />
                  {[r.userName, r.unitNumber && `U.H. ${r.unitNumber}`].filter(Boolean).join(' · ')}
                  {r.guests ? ` · ${translate(k('validate.guests'), { count: r.guests })}` : ''}
                </>
              )}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate(k('action.close'))}</Button>
          <Button variant="contained" onClick={check} disabled={busy || !DIGITS.test(code)}>
            {translate(k('validate.check'))}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
