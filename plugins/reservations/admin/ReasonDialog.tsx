// Rejecting (the office) or cancelling a reservation: a confirmation with an optional reason the resident reads.
import { refusalMessage } from '@conjunto/core';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { RESERVATION_LIMITS } from '../reservations.ts';
import type { Reservation } from '../schemas.ts';
import { k, rangeOf, useShellCalls } from './shared.tsx';

export function ReasonDialog({
  open,
  reservation,
  action,
  resource,
  title,
  content,
  done,
  withReason = true,
  onClose,
}: {
  open: boolean;
  reservation: Reservation;
  action: 'reject' | 'cancel';
  resource: string;
  title: string;
  content: string;
  done: string;
  withReason?: boolean;
  onClose(changed: boolean): void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const api = useShellCalls();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await api.send(resource, `${encodeURIComponent(reservation.id)}/${action}`, {
        method: 'POST',
        body: { reason: reason.trim() || null },
      });
      notify(done, { type: 'success' });
      refresh();
      onClose(true);
    } catch (error) {
      notify(refusalMessage(error) ?? k('errors.save'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onClose(false)}
      maxWidth="xs"
      fullWidth
      aria-labelledby="reservation-reason-title"
    >
      <DialogTitle id="reservation-reason-title">{translate(title)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate(content, { area: reservation.areaName, when: rangeOf(reservation) })}</DialogContentText>
        {withReason && (
          <TextField
            label={translate(k('pending.reason'))}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            slotProps={{ htmlInput: { maxLength: RESERVATION_LIMITS.reason } }}
            multiline
            fullWidth
            margin="normal"
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)} disabled={busy}>
          {translate(k('list.keep'))}
        </Button>
        <Button color="error" variant="contained" onClick={submit} disabled={busy}>
          {translate(k('action.confirm'))}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
