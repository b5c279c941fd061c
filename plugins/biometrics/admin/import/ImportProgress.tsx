// The floating badge 'Importación en progreso' with 'Ver detalles' (spec 001 §2, §4) while a background import
// runs. It finds running imports itself (GET face-imports?active, on mount and after each reconnection),
// follows the 'biometrics.import' events, and shows at once a job the wizard just started. When the job ends:
// the summary toast and onFinished().

import { STREAM_OPENED } from '@conjunto/core';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import ImportProgressDialog from './ImportProgressDialog.tsx';
import { IMPORT_TOPIC, isFinished, type JobSummary, SYNC_ROWS, useImportApi, useSummaryToast } from './importApi.ts';
import { onImportStarted } from './importEvents.ts';

export default function ImportProgress({ onFinished }: { onFinished(): void }) {
  const translate = useTranslate();
  const api = useImportApi();
  const summaryToast = useSummaryToast();
  const [job, setJob] = useState<JobSummary | null>(null);
  const [open, setOpen] = useState(false);
  // The followed job as the callbacks below see it, and the latest props, so that the subscriptions are made once.
  const followed = useRef<JobSummary | null>(null);
  const latest = useRef({ onFinished, summaryToast });
  latest.current = { onFinished, summaryToast };

  useEffect(() => {
    let live = true;
    /**
     * A newer state of the followed job, or a job to follow (`started`: the wizard's own 202); the end of the
     * followed job is told once.
     */
    const update = (next: JobSummary, started = false) => {
      const current = followed.current;
      if (!live || (current && current.id !== next.id && !isFinished(current.status))) return; // one job at a time
      if (current?.id !== next.id) {
        if (isFinished(next.status)) return; // a job that ended before we followed it
        if (!started && next.total_rostros <= SYNC_ROWS) return; // answered to its sender, not a background job
      }
      followed.current = next;
      setJob(next);
      if (isFinished(next.status) && current && !isFinished(current.status)) {
        latest.current.summaryToast(next.exitosos, next.total_rostros);
        latest.current.onFinished();
      }
    };
    const reload = async () => {
      try {
        const active = await api.activeJobs();
        const current = followed.current;
        // The followed job may have ended while the stream was down: read how it ended.
        if (current && !isFinished(current.status) && !active.some((j) => j.id === current.id)) update(await api.job(current.id));
        for (const job of active) update(job);
      } catch {
        // The badge is an aid: a failed look-up leaves it as it is; the next reconnection tries again.
      }
    };
    void reload();
    const unsubscribe = [
      api.subscribe(STREAM_OPENED, () => void reload()),
      api.subscribe(IMPORT_TOPIC, (payload) => update(payload as JobSummary)),
      onImportStarted((job) => {
        update(job, true);
        // Its end may have come before the wizard's answer (a small import on a fast fleet) and been passed over as
        // a job not followed yet: read how it stands once, or the badge would wait for ever.
        api.job(job.id).then(update, () => undefined);
      }),
    ];
    return () => {
      live = false;
      for (const off of unsubscribe) off();
    };
  }, [api]);

  const running = job !== null && !isFinished(job.status);
  const percent = job?.total_rostros ? Math.round((job.procesados / job.total_rostros) * 100) : 0;

  return (
    <>
      {running && (
        <Paper
          data-testid="biometrics-import-badge"
          elevation={6}
          sx={{ position: 'fixed', right: 24, bottom: 24, zIndex: (theme) => theme.zIndex.snackbar - 1, px: 2, py: 1.5 }}
        >
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <CircularProgress size={28} />
            <div>
              <Typography variant="subtitle2">{translate('biometrics.import.progress.badge')}</Typography>
              <Typography variant="caption" color="text.secondary">
                {job.procesados}/{job.total_rostros} ({percent}%)
              </Typography>
            </div>
            <Button size="small" onClick={() => setOpen(true)}>
              {translate('biometrics.import.progress.details')}
            </Button>
          </Stack>
        </Paper>
      )}
      {open && job && <ImportProgressDialog summary={job} onClose={() => setOpen(false)} />}
    </>
  );
}
