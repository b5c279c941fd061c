// The import progress dialog (spec 001 §3 Import job, §4): status, total, processed, succeeded, failed,
// pending = total − processed, a bar of processed / total, and each row with its state and error. The counters
// come live from the badge; the rows are read again from face-imports/<id> as events arrive, at most every 1.5 s.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { type ImportJob, type JobStatus, type JobSummary, useImportApi } from './importApi.ts';
import RowsTable, { type Column } from './RowsTable.tsx';

const RELOAD_EVERY_MS = 1500;
const t = (key: string) => `biometrics.import.progress.${key}`;

const STATUS_COLOR: Record<JobStatus, 'default' | 'info' | 'success' | 'error'> = {
  pending: 'default',
  processing: 'info',
  completed: 'success',
  failed: 'error',
};
const ROW_COLOR = { processing: 'info', completed: 'success', failed: 'error' } as const;

type JobRow = ImportJob['rostros'][number];

const columns: Column<JobRow>[] = [
  { label: t('columns.identificacion'), render: (r) => r.identificacion },
  { label: t('columns.nombre'), render: (r) => r.nombre },
  { label: t('columns.status'), render: (r) => <RowStatus status={r.status} /> },
  {
    label: t('columns.error'),
    render: (r) =>
      r.error ? (
        <Typography variant="body2" color="error">
          {r.error}
        </Typography>
      ) : (
        ''
      ),
  },
];

function RowStatus({ status }: { status: JobRow['status'] }) {
  const translate = useTranslate();
  return (
    <Chip size="small" variant="outlined" color={ROW_COLOR[status] ?? 'default'} label={translate(t(`rowStatus.${status}`))} />
  );
}

function Counter({ label, value, color }: { label: string; value: number; color?: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ flex: 1, minWidth: 96, textAlign: 'center', border: 1, borderColor: 'divider', borderRadius: 1, py: 1 }}>
      <Typography variant="h6" color={color}>
        {value}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {translate(t(label))}
      </Typography>
    </Box>
  );
}

export default function ImportProgressDialog({ summary, onClose }: { summary: JobSummary; onClose(): void }) {
  const translate = useTranslate();
  const api = useImportApi();
  const [detail, setDetail] = useState<ImportJob | null>(null);
  const [error, setError] = useState(false);
  const lastLoad = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(pending.current);
    };
  }, []);

  // Throttled: a change of the counters asks for a read, at most one every RELOAD_EVERY_MS; a read already
  // waiting is kept (not pushed back), so a fast stream of events still gets reads along the way.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the counters are what asks for a new read
  useEffect(() => {
    if (pending.current) return;
    pending.current = setTimeout(
      () => {
        pending.current = undefined;
        lastLoad.current = Date.now();
        api.job(summary.id).then(
          (job) => {
            if (!mounted.current) return;
            setDetail(job);
            setError(false);
          },
          () => mounted.current && setError(true),
        );
      },
      Math.max(0, lastLoad.current + RELOAD_EVERY_MS - Date.now()),
    );
  }, [api, summary.id, summary.status, summary.procesados]);

  const { status, total_rostros: total, procesados, exitosos, fallidos } = summary;
  const percent = total ? Math.round((procesados / total) * 100) : 0;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="biometrics-import-progress-title">
      <DialogTitle id="biometrics-import-progress-title">{translate(t('title'))}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Chip color={STATUS_COLOR[status] ?? 'default'} label={translate(t(`status.${status}`))} />
            <Box sx={{ flex: 1 }}>
              <LinearProgress variant="determinate" value={percent} sx={{ height: 8, borderRadius: 4 }} />
            </Box>
            <Typography variant="body2" sx={{ minWidth: 44, textAlign: 'right' }}>
              {percent}%
            </Typography>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Counter label="total" value={total} />
            <Counter label="processed" value={procesados} />
            <Counter label="succeeded" value={exitosos} color="success.main" />
            <Counter label="failed" value={fallidos} color={fallidos ? 'error.main' : undefined} />
            <Counter label="pending" value={Math.max(0, total - procesados)} />
          </Stack>
          {error && <Alert severity="error">{translate(t('loadError'))}</Alert>}
          {detail?.error && <Alert severity="error">{detail.error}</Alert>}
          {detail && detail.rostros.length > 0 && (
            <RowsTable
              columns={columns}
              rows={detail.rostros}
              rowKey={(r, i) => `${r.identificacion}-${i}`}
              maxHeight={360}
              highlight={(r) => r.status === 'failed'}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('biometrics.import.actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
