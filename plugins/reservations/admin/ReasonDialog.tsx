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

type Ending = 'reject' | 'cancel';
/** The texts of each ending: the dialog's title and question, and the notice once done. */
const TEXTS: Record<Ending, { button: string; title: string; content: string; done: string }> = {
  reject: {
    button: k('pending.reject'),
    title: k('pending.rejectTitle'),
    content: k('pending.rejectContent'),
    done: k('pending.rejected'),
  },
  cancel: { button: k('list.cancel'), title: k('list.cancelTitle'), content: k('list.cancelContent'), done: k('list.cancelled') },
};

/** A row's 'Rechazar' or 'Cancelar reserva', with its confirmation. */
export function ReasonButton({ reservation, action, resource }: { reservation: Reservation; action: Ending; resource: string }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" color="error" onClick={() => setOpen(true)}>
        {translate(TEXTS[action].button)}
      </Button>
      <ReasonDialog open={open} reservation={reservation} action={action} resource={resource} onClose={() => setOpen(false)} />
    </>
  );
}

export function ReasonDialog({
  open,
  reservation,
  action,
  resource,
  withReason = true,
  onClose,
}: {
  open: boolean;
  reservation: Reservation;
  action: Ending;
  resource: string;
  withReason?: boolean;
  onClose(changed: boolean): void;
}) {
  const { title, content, done } = TEXTS[action];
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
