// The guard's round, above the Rondas list (works at 390 px): pick the post and start; then one big button per
// checkpoint, in order, marked at the server's time (a tag's code can be typed or read by a scanner that types it);
// the progress bar fills, the last mark completes the round; 'Terminar ronda' ends it incomplete with a reason.
import { formatDateTime, formatTime } from '@conjunto/core';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import type { RoundItem } from '../../rounds-schemas.ts';
import { useNotifyError, useShellCalls } from '../screens/shared.tsx';
import { ConfirmDialog, r, useOpenAtPost } from './shared.tsx';

const RESOURCE = 'rondas';

export default function RoundConsole() {
  const translate = useTranslate();
  const api = useShellCalls();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const {
    canAccess,
    posts,
    open: round,
    setOpen: setRound,
    load,
    postId,
    setPostId,
  } = useOpenAtPost<RoundItem>(RESOURCE, 'round');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [ending, setEnding] = useState(false);

  if (!canAccess || round === undefined) return null;

  const act = async (call: () => Promise<RoundItem | null>, success: (next: RoundItem | null) => string) => {
    setBusy(true);
    try {
      const next = await call();
      notify(success(next), { type: 'success' });
      setRound(next?.status === 'enCurso' ? next : null);
      refresh();
    } catch (error) {
      notifyError(error, r('rounds.error'));
      // A mark made by a retry or another tab: show the round as the server has it.
      await load();
    } finally {
      setBusy(false);
    }
  };
  const start = () =>
    act(
      () => api.send<RoundItem>(RESOURCE, '', { method: 'POST', body: { postId } }),
      () => r('rounds.started'),
    );
  const mark = (body: { checkpointId?: string; code?: string }, name: string) =>
    act(
      () => api.send<RoundItem>(RESOURCE, `${encodeURIComponent(round!.id)}/marks`, { method: 'POST', body }),
      (next) => (next?.status === 'completa' ? r('rounds.complete') : translate(r('rounds.markedOk'), { name })),
    );
  const byCode = (event: FormEvent) => {
    event.preventDefault();
    const text = code.trim();
    if (!text) return;
    setCode('');
    void mark({ code: text }, text);
  };
  const end = (observation: string) =>
    act(
      async () => {
        const next = await api.send<RoundItem>(RESOURCE, `${encodeURIComponent(round!.id)}/end`, {
          method: 'POST',
          body: { observation },
        });
        setEnding(false);
        return next;
      },
      () => r('rounds.ended'),
    );

  const big = { minHeight: 56, fontSize: '1.05rem' };
  if (!round)
    return (
      <Card sx={{ mb: 2, mt: 1 }}>
        <CardContent>
          <Typography variant="h6" gutterBottom>
            {translate(r('rounds.current'))}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
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
            <Button
              variant="contained"
              startIcon={<PlayArrowIcon />}
              // One line: 'INICIAR RONDA' must not break beside the post picker.
              sx={{ ...big, whiteSpace: 'nowrap', flexShrink: 0 }}
              disabled={busy || !postId}
              onClick={start}
            >
              {translate(r('rounds.start'))}
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate(r('rounds.none'))}
          </Typography>
        </CardContent>
      </Card>
    );

  const marks = round.marks ?? [];
  return (
    <Card sx={{ mb: 2, mt: 1 }}>
      <CardContent>
        <Typography variant="h6">
          {translate(r('rounds.current'))}
          {round.postName ? ` · ${round.postName}` : ''}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(round.startedAt)} ·{' '}
          {translate(r('rounds.progress'), { marked: round.markedCount, total: round.checkpointCount })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={(100 * round.markedCount) / Math.max(1, round.checkpointCount)}
          sx={{ my: 2, height: 10, borderRadius: 5, bgcolor: 'grey.300' }}
        />
        <Stack spacing={1.5}>
          {marks.map((m) => (
            <Button
              key={m.checkpointId ?? m.checkpointName}
              variant={m.markedAt ? 'outlined' : 'contained'}
              color={m.markedAt ? 'success' : 'primary'}
              disabled={busy || Boolean(m.markedAt) || !m.checkpointId}
              onClick={() => m.checkpointId && mark({ checkpointId: m.checkpointId }, m.checkpointName)}
              startIcon={m.markedAt ? <CheckCircleIcon /> : <RadioButtonUncheckedIcon />}
              sx={{ ...big, justifyContent: 'space-between', textAlign: 'left', minHeight: 64 }}
            >
              <Box component="span" sx={{ flex: 1 }}>
                {m.position}. {m.checkpointName}
              </Box>
              <Box component="span" sx={{ fontSize: '0.85rem', ml: 1 }}>
                {m.markedAt ? translate(r('rounds.marked'), { time: formatTime(m.markedAt) }) : translate(r('rounds.mark'))}
              </Box>
            </Button>
          ))}
        </Stack>
        <Stack component="form" onSubmit={byCode} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
          <TextField
            size="small"
            label={translate(r('rounds.code'))}
            value={code}
            onChange={(e) => setCode(e.target.value.slice(0, 64))}
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="outlined" disabled={busy || !code.trim()} sx={{ whiteSpace: 'nowrap', minHeight: 40 }}>
            {translate(r('rounds.markCode'))}
          </Button>
        </Stack>
        <Button color="warning" sx={{ mt: 2, minHeight: 48 }} fullWidth disabled={busy} onClick={() => setEnding(true)}>
          {translate(r('rounds.end'))}
        </Button>
      </CardContent>
      <ConfirmDialog
        key={ending ? 'open' : 'closed'}
        open={ending}
        title={translate(r('rounds.endTitle'))}
        textLabel={translate(r('shifts.observation'))}
        textHelp={translate(r('rounds.endHelp'))}
        busy={busy}
        onClose={() => setEnding(false)}
        onConfirm={end}
      />
    </Card>
  );
}
