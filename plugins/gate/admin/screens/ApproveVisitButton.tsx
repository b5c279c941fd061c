// 'Aprobar la entrada' of a pending early visit (spec 002 §8): registers the visitor's entry with the console's
// rules, at a post when the complex has several, with the cédula when the resident did not give it.

import HowToRegIcon from '@mui/icons-material/HowToReg';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useCanAccess, useGetList, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { GATE_LIMITS, GATE_MESSAGES } from '../../gate.ts';
import type { EarlyVisit, GatePost } from '../../schemas.ts';
import { field, s, useNotifyError, useShellCalls } from './shared.tsx';

export function ApproveVisitButton() {
  const visit = useRecordContext<EarlyVisit>();
  const translate = useTranslate();
  const api = useShellCalls();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [idNumber, setIdNumber] = useState('');
  const [postId, setPostId] = useState('');
  const [observations, setObservations] = useState('');
  const { canAccess } = useCanAccess({ resource: 'visitasAnticipadas', action: 'approve' });
  const { data: posts = [] } = useGetList<GatePost>(
    'garitas',
    { pagination: { page: 1, perPage: 50 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: open },
  );
  if (visit?.status !== 'pendiente' || !canAccess) return null;
  const needsId = !visit.idNumber;
  const confirm = async () => {
    setBusy(true);
    try {
      await api.send('visitasAnticipadas', `${encodeURIComponent(visit.id)}/approve`, {
        method: 'POST',
        body: {
          ...(needsId ? { idNumber: idNumber.trim() } : {}),
          ...(postId ? { postId } : {}),
          ...(observations.trim() ? { observations: observations.trim() } : {}),
        },
      });
      notify(GATE_MESSAGES.entryRegistered, { type: 'success' });
      setOpen(false);
      refresh();
    } catch (error) {
      notifyError(error, s('visits.approveError'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="span" onClick={(e) => e.stopPropagation()}>
      <Button
        size="small"
        variant="outlined"
        startIcon={<HowToRegIcon />}
        onClick={() => setOpen(true)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {GATE_MESSAGES.approveEntry}
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>{GATE_MESSAGES.approveEntry}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {translate(s('visits.approveConfirm'), {
              name: `${visit.firstName} ${visit.lastName}`.trim(),
              place: visit.unitNumber ?? visit.place ?? '—',
            })}
          </DialogContentText>
          <Stack spacing={2}>
            {needsId && (
              <TextField
                label={translate(field('visitasAnticipadas', 'idNumber'))}
                value={idNumber}
                onChange={(e) => setIdNumber(e.target.value)}
                required
                slotProps={{ htmlInput: { maxLength: GATE_LIMITS.idNumber + 10 } }}
              />
            )}
            {posts.length > 1 && (
              <TextField
                select
                label={translate(field('bitacoraDigital', 'postId'))}
                value={postId}
                onChange={(e) => setPostId(e.target.value)}
              >
                {posts.map((p) => (
                  <MenuItem key={p.id} value={p.id}>
                    {p.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              label={translate(field('bitacoraDigital', 'observations'))}
              value={observations}
              onChange={(e) => setObservations(e.target.value)}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: GATE_LIMITS.observations } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            {GATE_MESSAGES.close}
          </Button>
          <Button variant="contained" onClick={confirm} disabled={busy || (needsId && !idNumber.trim())}>
            {translate('ra.action.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
