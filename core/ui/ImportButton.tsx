// The one import dialog of every list (the host's import, core/plugin.ts ImportDeclaration): download the template,
// choose an .xlsx or .csv file, see the preview (rows, valid rows, each row's errors by its sheet row number), confirm,
// and follow the background job's bar when the file is large. Put <ImportButton /> in a list's actions; a screen
// of another complex (platform staff) names the resource and the path of the import and of its jobs.
import UploadIcon from '@mui/icons-material/Upload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useContext, useEffect, useState } from 'react';
import { Button, ListContext, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { saveBlob, serverMessage, shellCalls } from '../admin.ts';
import type { ImportPreview, ImportResult, ImportRowError } from '../plugin.ts';
import { isFinished, type JobLocation, JobProgress, useJob } from './JobProgress.tsx';

export interface ImportButtonProps {
  /** The shell resource whose API path the import is under (default: the list's). */
  resource?: string;
  /** Under the resource, before 'import' (e.g. '<complex id>/bulk-load'); default none. */
  path?: string;
  /** Where the job's state is read (default the current complex's jobs). */
  jobs?: JobLocation;
  /** The dialog's title (default 'Importar'). */
  title?: string;
  /** Called after rows were written (the list refreshes itself). */
  onDone?: () => void;
}

type Refused = { message: string; errores?: ImportRowError[]; total?: number; valid?: number; invalid?: number };

const bodyOf = (error: unknown): Refused | undefined => {
  const body = (error as { body?: unknown })?.body;
  return body && typeof body === 'object' && typeof (body as Refused).message === 'string' ? (body as Refused) : undefined;
};

function RowErrors({ errores, invalid }: { errores: ImportRowError[]; invalid: number }) {
  const translate = useTranslate();
  if (!errores.length) return null;
  return (
    <Box sx={{ maxHeight: 280, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" stickyHeader aria-label={translate('shell.import.errorsTitle')}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 64 }}>{translate('shell.import.row')}</TableCell>
            <TableCell>{translate('shell.import.errors')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {errores.map((e) => (
            <TableRow key={e.fila}>
              <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{e.fila}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{e.errores.join(' · ')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {invalid > errores.length && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', p: 1 }}>
          {translate('shell.import.more', { shown: errores.length, total: invalid })}
        </Typography>
      )}
    </Box>
  );
}

export function ImportButton({ resource: given, path, jobs, title, onDone }: ImportButtonProps) {
  const context = useContext(ListContext);
  const resource = given ?? context?.resource ?? '';
  const base = path ? `${path.replace(/\/+$/, '')}/import` : 'import';
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<ImportPreview & { invalid?: number }>();
  const [refused, setRefused] = useState<Refused>();
  const [created, setCreated] = useState<ImportResult>();
  const [jobId, setJobId] = useState<string | null>(null);
  const { job, loadError } = useJob(jobId, jobs);
  const heading = title ?? translate('shell.import.title');

  useEffect(() => {
    if (job?.state === 'completed' && typeof job.output?.created === 'number' && job.output.created > 0) {
      refresh();
      onDone?.();
    }
  }, [job?.state, job?.output, refresh, onDone]);

  const reset = () => {
    setFile(null);
    setPreview(undefined);
    setRefused(undefined);
    setCreated(undefined);
    setJobId(null);
  };
  const close = () => {
    if (busy) return;
    setOpen(false);
    reset();
  };
  const calls = () => shellCalls(dataProvider);
  const template = async (format: 'xlsx' | 'csv') => {
    try {
      const { blob, filename } = await calls().sendFile(resource, `${base}/template?format=${format}`);
      saveBlob(blob, filename ?? `plantilla.${format}`);
    } catch (error) {
      notify(serverMessage(error) ?? translate('shell.import.failed'), { type: 'error' });
    }
  };
  const send = async <T,>(suffix: string, extra: Record<string, string> = {}): Promise<T | undefined> => {
    if (!file) return undefined;
    const form = new FormData();
    for (const [k, v] of Object.entries(extra)) form.append(k, v);
    form.append('file', file);
    setBusy(true);
    setRefused(undefined);
    try {
      return await calls().send<T>(resource, suffix, { method: 'POST', body: form });
    } catch (error) {
      const body = bodyOf(error);
      setRefused(body ?? { message: serverMessage(error) ?? translate('shell.import.failed') });
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  const check = async () => {
    setPreview(undefined);
    setPreview(await send<ImportPreview>(`${base}/preview`));
  };
  const confirm = async () => {
    const answer = await send<ImportResult | { jobId: string }>(base, preview?.errores.length ? { skipInvalid: 'true' } : {});
    if (!answer) return;
    if ('jobId' in answer) setJobId(answer.jobId);
    else {
      setCreated(answer);
      refresh();
      onDone?.();
    }
  };
  const done = Boolean(created) || (jobId !== null && isFinished(job));
  const invalid = preview ? (preview.invalid ?? preview.errores.length) : 0;

  return (
    <>
      <Button label="shell.import.button" onClick={() => setOpen(true)}>
        <UploadIcon />
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby="import-title">
        <DialogTitle id="import-title">{heading}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography variant="body2">{translate('shell.import.help')}</Typography>
            <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
              <MuiButton size="small" variant="outlined" onClick={() => template('xlsx')}>
                {translate('shell.import.templateXlsx')}
              </MuiButton>
              <MuiButton size="small" variant="outlined" onClick={() => template('csv')}>
                {translate('shell.import.templateCsv')}
              </MuiButton>
            </Stack>
            {!jobId && !created && (
              <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <MuiButton component="label" variant="contained" size="small" disabled={busy}>
                  {translate('shell.import.choose')}
                  <input
                    hidden
                    type="file"
                    accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
                    onChange={(event) => {
                      reset();
                      setFile(event.target.files?.[0] ?? null);
                      event.target.value = '';
                    }}
                  />
                </MuiButton>
                <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                  {file ? file.name : translate('shell.import.noFile')}
                </Typography>
              </Stack>
            )}
            {busy && <LinearProgress aria-label={translate('shell.import.reading')} />}
            {refused && (
              <Alert severity="error">
                {refused.message}
                {refused.errores?.length ? (
                  <Box sx={{ mt: 1 }}>
                    <RowErrors errores={refused.errores} invalid={refused.invalid ?? refused.errores.length} />
                  </Box>
                ) : null}
              </Alert>
            )}
            {preview && !created && !jobId && (
              <>
                <Alert severity={invalid ? 'warning' : 'success'}>
                  {translate('shell.import.summary', { total: preview.total, valid: preview.valid, invalid })}
                </Alert>
                <RowErrors errores={preview.errores} invalid={invalid} />
              </>
            )}
            {created && (
              <Alert severity="success">
                {translate('shell.import.created', { created: created.created, total: created.total })}
              </Alert>
            )}
            {jobId && (
              <JobProgress
                job={job}
                loadError={loadError}
                title={heading}
                result={(output) =>
                  typeof output.created === 'number' && output.created > 0
                    ? translate('shell.import.created', {
                        created: output.created,
                        total: Number(output.total ?? output.created),
                      })
                    : String(output.message ?? translate('shell.import.failed'))
                }
              />
            )}
            {jobId && job?.state === 'completed' && Array.isArray(job.output?.errores) && (
              <RowErrors errores={job.output.errores as ImportRowError[]} invalid={(job.output.errores as unknown[]).length} />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={close} disabled={busy}>
            {translate(done ? 'shell.import.close' : 'ra.action.cancel')}
          </MuiButton>
          {!jobId && !created && !preview && (
            <MuiButton variant="contained" onClick={check} disabled={!file || busy}>
              {translate('shell.import.check')}
            </MuiButton>
          )}
          {!jobId && !created && preview && (
            <MuiButton variant="contained" onClick={confirm} disabled={!preview.valid || busy}>
              {translate(invalid ? 'shell.import.confirmValid' : 'shell.import.confirm', { valid: preview.valid })}
            </MuiButton>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
