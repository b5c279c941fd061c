// The plan's detail: its fields, its latest dates (done or overdue, 'Marcar realizado') and its next dates,
// computed by the server from the rule.
import { formatDateTime } from '@conjunto/core';
import CheckIcon from '@mui/icons-material/Check';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useEffect, useState } from 'react';
import { Confirm, useNotify, useRefresh, useTranslate } from 'react-admin';
import { MAINTENANCE_TOPIC } from '../manifest.ts';
import type { Occurrence, Occurrences } from '../schemas.ts';
import {
  dayLabel,
  money,
  NONE,
  type Plan,
  PlanStatusChip,
  ToneChip,
  useNotifyError,
  usePlanApi,
  useRecurrenceLabel,
} from './shared.tsx';

interface Props {
  plan: Plan | null;
  onClose(): void;
}

export default function PlanDetailDialog({ plan: given, onClose }: Props) {
  const translate = useTranslate();
  const api = usePlanApi();
  const notifyError = useNotifyError();
  const recurrence = useRecurrenceLabel();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [dates, setDates] = useState<Occurrences | null>(null);
  const [marking, setMarking] = useState<Occurrence | null>(null);
  const [undoing, setUndoing] = useState<Occurrence | null>(null);
  // The record as the last write answered it (its state after a date is marked), else the list's.
  // Kept with the list's record it updates: another opening (or the list's newer record) starts from the list's.
  const [fresh, setFresh] = useState<{ of: Plan | null; plan: Plan } | null>(null);
  const plan = fresh && fresh.of === given ? fresh.plan : given;
  const id = plan?.id;
  const reload = useCallback(() => {
    if (!id) return;
    api.occurrences(id).then(setDates, (error) => notifyError(error, 'maintenance.errors.occurrences'));
  }, [api, id, notifyError]);
  useEffect(() => {
    setDates(null);
    reload();
    if (!id) return undefined;
    return api.subscribe(MAINTENANCE_TOPIC, reload);
  }, [api, id, reload]);
  if (!plan) return null;
  const rows: [string, React.ReactNode][] = [
    [
      'resources.mantenimiento.fields.recurrence',
      plan.rrule ? (
        <>
          {recurrence(plan)}{' '}
          <Box component="span" sx={{ fontFamily: 'monospace', color: 'text.secondary' }}>
            {plan.rrule}
          </Box>
        </>
      ) : (
        recurrence(plan)
      ),
    ],
    ['resources.mantenimiento.fields.startDate', dayLabel(plan.startDate)],
    ['resources.mantenimiento.fields.untilDate', dayLabel(plan.untilDate)],
    ['resources.mantenimiento.fields.endsOn', dayLabel(plan.endsOn)],
    ['resources.mantenimiento.fields.supplier', plan.supplier ?? NONE],
    ['resources.mantenimiento.fields.cost', money(plan.cost)],
    ['resources.mantenimiento.fields.description', plan.description ?? NONE],
  ];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="plan-detail-title">
      <DialogTitle id="plan-detail-title">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <span>{plan.title}</span>
          <PlanStatusChip status={plan.status} />
          {plan.isFuture && <ToneChip tone="info" label={translate('maintenance.future')} />}
        </Stack>
      </DialogTitle>
      <DialogContent dividers>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, columnGap: 2, rowGap: 0.5, m: 0 }}
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {translate(label)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Divider sx={{ my: 2 }} />
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
          <Box sx={{ flex: 1 }}>
            <Typography variant="subtitle2">{translate('maintenance.detail.past')}</Typography>
            {!dates ? (
              <Skeleton height={120} />
            ) : dates.past.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {translate('maintenance.detail.noPast')}
              </Typography>
            ) : (
              <List dense disablePadding>
                {dates.past.map((o) => (
                  <ListItem
                    key={o.date}
                    disableGutters
                    secondaryAction={
                      o.done ? (
                        <Button size="small" color="inherit" startIcon={<UndoIcon />} onClick={() => setUndoing(o)}>
                          {translate('maintenance.action.undoDone')}
                        </Button>
                      ) : (
                        <Button size="small" startIcon={<CheckIcon />} onClick={() => setMarking(o)}>
                          {translate('maintenance.action.markDone')}
                        </Button>
                      )
                    }
                  >
                    <ListItemText
                      sx={{ pr: o.done ? 14 : 18 }}
                      primary={
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          <span>{dayLabel(o.date)}</span>
                          {o.done ? (
                            <ToneChip tone="success" label={translate('maintenance.detail.done')} />
                          ) : o.overdue ? (
                            <ToneChip tone="error" label={translate('maintenance.detail.overdue')} />
                          ) : (
                            <ToneChip tone="warning" label={translate('maintenance.detail.dueToday')} />
                          )}
                        </Stack>
                      }
                      secondary={
                        o.done
                          ? [
                              o.doneByName
                                ? translate('maintenance.detail.doneBy', { at: formatDateTime(o.doneAt), name: o.doneByName })
                                : translate('maintenance.detail.doneAt', { at: formatDateTime(o.doneAt) }),
                              o.notes,
                            ]
                              .filter(Boolean)
                              .join(' · ')
                          : undefined
                      }
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </Box>
          <Box sx={{ flex: 1 }}>
            <Typography variant="subtitle2">{translate('maintenance.detail.upcoming')}</Typography>
            {!dates ? (
              <Skeleton height={120} />
            ) : dates.upcoming.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {translate('maintenance.detail.noUpcoming')}
              </Typography>
            ) : (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
                {dates.upcoming.map((o) => (
                  <ToneChip key={o.date} tone="neutral" label={dayLabel(o.date)} />
                ))}
              </Box>
            )}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('maintenance.action.close')}</Button>
      </DialogActions>
      {undoing && (
        <UndoConfirm
          plan={plan}
          occurrence={undoing}
          onClose={() => setUndoing(null)}
          onDone={(next) => {
            setFresh({ of: given, plan: next });
            reload();
          }}
        />
      )}
      {marking && (
        <DoneDialog
          plan={plan}
          occurrence={marking}
          onClose={() => setMarking(null)}
          onDone={(next) => {
            setFresh({ of: given, plan: next });
            reload();
          }}
        />
      )}
    </Dialog>
  );
}

/** Marking a date done or undoing it: the call, its notice, the plan handed back, the list refreshed. */
function useOccurrenceWrite(
  notice: 'done' | 'undone',
  error: 'done' | 'undo',
  onDone: (next: Plan) => void,
  onClose: () => void,
) {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<Plan>) => {
    setBusy(true);
    try {
      onDone(await call());
      notify(`maintenance.notifications.${notice}`, { type: 'success' });
      refresh();
      onClose();
    } catch (e) {
      notifyError(e, `maintenance.errors.${error}`);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** 'Deshacer': the date goes back to not done (its notes are dropped); the server audits it. */
function UndoConfirm({
  plan,
  occurrence,
  onClose,
  onDone,
}: {
  plan: Plan;
  occurrence: Occurrence;
  onClose(): void;
  onDone(next: Plan): void;
}) {
  const api = usePlanApi();
  const { busy, run } = useOccurrenceWrite('undone', 'undo', onDone, onClose);
  const confirm = () => run(() => api.undo(plan.id, occurrence.date));
  return (
    <Confirm
      isOpen
      loading={busy}
      title="maintenance.undo.title"
      content="maintenance.undo.content"
      translateOptions={{ title: plan.title, date: dayLabel(occurrence.date) }}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}

function DoneDialog({
  plan,
  occurrence,
  onClose,
  onDone,
}: {
  plan: Plan;
  occurrence: Occurrence;
  onClose(): void;
  onDone(next: Plan): void;
}) {
  const translate = useTranslate();
  const api = usePlanApi();
  const [notes, setNotes] = useState('');
  const { busy, run } = useOccurrenceWrite('done', 'done', onDone, onClose);
  const confirm = () => run(() => api.done(plan.id, occurrence.date, notes.trim() || null));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="plan-done-title">
      <DialogTitle id="plan-done-title">{translate('maintenance.done.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('maintenance.done.content', { title: plan.title, date: dayLabel(occurrence.date) })}
        </Typography>
        <TextField
          label={translate('maintenance.done.notes')}
          value={notes}
          onChange={(e) => setNotes(e.target.value.slice(0, 500))}
          multiline
          minRows={2}
          fullWidth
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('maintenance.action.cancel')}
        </Button>
        <Button variant="contained" onClick={confirm} loading={busy}>
          {translate('maintenance.action.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
