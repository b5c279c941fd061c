// The decisions on a request, as its state allows them: approve, reject (with the reason the resident reads),
// complete, cancel. Each after a confirmation; the server decides again and answers 409 when it may not.

import { formatDate } from '@conjunto/core';
import CancelIcon from '@mui/icons-material/Block';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Confirm, useCanAccess, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { canMove, MOVING_LIMITS, type MovingStatus } from '../../moving.ts';
import { MOVING, type MovingRequest, useMovingApi } from './shared.tsx';

type Verb = 'approve' | 'complete' | 'cancel';
const TARGET: Record<Verb, MovingStatus> = { approve: 'aprobada', complete: 'completada', cancel: 'cancelada' };
const DONE: Record<Verb, string> = { approve: 'approved', complete: 'completed', cancel: 'cancelled' };
const ICONS = { approve: <CheckIcon />, complete: <DoneAllIcon />, cancel: <CancelIcon /> };

function RejectDialog({ record, onClose }: { record: MovingRequest; onClose(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const api = useMovingApi();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const missing = reason.trim() === '';
  const submit = async () => {
    setTouched(true);
    if (missing) return;
    setBusy(true);
    try {
      await api.send(`${record.id}/reject`, 'POST', { reason: reason.trim() });
      notify('residents.moving.notifications.rejected', { type: 'success' });
      onClose();
      refresh();
    } catch {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('residents.moving.reject.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('residents.moving.reject.content')}</DialogContentText>
        <TextField
          autoFocus
          required
          fullWidth
          multiline
          minRows={2}
          label={translate('residents.moving.reject.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && missing}
          helperText={
            touched && missing ? translate('residents.moving.validation.required') : `${reason.length}/${MOVING_LIMITS.reason}`
          }
          slotProps={{ htmlInput: { maxLength: MOVING_LIMITS.reason } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button color="error" variant="contained" onClick={submit} loading={busy}>
          {translate('residents.moving.action.reject')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function MovingActions() {
  const record = useRecordContext<MovingRequest>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const api = useMovingApi();
  const { canAccess: canApprove } = useCanAccess({ resource: MOVING, action: 'approve' });
  const { canAccess: canCancel } = useCanAccess({ resource: MOVING, action: 'cancel' });
  const [confirm, setConfirm] = useState<Verb>();
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const allowed = (verb: Verb) => canMove(record.status, TARGET[verb]) && (verb === 'cancel' ? canCancel : canApprove);
  const run = async (verb: Verb) => {
    setBusy(true);
    try {
      await api.send(`${record.id}/${verb}`, 'POST');
      notify(`residents.moving.notifications.${DONE[verb]}`, { type: 'success' });
      refresh();
    } catch {
      // The server's reason was shown.
    } finally {
      setBusy(false);
      setConfirm(undefined);
    }
  };
  const verbs = (['approve', 'complete', 'cancel'] as const).filter(allowed);
  const canReject = canApprove && canMove(record.status, 'rechazada');
  if (!verbs.length && !canReject) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {verbs.map((verb) => (
        <Button
          key={verb}
          size="small"
          variant={verb === 'approve' ? 'contained' : 'outlined'}
          color={verb === 'cancel' ? 'inherit' : 'primary'}
          startIcon={ICONS[verb]}
          onClick={() => setConfirm(verb)}
          disabled={busy}
        >
          {translate(`residents.moving.action.${verb}`)}
        </Button>
      ))}
      {canReject && (
        <Button size="small" variant="outlined" color="error" startIcon={<CloseIcon />} onClick={() => setRejecting(true)}>
          {translate('residents.moving.action.reject')}
        </Button>
      )}
      <Confirm
        isOpen={confirm !== undefined}
        loading={busy}
        title={confirm ? `residents.moving.action.${confirm}` : ''}
        content={confirm ? `residents.moving.confirm.${confirm}` : ''}
        translateOptions={{ unit: record.unitNumber ?? '', date: formatDate(record.date) }}
        onConfirm={() => confirm && run(confirm)}
        onClose={() => setConfirm(undefined)}
      />
      {rejecting && <RejectDialog record={record} onClose={() => setRejecting(false)} />}
    </Stack>
  );
}
