// The truck's log of a request (its entries and exits for the unit): the guard console will record them; until
// then the administrator does, here. Entries are recorded while the request is approved.
import { formatDateTime } from '@conjunto/core';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  Confirm,
  DataTable,
  ListContextProvider,
  useCanAccess,
  useGetList,
  useList,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { MOVING_LIMITS } from '../../moving.ts';
import { MOVING, MOVING_LOG, type MovingEntry, type MovingRequest, ToneChip, useMovingApi } from './shared.tsx';

/** 'YYYY-MM-DDTHH:MM' typed in Guayaquil time -> an instant. */
const instant = (local: string) => (local ? new Date(`${local}:00-05:00`).toISOString() : null);
/** Now, as a datetime-local value in Guayaquil time. */
const nowLocal = () => new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 16);

function EntryDialog({ request, entry, onClose }: { request: MovingRequest; entry?: MovingEntry; onClose(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const api = useMovingApi();
  const [enteredAt, setEnteredAt] = useState(nowLocal());
  const [exitedAt, setExitedAt] = useState(entry ? nowLocal() : '');
  const [notes, setNotes] = useState(entry?.notes ?? '');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      if (entry)
        await api.send(`${request.id}/entries/${entry.id}`, 'PUT', { exitedAt: instant(exitedAt), notes: notes || null });
      else
        await api.send(`${request.id}/entries`, 'POST', {
          enteredAt: instant(enteredAt),
          exitedAt: instant(exitedAt),
          notes: notes || null,
        });
      notify('residents.moving.notifications.entrySaved', { type: 'success' });
      onClose();
      refresh();
    } catch {
      setBusy(false);
    }
  };
  const field = { fullWidth: true, type: 'datetime-local', slotProps: { inputLabel: { shrink: true } } } as const;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate(entry ? 'residents.moving.entries.exitTitle' : 'residents.moving.entries.newTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">{`${request.plate} · ${request.unitNumber ?? ''}`}</Typography>
          {!entry && (
            <TextField
              {...field}
              required
              label={translate('residents.moving.entries.enteredAt')}
              value={enteredAt}
              onChange={(e) => setEnteredAt(e.target.value)}
            />
          )}
          <TextField
            {...field}
            required={Boolean(entry)}
            label={translate('residents.moving.entries.exitedAt')}
            value={exitedAt}
            onChange={(e) => setExitedAt(e.target.value)}
          />
          <TextField
            fullWidth
            multiline
            label={translate('residents.moving.entries.notes')}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            slotProps={{ htmlInput: { maxLength: MOVING_LIMITS.entryNotes } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={submit} loading={busy} disabled={entry ? !exitedAt : !enteredAt}>
          {translate('residents.moving.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The rows of the log, with the exit and delete buttons where the role may use them. */
export function EntriesTable({
  entries,
  request,
  loading,
}: {
  entries: MovingEntry[];
  request?: MovingRequest;
  loading?: boolean;
}) {
  const translate = useTranslate();
  const list = useList({ data: entries, isPending: loading, perPage: 50 });
  const { canAccess } = useCanAccess({ resource: MOVING, action: 'entries' });
  const [exiting, setExiting] = useState<MovingEntry>();
  const [removing, setRemoving] = useState<MovingEntry>();
  const api = useMovingApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const remove = async () => {
    if (!removing) return;
    try {
      await api.send(`${removing.requestId}/entries/${removing.id}`, 'DELETE');
      notify('residents.moving.notifications.entryDeleted', { type: 'success' });
      refresh();
    } finally {
      setRemoving(undefined);
    }
  };
  return (
    <ListContextProvider value={list}>
      <DataTable
        resource={MOVING_LOG}
        bulkActionButtons={false}
        rowClick={false}
        empty={
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {translate('residents.moving.entries.empty')}
          </Typography>
        }
      >
        <DataTable.Col
          source="enteredAt"
          label="residents.moving.entries.enteredAt"
          render={(e: MovingEntry) => formatDateTime(e.enteredAt)}
        />
        <DataTable.Col
          source="exitedAt"
          label="residents.moving.entries.exitedAt"
          render={(e: MovingEntry) =>
            e.exitedAt ? (
              formatDateTime(e.exitedAt)
            ) : (
              <ToneChip tone="warning" label={translate('residents.moving.entries.open')} />
            )
          }
        />
        <DataTable.Col
          source="registeredByName"
          label="residents.moving.entries.registeredByName"
          render={(e: MovingEntry) => e.registeredByName ?? '—'}
        />
        <DataTable.Col source="notes" label="residents.moving.entries.notes" render={(e: MovingEntry) => e.notes ?? ''} />
        {canAccess && request ? (
          <DataTable.Col
            label=" "
            align="right"
            render={(e: MovingEntry) => (
              <Box sx={{ whiteSpace: 'nowrap' }}>
                {!e.exitedAt && (
                  <Tooltip title={translate('residents.moving.action.exit')}>
                    <IconButton size="small" aria-label={translate('residents.moving.action.exit')} onClick={() => setExiting(e)}>
                      <LogoutIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
                <Tooltip title={translate('residents.moving.action.deleteEntry')}>
                  <IconButton
                    size="small"
                    aria-label={translate('residents.moving.action.deleteEntry')}
                    onClick={() => setRemoving(e)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
            )}
          />
        ) : null}
      </DataTable>
      {exiting && request && <EntryDialog request={request} entry={exiting} onClose={() => setExiting(undefined)} />}
      <Confirm
        isOpen={removing !== undefined}
        title="residents.moving.action.deleteEntry"
        content="residents.moving.confirm.deleteEntry"
        onConfirm={remove}
        onClose={() => setRemoving(undefined)}
      />
    </ListContextProvider>
  );
}

/** The request's own log, with 'Registrar ingreso' while it is approved. */
export function MovingEntries({ request }: { request: MovingRequest }) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: MOVING, action: 'entries' });
  const [adding, setAdding] = useState(false);
  const { data, isPending } = useGetList<MovingEntry>(MOVING_LOG, {
    filter: { requestId: request.id },
    sort: { field: 'enteredAt', order: 'DESC' },
    pagination: { page: 1, perPage: 100 },
  });
  return (
    <Box sx={{ mt: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {translate('residents.moving.entries.title')}
        </Typography>
        {canAccess && request.status === 'aprobada' && (
          <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            {translate('residents.moving.action.addEntry')}
          </Button>
        )}
      </Stack>
      {request.status === 'pendiente' && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('residents.moving.entries.onlyApproved')}
        </Typography>
      )}
      <EntriesTable entries={data ?? []} request={request} loading={isPending} />
      {adding && <EntryDialog request={request} onClose={() => setAdding(false)} />}
    </Box>
  );
}
