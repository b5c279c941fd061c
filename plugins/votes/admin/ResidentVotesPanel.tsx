// The resident's votes, a section of their area: the votes of their complex, open first; for an open one, their
// unit's ballot (cast or changed until the end), the units that gave them their vote, and giving their own unit's
// vote to a neighbour (or revoking it); the results of any vote (figures only: no one's ballot), live.
import type { PanelProps } from '@conjunto/core';
import { formatDateTime, refusalMessage } from '@conjunto/core';
import { WidgetEmpty, WidgetSkeleton } from '@conjunto/core/ui';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import type { MyBallots, Vote, VoteDetail } from '../schemas.ts';
import { VoteResultsView } from './VoteResultsView.tsx';
import { useLiveVote, useVoteApi, VOTE_API } from './votesApi.ts';

type UnitBallot = MyBallots['units'][number];

function BallotForm({ vote, unit, onDone }: { vote: VoteDetail; unit: UnitBallot; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useVoteApi();
  const [answers, setAnswers] = useState<(number | null)[]>(() => vote.questions.map((_, i) => unit.ballot?.answers[i] ?? null));
  const [saving, setSaving] = useState(false);
  const complete = answers.every((a) => a !== null);
  const submit = async () => {
    setSaving(true);
    try {
      const ballot = await api.cast(vote.id, answers as number[], unit.own ? undefined : unit.unitId);
      notify(ballot.changed ? 'votes.notifications.changed' : 'votes.notifications.voted', { type: 'success' });
      onDone();
    } catch (error) {
      notify(refusalMessage(error) ?? 'votes.errors.vote', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack spacing={1.5} data-testid={`ballot-${unit.unitNumber}`}>
      <Typography variant="subtitle2">
        {unit.own
          ? translate('votes.resident.forUnit', { unit: unit.unitNumber })
          : translate('votes.resident.byProxy', { unit: unit.unitNumber })}
      </Typography>
      {unit.ballot && (
        <Typography variant="body2" color="text.secondary">
          {translate('votes.resident.voted', { date: formatDateTime(unit.ballot.updatedAt) })}
        </Typography>
      )}
      {vote.questions.map((q, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the questions' order is their identity (answers by index)
        <FormControl key={i}>
          <FormLabel id={`q-${vote.id}-${unit.unitId}-${i}`}>
            {i + 1}. {q.text}
          </FormLabel>
          <RadioGroup
            aria-labelledby={`q-${vote.id}-${unit.unitId}-${i}`}
            value={answers[i] === null ? '' : String(answers[i])}
            onChange={(e) => setAnswers((a) => a.map((x, k) => (k === i ? Number(e.target.value) : x)))}
          >
            {q.options.map((o, j) => (
              <FormControlLabel key={o} value={String(j)} control={<Radio size="small" />} label={o} />
            ))}
          </RadioGroup>
        </FormControl>
      ))}
      <Button variant="contained" onClick={submit} disabled={!complete || saving} sx={{ alignSelf: 'flex-start' }}>
        {translate(unit.ballot ? 'votes.action.change' : 'votes.action.vote')}
      </Button>
    </Stack>
  );
}

function Delegate({ vote, unit, onDone }: { vote: VoteDetail; unit: UnitBallot; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useVoteApi();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const run = async (action: () => Promise<unknown>, done: string) => {
    setSaving(true);
    try {
      await action();
      setError(undefined);
      setEmail('');
      notify(done, { type: 'success' });
      onDone();
    } catch (e) {
      setError(refusalMessage(e));
      notify(refusalMessage(e) ?? 'votes.errors.vote', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  if (unit.delegatedTo)
    return (
      <Stack spacing={1}>
        <Alert severity="info">{translate('votes.resident.delegatedTo', { name: unit.delegatedTo.name })}</Alert>
        <Button
          disabled={saving}
          onClick={() => run(() => api.revoke(vote.id, unit.delegatedTo?.proxyId ?? ''), 'votes.notifications.revoked')}
          sx={{ alignSelf: 'flex-start' }}
        >
          {translate('votes.action.revoke')}
        </Button>
      </Stack>
    );
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">{translate('votes.resident.delegateTitle')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          size="small"
          type="email"
          label={translate('resources.votacion.fields.holderEmail')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={Boolean(error)}
          helperText={error ?? translate('votes.resident.delegateHelp')}
          sx={{ flex: 1 }}
        />
        <Button
          variant="outlined"
          disabled={saving || !email.trim()}
          onClick={() => run(() => api.delegate(vote.id, email.trim()), 'votes.notifications.delegated')}
        >
          {translate('votes.action.delegate')}
        </Button>
      </Stack>
    </Stack>
  );
}

function VoteCard({ vote }: { vote: Vote }) {
  const translate = useTranslate();
  const api = useVoteApi();
  const [detail, setDetail] = useState<VoteDetail>();
  const [mine, setMine] = useState<MyBallots>();
  const [showResults, setShowResults] = useState(vote.finished);
  const load = useCallback(() => {
    api.detail(vote.id).then(setDetail, () => undefined);
    if (!vote.finished) api.myBallots(vote.id).then(setMine, () => undefined);
  }, [api, vote.id, vote.finished]);
  useEffect(load, [load]);
  useLiveVote(vote.id, () => {
    if (!vote.finished) api.myBallots(vote.id).then(setMine, () => undefined);
  });
  const own = mine?.units.find((u) => u.own);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`resident-vote-${vote.title}`}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, flex: 1, minWidth: 180 }}>
          {vote.title}
        </Typography>
        <Chip
          size="small"
          color={vote.finished ? 'default' : 'success'}
          label={translate(vote.finished ? 'votes.status.finished' : 'votes.status.open')}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {translate(vote.finished ? 'votes.resident.endedAt' : 'votes.resident.endsAt', { date: formatDateTime(vote.endsAt) })}
      </Typography>
      {detail && detail.files.length > 0 && (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ mt: 1, flexWrap: 'wrap' }}
          aria-label={translate('votes.resident.files')}
        >
          {detail.files.map((f) => (
            <Link key={f.id} href={f.url} target="_blank" rel="noopener" variant="body2">
              <AttachFileIcon fontSize="inherit" /> {f.filename}
            </Link>
          ))}
        </Stack>
      )}
      {!vote.finished && detail && mine && (
        <Stack spacing={2} sx={{ mt: 2 }} divider={<Divider flexItem />}>
          {own?.excluded && <Alert severity="warning">{translate('votes.resident.excluded')}</Alert>}
          {mine.units
            .filter((u) => !u.excluded && !u.delegatedTo)
            .map((u) => (
              <BallotForm key={`${u.unitId}-${u.ballot?.updatedAt ?? ''}`} vote={detail} unit={u} onDone={load} />
            ))}
          {own && !own.excluded && <Delegate vote={detail} unit={own} onDone={load} />}
        </Stack>
      )}
      <Box sx={{ mt: 1 }}>
        <Button size="small" onClick={() => setShowResults((s) => !s)}>
          {translate(showResults ? 'votes.action.hideResults' : 'votes.action.showResults')}
        </Button>
        {showResults && (
          <Box sx={{ mt: 1 }}>
            <VoteResultsView voteId={vote.id} lists={false} />
          </Box>
        )}
      </Box>
    </Paper>
  );
}

export default function ResidentVotesPanel(_props: PanelProps) {
  const translate = useTranslate();
  const { data, isPending, error } = useGetList<Vote>(VOTE_API, {
    sort: { field: 'endsAt', order: 'DESC' },
    pagination: { page: 1, perPage: 10 },
  });
  if (isPending) return <WidgetSkeleton />;
  if (error) return <WidgetEmpty>{translate('votes.errors.load')}</WidgetEmpty>;
  if (!data?.length) return <WidgetEmpty>{translate('votes.resident.none')}</WidgetEmpty>;
  // Open votes first (the soonest end first), then the finished ones (the latest first).
  const open = data.filter((v) => !v.finished).sort((a, b) => a.endsAt.localeCompare(b.endsAt));
  const done = data.filter((v) => v.finished);
  return (
    <Stack spacing={2}>
      {[...open, ...done].map((v) => (
        <VoteCard key={v.id} vote={v} />
      ))}
    </Stack>
  );
}
