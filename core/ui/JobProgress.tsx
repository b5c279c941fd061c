// A background job on screen (server/src/jobs.ts): its bar "N de M" and how it ended. useJob follows one job by
// its live event ('jobs.progress') and reads its state again every few seconds as a fallback (events are not
// replayed, and the end of a job is not an event); useJobOf finds the screen's running job of a kind after a
// reload, so that a page opened again shows the work still going on.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { STREAM_OPENED, shellCalls } from '../admin.ts';
import { JOB_PROGRESS_TOPIC, type JobStatus, type JobProgress as Progress } from '../plugin.ts';

export type JobState = JobStatus;

/** How often the state is read again while the job runs (the live events carry the figures in between). */
const POLL_MS = 2000;
const FINAL = new Set<JobState['state']>(['completed', 'cancelled', 'failed']);
export const isFinished = (job: JobState | null | undefined) => Boolean(job && FINAL.has(job.state));

/** Where a job's state is read: `<resource's API path>/<path>/<id>` (default the current complex's 'jobs'). */
export interface JobLocation {
  resource: string;
  path: string;
}

/** The latest state of job `id` (null: none); `at` for a job of another complex (platform staff's screens). */
export function useJob(id: string | null | undefined, at?: JobLocation): { job: JobState | null; loadError: boolean } {
  const dataProvider = useDataProvider();
  const [job, setJob] = useState<JobState | null>(null);
  const [loadError, setLoadError] = useState(false);
  const jobsResource = at?.resource ?? 'jobs';
  const jobsPath = at?.path ?? null;

  useEffect(() => {
    setJob(null);
    setLoadError(false);
    if (!id) return;
    const calls = shellCalls(dataProvider);
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let finished = false;
    const load = async () => {
      clearTimeout(timer);
      try {
        const fresh = await calls.send<JobState>(
          jobsResource,
          jobsPath ? `${jobsPath}/${encodeURIComponent(id)}` : encodeURIComponent(id),
        );
        if (!alive) return;
        setJob(fresh);
        setLoadError(false);
        finished = FINAL.has(fresh.state);
      } catch {
        if (alive) setLoadError(true);
      }
      if (alive && !finished) timer = setTimeout(load, POLL_MS);
    };
    void load();
    const off = [
      calls.subscribe(JOB_PROGRESS_TOPIC, (payload) => {
        const event = payload as Progress & { id: string };
        if (event.id !== id || finished) return;
        setJob((current) =>
          current
            ? {
                ...current,
                state: 'active',
                progress: { done: event.done, total: event.total, detail: event.detail ?? null },
              }
            : current,
        );
        // The last step: the job completes right after it, read its output soon.
        if (event.done >= event.total) {
          clearTimeout(timer);
          timer = setTimeout(load, 300);
        }
      }),
      // A (re)connection may have missed events: read the state again.
      calls.subscribe(STREAM_OPENED, () => void load()),
    ];
    return () => {
      alive = false;
      clearTimeout(timer);
      for (const unsubscribe of off) unsubscribe();
    };
  }, [dataProvider, id, jobsResource, jobsPath]);

  return { job, loadError };
}

// The results closed in this tab, kept over a reload (a recent result would show again otherwise).
const DISMISSED_KEY = 'conjunto.dismissedJobs';
function dismissedJobs(): Set<string> {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}
function dismissJob(id: string) {
  const ids = [...dismissedJobs(), id].slice(-50);
  try {
    sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(ids));
  } catch {
    // No storage (private mode): the result may show again after a reload.
  }
}

/** A job that ended this recently (seconds) is still shown when a screen opens: it may have ended during a reload. */
const RECENT_END_S = 120;

/**
 * The screen's job of kind `name` ('<plugin id>.<job>'): the one it started (start), else the newest one still
 * queued or running (or ended in the last two minutes) when the screen mounts, or one that starts while it is open (another tab). `enabled`
 * false (a role that cannot follow jobs) reads nothing.
 */
