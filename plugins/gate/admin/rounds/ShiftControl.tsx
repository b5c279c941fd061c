// The guard's own shift, above the Cambios de Guardias list: start it at the post (the one chosen in the top bar, or
// picked here) with an optional note, or hand it over with the observation the next guard reads. Big touch targets.
import { formatDateTime } from '@conjunto/core';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import type { ShiftItem } from '../../rounds-schemas.ts';
import { useNotifyError, useShellCalls } from '../screens/shared.tsx';
import { ConfirmDialog, r, useOpenAtPost } from './shared.tsx';

const RESOURCE = 'cambiosGuardia';

export default function ShiftControl() {
  const translate = useTranslate();
  const api = useShellCalls();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const { canAccess, posts, open: shift, load, postId, setPostId } = useOpenAtPost<ShiftItem>(RESOURCE, 'shift');
  const [note, setNote] = useState('');
  const [ending, setEnding] = useState(false);
  const [busy, setBusy] = useState(false);

  if (!canAccess || shift === undefined) return null;
  const start = async () => {
    setBusy(true);
    try {
      await api.send(RESOURCE, '', { method: 'POST', body: { postId: postId || null, observation: note.trim() || null } });
      notify(r('shifts.started'), { type: 'success' });
      setNote('');
      await load();
      refresh();
    } catch (error) {
      notifyError(error, r('shifts.error'));
    } finally {
      setBusy(false);
    }
  };
  const end = async (observation: string) => {
    if (!shift) return;
    setBusy(true);
    try {
      await api.send(RESOURCE, `${encodeURIComponent(shift.id)}/end`, { method: 'POST', body: { observation } });
      notify(r('shifts.ended'), { type: 'success' });
      setEnding(false);
      await load();
      refresh();
    } catch (error) {
      notifyError(error, r('shifts.error'));
    } finally {
      setBusy(false);
    }
  };
  // One line: 'INICIAR TURNO' must not break beside the note.
  const big = { minHeight: 56, fontSize: '1.05rem', whiteSpace: 'nowrap', flexShrink: 0 } as const;
  return (
    <Card sx={{ mb: 2, mt: 1 }}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {translate(r('shifts.mine'))}
        </Typography>
        {shift ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Typography sx={{ flex: 1 }}>
              {shift.postName
                ? translate(r('shifts.onDutyAt'), { post: shift.postName, time: formatDateTime(shift.startedAt) })
                : translate(r('shifts.onDuty'), { time: formatDateTime(shift.startedAt) })}
            </Typography>
            <Button variant="contained" color="warning" startIcon={<LogoutIcon />} sx={big} onClick={() => setEnding(true)}>
              {translate(r('shifts.end'))}
            </Button>
          </Stack>
        ) : (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            {posts.length > 0 && (
              <TextField
                select
                label={translate(r('rounds.post'))}
                value={postId}
                onChange={(e) => setPostId(e.target.value)}
                sx={{ minWidth: 220 }}
              >
                {posts.map((p) => (
                  <MenuItem key={p.id} value={p.id}>
                    {p.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              label={translate(r('shifts.startObservation'))}
              value={note}
              onChange={(e) => setNote(e.target.value.slice(0, 500))}
              sx={{ flex: 1 }}
            />
            <Button
              variant="contained"
              startIcon={<LoginIcon />}
              sx={big}
              disabled={busy || (posts.length > 0 && !postId)}
              onClick={start}
            >
              {translate(r('shifts.start'))}
            </Button>
          </Stack>
        )}
        {!shift && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate(r('shifts.offDuty'))}
          </Typography>
        )}
      </CardContent>
      <ConfirmDialog
        key={ending ? 'open' : 'closed'}
        open={ending}
        title={translate(r('shifts.endTitle'))}
        textLabel={translate(r('shifts.observation'))}
        textHelp={translate(r('shifts.observationHelp'))}
        busy={busy}
        onClose={() => setEnding(false)}
        onConfirm={end}
      />
    </Card>
  );
}
