// The results of a vote, live: the quorum gauge (aliquot of the units that voted or are present over the eligible
// aliquot), and per question each option's bars, one unit one vote and aliquot-weighted; for the office also who
// voted, who did not (where the administrators record who is present) and the proxies. Reloads on each ballot,
// attendance or proxy of the vote (topic votes.ballot).

import { formatDateTime, formatPercentage, refusalMessage } from '@conjunto/core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useCanAccess, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { VoteResults } from '../schemas.ts';
import { ProxyForm } from './ProxyForm.tsx';
import { useLiveVote, useVoteApi } from './votesApi.ts';

function QuorumGauge({ results }: { results: VoteResults }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const q = results.quorum;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} data-testid="vote-quorum">
      <Box sx={{ position: 'relative', display: 'inline-flex' }}>
        <CircularProgress
          variant="determinate"
          value={100}
          size={96}
          thickness={5}
          sx={{ color: 'action.hover', position: 'absolute' }}
        />
        <CircularProgress
          variant="determinate"
          value={Math.min(100, q.percentage)}
          size={96}
          thickness={5}
          aria-label={translate('votes.results.quorum')}
        />
        <Box sx={{ inset: 0, position: 'absolute', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid="vote-quorum-percentage">
            {formatPercentage(q.percentage, locale)}
          </Typography>
        </Box>
      </Box>
      <Box>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {translate('votes.results.quorum')}
        </Typography>
        <Typography variant="body2">
          {translate('votes.results.quorumAliquot', { voted: q.presentAliquot, eligible: q.eligibleAliquot })}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="vote-quorum-units">
          {translate('votes.results.quorumUnits', {
            voted: q.presentUnits,
            eligible: q.eligibleUnits,
            percentage: formatPercentage(q.unitPercentage, locale),
          })}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          {translate('votes.results.quorumBasis', { voted: q.votedUnits, present: q.presentUnits - q.votedUnits })}
        </Typography>
        {results.excludedUnits > 0 && (
          <Typography variant="body2" color="warning.main">
            {translate('votes.results.excluded', { count: results.excludedUnits })}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

function Questions({ results }: { results: VoteResults }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Stack spacing={2}>
      {results.questions.map((question) => (
        <Paper key={question.index} variant="outlined" sx={{ p: 2 }} data-testid={`vote-question-${question.index}`}>
          <Typography variant="subtitle1" gutterBottom sx={{ fontWeight: 600 }}>
            {question.index + 1}. {question.text}
          </Typography>
          <Stack spacing={1.5}>
            {question.options.map((o) => (
              <Box key={o.index} data-testid={`vote-option-${question.index}-${o.index}`}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {o.label}
                  </Typography>
                  {question.winner === o.index && <Chip size="small" color="success" label={translate('votes.results.winner')} />}
                </Stack>
                <Typography variant="caption" color="text.secondary" component="div">
                  {translate('votes.results.perUnit', { count: o.count, percentage: formatPercentage(o.percentage, locale) })}
                </Typography>
                <LinearProgress variant="determinate" value={o.percentage} sx={{ height: 8, borderRadius: 1, mb: 0.5 }} />
                <Typography variant="caption" color="text.secondary" component="div" data-testid="vote-option-weighted">
                  {translate('votes.results.weighted', {
                    aliquot: o.aliquot,
                    percentage: formatPercentage(o.weightedPercentage, locale),
                  })}
                </Typography>
                <LinearProgress
                  variant="determinate"
                  color="secondary"
                  value={o.weightedPercentage}
                  sx={{ height: 8, borderRadius: 1 }}
                />
              </Box>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function People({ results, reload }: { results: VoteResults; reload: () => void }) {
  const translate = useTranslate();
  const r = (k: string) => translate(`votes.results.${k}`);
  const notify = useNotify();
  const api = useVoteApi();
  // Registering and revoking proxies: the roles the access table lets ('proxies': the administrators).
  const { canAccess: canProxy } = useCanAccess({ resource: 'votes', action: 'proxies' });
  const manage = canProxy && !results.finished;
  const { canAccess: canAttend } = useCanAccess({ resource: 'votes', action: 'attendance' });
  const attend = (unitId: string, unitNumber: string, present: boolean) =>
    api.attend(results.voteId, unitId, present).then(
      () => {
        notify(present ? 'votes.notifications.present' : 'votes.notifications.absent', {
          type: 'success',
          messageArgs: { unit: unitNumber },
        });
        reload();
      },
      (error) => notify(refusalMessage(error) ?? 'votes.errors.vote', { type: 'error' }),
    );
  const revoke = (proxyId: string) =>
    api.revoke(results.voteId, proxyId).then(
      () => {
        notify('votes.notifications.revoked', { type: 'success' });
        reload();
      },
      (error) => notify(refusalMessage(error) ?? 'votes.errors.vote', { type: 'error' }),
    );
  const section = (title: string, head: string[], rows: (string | number | ReactNode)[][], testId: string) => (
    <Box data-testid={testId}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mt: 2 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('votes.empty')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto', maxHeight: 320 }}>
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                {head.map((h) => (
                  <TableCell key={h} sx={{ whiteSpace: 'nowrap' }}>
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={String(row[0]) + String(row[1])}>
                  {row.map((cell, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                    <TableCell key={i} sx={{ whiteSpace: 'nowrap' }}>
                      {cell}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
  if (!results.voters) return null;
  return (
    <>
      {section(
        translate('votes.results.voters', { count: results.voters.length }),
        [r('unit'), r('aliquot'), r('castBy'), r('viaProxy'), r('castAt')],
        results.voters.map((v) => [
          v.unitNumber,
          v.aliquot,
          v.castByName,
          translate(v.viaProxy ? 'votes.status.yes' : 'votes.status.no'),
          formatDateTime(v.castAt),
        ]),
        'vote-voters',
      )}
      {section(
        translate('votes.results.nonVoters', { count: results.nonVoters?.length ?? 0 }),
        [r('unit'), r('aliquot'), r('holder'), r('present')],
        (results.nonVoters ?? []).map((v) => [
          v.unitNumber,
          v.aliquot,
          v.holderName,
          canAttend && !results.finished ? (
            <Checkbox
              key="present"
              size="small"
              checked={v.present}
              onChange={(event) => attend(v.unitId, v.unitNumber, event.target.checked)}
              slotProps={{ input: { 'aria-label': `${r('present')} ${v.unitNumber}` } }}
            />
          ) : (
            translate(v.present ? 'votes.status.yes' : 'votes.status.no')
          ),
        ]),
        'vote-non-voters',
      )}
      {section(
        translate('votes.results.proxies', { count: results.proxies?.length ?? 0 }),
        [r('unit'), r('proxyHolder'), r('grantedBy'), r('castAt'), ...(manage ? [''] : [])],
        (results.proxies ?? []).map((p) => [
          p.unitNumber,
          p.holderName,
          p.grantedByName,
          formatDateTime(p.createdAt),
          ...(manage
            ? [
                <Button key="revoke" size="small" color="error" onClick={() => revoke(p.id)}>
                  {translate('votes.action.revokeProxy')}
                </Button>,
              ]
            : []),
        ]),
        'vote-proxies',
      )}
      {manage && <ProxyForm results={results} onDone={reload} />}
    </>
  );
}

/**
 * Loads and shows the results of `voteId`, reloading on each live event of it. `lists={false}` (the resident's
 * section): the figures and the quorum only, also on every live reload.
 */
export function VoteResultsView({ voteId, lists = true }: { voteId: string; lists?: boolean }) {
  const translate = useTranslate();
  const api = useVoteApi();
  const [results, setResults] = useState<VoteResults>();
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    api.results(voteId, lists).then(
      (r) => {
        setResults(r);
        setFailed(false);
      },
      () => setFailed(true),
    );
  }, [api, voteId, lists]);
  useEffect(load, [load]);
  useLiveVote(voteId, load);
  if (failed && !results) return <Typography color="error">{translate('votes.errors.load')}</Typography>;
  if (!results) return <LinearProgress aria-label={translate('votes.errors.load')} />;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {!results.finished && <Chip color="error" size="small" label={translate('votes.results.live')} />}
        <Chip
          size="small"
          variant="outlined"
          label={translate(results.weighted ? 'votes.results.weightedDecides' : 'votes.results.unitsDecide')}
        />
        <Chip
          size="small"
          color={results.finished ? 'default' : 'primary'}
          label={translate(results.finished ? 'votes.status.finished' : 'votes.status.open')}
        />
      </Stack>
      <QuorumGauge results={results} />
      {results.ballots === 0 && <Typography color="text.secondary">{translate('votes.results.noBallots')}</Typography>}
      <Questions results={results} />
      <People results={results} reload={load} />
    </Stack>
  );
}
