// A row's actions: block with a reason (the blocking observation), unblock, delete; each after a dialog, waiting
// for the server. Shown to the roles the access table lets block and delete.
import BlockIcon from '@mui/icons-material/Block';
import DeleteIcon from '@mui/icons-material/Delete';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useCanAccess, useDelete, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { Vehicle } from '../../vehicles.schemas.ts';
import { VEHICLE_LIMITS } from '../../vehicles.ts';
import { useKind, useNotifyError, useShellCalls } from './kinds.ts';

type Open = 'block' | 'unblock' | 'delete' | null;

export function VehicleRowActions() {
  const record = useRecordContext<Vehicle>();
  const translate = useTranslate();
  const { t, resource } = useKind();
  const api = useShellCalls();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [deleteOne] = useDelete();
  const [open, setOpen] = useState<Open>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const { canAccess: canBlock } = useCanAccess({ resource, action: 'block' });
  const { canAccess: canDelete } = useCanAccess({ resource, action: 'delete' });
  if (!record) return null;
  const value = { value: record.value };
  const tooLong = reason.length > VEHICLE_LIMITS.blockReason;

  const run = async (work: () => Promise<unknown>, done: string, failed: string) => {
    setBusy(true);
    try {
      await work();
      notify(t(`notifications.${done}`), { type: 'success' });
      setOpen(null);
      refresh();
    } catch (error) {
      notifyError(error, t(`errors.${failed}`));
    } finally {
      setBusy(false);
    }
  };
  const confirm = () => {
    const path = encodeURIComponent(record.id);
    if (open === 'block')
      return run(
        () => api.send(resource, `${path}/block`, { method: 'POST', body: { reason: reason.trim() } }),
        'blocked',
        'block',
      );
    if (open === 'unblock') return run(() => api.send(resource, `${path}/unblock`, { method: 'POST' }), 'unblocked', 'block');
    return run(
      () => deleteOne(resource, { id: record.id, previousData: record }, { mutationMode: 'pessimistic', returnPromise: true }),
      'deleted',
      'delete',
    );
  };

  const blocked = record.status === 'blocked';
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }} onClick={(e) => e.stopPropagation()}>
      {canBlock && (
        <Tooltip title={translate(t(blocked ? 'actions.unblock' : 'actions.block'))}>
          <IconButton
            size="small"
            aria-label={translate(t(blocked ? 'actions.unblock' : 'actions.block'))}
            onClick={() => {
              setReason('');
              setOpen(blocked ? 'unblock' : 'block');
            }}
          >
            {blocked ? <LockOpenIcon fontSize="small" /> : <BlockIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
      )}
      {canDelete && (
        <Tooltip title={translate(t('actions.delete'))}>
          <IconButton size="small" color="error" aria-label={translate(t('actions.delete'))} onClick={() => setOpen('delete')}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Dialog open={open !== null} onClose={() => !busy && setOpen(null)} fullWidth maxWidth="sm">
        <DialogTitle>{open && translate(t(`${open}.title`))}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: open === 'block' ? 2 : 0 }}>
            {open && translate(t(`${open}.content`), value)}
          </DialogContentText>
          {open === 'block' && (
            <TextField
              autoFocus
              fullWidth
              multiline
              minRows={2}
              required
              label={translate(t('block.reason'))}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={tooLong}
              helperText={tooLong ? translate(t('validation.reasonMax')) : undefined}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(null)} disabled={busy}>
            {translate(t('actions.cancel'))}
          </Button>
          <Button
            variant="contained"
            color={open === 'delete' || open === 'block' ? 'error' : 'primary'}
            onClick={confirm}
            loading={busy}
            disabled={open === 'block' && (!reason.trim() || tooLong)}
          >
            {translate(t(open === 'delete' ? 'actions.delete' : open === 'unblock' ? 'actions.unblock' : 'actions.block'))}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