export function useJobOf(name: string, enabled = true) {
  const dataProvider = useDataProvider();
  const [id, setId] = useState<string | null>(null);
  const { job, loadError } = useJob(id);

  useEffect(() => {
    if (!enabled) return;
    const calls = shellCalls(dataProvider);
    let alive = true;
    const adopt = (found: string) => {
      if (alive && !dismissedJobs().has(found)) setId((current) => current ?? found);
    };
    const query = new URLSearchParams({ name, active: 'true', endedWithin: String(RECENT_END_S) });
    calls.send<JobState[]>('jobs', `?${query}`).then(
      (jobs) => jobs[0] && adopt(jobs[0].id),
      () => {}, // No list, no job to resume: the screen still works.
    );
    const off = calls.subscribe(JOB_PROGRESS_TOPIC, (payload) => {
      const event = payload as { id: string; name: string };
      if (event.name === name) adopt(event.id);
    });
    return () => {
      alive = false;
      off();
    };
  }, [dataProvider, name, enabled]);

  const start = useCallback((jobId: string) => setId(jobId), []);
  const dismiss = useCallback(() => {
    setId((current) => {
      if (current) dismissJob(current);
      return null;
    });
  }, []);
  const running = Boolean(id) && !isFinished(job);
  return { job: id ? job : null, loadError, running, start, dismiss };
}

export interface JobProgressProps {
  job: JobState | null;
  /** What the work is, e.g. 'Envío de estados de cuenta'. */
  title: string;
  /** The text of a completed job, from its output. */
  result?: (output: Record<string, unknown>) => ReactNode;
  loadError?: boolean;
  /** Shown once the job has ended: a close button on the result. */
  onClose?: () => void;
}

/** The bar "N de M" of a running job, then its result or its failure. */
export function JobProgress({ job, title, result, loadError, onClose }: JobProgressProps) {
  const translate = useTranslate();
  if (!job) return null;
  const { done = 0, total = 0, detail } = job.progress ?? {};
  if (job.state === 'completed') {
    return (
      <Alert severity="success" onClose={onClose} data-testid="job-progress" data-state="completed">
        <strong>{title}</strong>
        {': '}
        {result && job.output ? result(job.output) : translate('shell.job.completed')}
      </Alert>
    );
  }
  if (job.state === 'failed' || job.state === 'cancelled') {
    const message = typeof job.output?.message === 'string' && job.output.message ? job.output.message : null;
    return (
      <Alert severity="error" onClose={onClose} data-testid="job-progress" data-state={job.state}>
        <strong>{title}</strong>
        {': '}
        {job.state === 'cancelled'
          ? translate('shell.job.cancelled')
          : message
            ? translate('shell.job.failed', { message })
            : translate('shell.job.failedPlain')}
      </Alert>
    );
  }
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  const started = job.state === 'active' && total > 0;
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="job-progress"
      data-state={job.state}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="subtitle2">{title}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {started
            ? `${translate('shell.job.progress', { done, total })} (${percent} %)`
            : translate(job.state === 'active' ? 'shell.job.running' : 'shell.job.queued')}
        </Typography>
      </Stack>
      <LinearProgress
        variant={started ? 'determinate' : 'indeterminate'}
        value={percent}
        aria-label={title}
        sx={{ height: 8, borderRadius: 4, my: 1 }}
      />
      {detail && (
        <Typography variant="caption" color="text.secondary">
          {detail}
        </Typography>
      )}
      {job.state === 'retry' && (
        <Typography variant="caption" color="warning.main" sx={{ display: 'block' }}>
          {translate('shell.job.retrying')}
        </Typography>
      )}
      {loadError && (
        <Typography variant="caption" color="error" sx={{ display: 'block' }}>
          {translate('shell.job.loadError')}
        </Typography>
      )}
    </Box>
  );
}
