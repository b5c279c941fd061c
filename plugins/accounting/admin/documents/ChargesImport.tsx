// Importar cobros (spec 002 §2.5 screen 9, §5): download the template, pick one Excel file (.xls/.xlsx), see
// a preview of every row with the row errors, choose the units (users) whose rows are imported (at least one:
// 'Seleccione al menos un usuario.') and confirm. The server checks every row (all or nothing), stores the file and
// answers 202 with a background job that creates the charges: its bar "N de M" shows here, and a page opened
// again while it runs finds it.

import { formatDate, formatMoney, fromCents, refusalMessage, toCents } from '@conjunto/core';
import { JobProgress, useJobOf } from '@conjunto/core/ui';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useRef, useState } from 'react';
import { Title, useCanAccess, useTranslate } from 'react-admin';
import { ACCOUNTING_MESSAGES, accountingJob } from '../../manifest.ts';
import type { ImportDone, ImportPreview, ImportRowError, JobQueued } from '../../schemas.ts';
import { API, useAccountingApi, useDownload } from '../shared/accountingApi.ts';
import { Money } from '../shared/MoneyField.tsx';

const t = (key: string) => `accounting.documents.import.${key}`;
const MAX_BYTES = 2 * 1024 * 1024;

function RowErrors({ errors }: { errors: ImportRowError[] }) {
  const translate = useTranslate();
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
        {translate(t('errorsTitle'), { count: errors.length })}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {errors.map((e) => (
          <li key={e.fila}>
            <strong>{translate(t('row'), { row: e.fila })}</strong>
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {e.errores.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </Box>
          </li>
        ))}
      </Box>
    </Alert>
  );
}

export default function ChargesImport() {
  const translate = useTranslate();
  const api = useAccountingApi();
  const template = useDownload();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<ImportRowError[]>([]);
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null);
  const { canAccess: mayImport } = useCanAccess({ resource: API.receivables, action: 'import' });
  const job = useJobOf(accountingJob('importCharges'), Boolean(mayImport));

  const form = (f: File, dryRun: boolean, unitIds: string[] = []) => {
    const data = new FormData();
    data.append('dryRun', String(dryRun));
    if (!dryRun) data.append('unitIds', JSON.stringify(unitIds));
    data.append('file', f, f.name);
    return data;
  };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    // Copied before the input is cleared (its FileList empties with it), so the same file can be picked again.
    const list = Array.from(event.target.files ?? []);
    event.target.value = '';
    setPreview(null);
    setRowErrors([]);
    if (job.job && !job.running) job.dismiss();
    setFileError(null);
    if (!list.length) return;
    const f = list[0];
    // Spec 002 §5: .xls or .xlsx, one file only.
    if (list.length > 1) return setFileError(translate(t('oneFile')));
    if (!/\.xlsx?$/i.test(f.name)) return setFileError(translate(t('notExcel')));
    if (f.size > MAX_BYTES) return setFileError(translate(t('tooLarge')));
    setFile(f);
    setBusy('preview');
    try {
      const answer = await api.send<ImportPreview>(API.receivables, 'import', { method: 'POST', body: form(f, true) });
      setPreview(answer);
      setRowErrors(answer.rowErrors);
      setChosen(answer.units.map((u) => u.unitId));
    } catch (e) {
      setFileError(refusalMessage(e) ?? translate(t('error')));
    } finally {
      setBusy(null);
    }
  };

  const confirm = async () => {
    if (!file || !preview) return;
    if (!chosen.length) return setFileError(ACCOUNTING_MESSAGES.selectUser);
    setBusy('import');
    setFileError(null);
    try {
      const answer = await api.send<JobQueued>(API.receivables, 'import', { method: 'POST', body: form(file, false, chosen) });
      job.start(answer.jobId);
      setPreview(null);
      setFile(null);
    } catch (e) {
      const body = (e as { body?: { rowErrors?: ImportRowError[] } }).body;
      if (body?.rowErrors) setRowErrors(body.rowErrors);
      setFileError(refusalMessage(e) ?? translate(t('createError')));
    } finally {
      setBusy(null);
    }
  };

  const toggle = (unitId: string) => setChosen((c) => (c.includes(unitId) ? c.filter((id) => id !== unitId) : [...c, unitId]));
  const selectedRows = preview?.rows.filter((r) => r.unitId && chosen.includes(r.unitId)) ?? [];
  const selectedTotal = fromCents(selectedRows.reduce((sum, r) => sum + toCents(r.valor ?? 0), 0));
  const allChosen = Boolean(preview?.units.length) && preview!.units.every((u) => chosen.includes(u.unitId));
  const canImport = Boolean(preview) && rowErrors.length === 0 && chosen.length > 0 && busy === null && !job.running;
  // The rows no longer pass when the job read the file again (a unit or rubro changed meanwhile): nothing was created.
  const jobRowErrors = (job.job?.output?.rowErrors as ImportRowError[] | undefined) ?? [];

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={t('title')} />
      <Card sx={{ p: 2, mb: 2 }}>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate(t('help'))}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Button
            variant="outlined"
            loading={template.busy}
            loadingPosition="start"
            startIcon={<DownloadIcon />}
            onClick={() => template.download(API.receivables, 'import-template.xlsx', 'plantilla-importacion-cobros.xlsx')}
            disabled={busy !== null || template.busy}
          >
            {translate(t('template'))}
          </Button>
          <Button
            variant="contained"
            loading={busy === 'preview'}
            loadingPosition="start"
            startIcon={<UploadFileIcon />}
            onClick={() => input.current?.click()}
            disabled={busy !== null || template.busy || job.running}
          >
            {translate(t('pick'))}
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            accept=".xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={pick}
            data-testid="charges-import-file"
          />
          {file && (
            <Typography variant="body2" color="text.secondary">
              {file.name}
            </Typography>
          )}
        </Stack>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {translate(t('formats'))}
        </Typography>
      </Card>

      {fileError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {fileError}
        </Alert>
      )}
      {job.job && (
        <Box sx={{ mb: 2 }}>
          {jobRowErrors.length > 0 ? (
            <Alert severity="error" onClose={job.dismiss}>
              {String(job.job.output?.message ?? '')}
            </Alert>
          ) : (
            <JobProgress
              job={job.job}
              loadError={job.loadError}
              title={translate(t('job'))}
              result={(output) => {
                const r = output as ImportDone;
                return translate(t('done'), { count: r.created, total: formatMoney(r.total) });
              }}
              onClose={job.dismiss}
            />
          )}
        </Box>
      )}
      {rowErrors.length > 0 && <RowErrors errors={rowErrors} />}
      {jobRowErrors.length > 0 && <RowErrors errors={jobRowErrors} />}

      {preview && (
        <>
          <TableContainer component={Card} sx={{ mb: 2 }}>
            <Typography variant="subtitle1" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
              {translate(t('unitsTitle'))}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
              {translate(t('unitsHelp'))}
            </Typography>
            <Table size="small" aria-label={translate(t('unitsTitle'))}>
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={allChosen}
                      indeterminate={!allChosen && chosen.length > 0}
                      onChange={() => setChosen(allChosen ? [] : preview.units.map((u) => u.unitId))}
                      slotProps={{ input: { 'aria-label': translate(t('all')) } }}
                    />
                  </TableCell>
                  <TableCell>{translate(t('columns.unit'))}</TableCell>
                  <TableCell>{translate(t('columns.resident'))}</TableCell>
                  <TableCell align="right">{translate(t('columns.rows'))}</TableCell>
                  <TableCell align="right">{translate(t('columns.total'))}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.units.map((u) => (
                  <TableRow key={u.unitId} hover sx={{ cursor: 'pointer' }} onClick={() => toggle(u.unitId)}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={chosen.includes(u.unitId)}
                        onClick={(e) => e.stopPropagation()}
                        onChange={() => toggle(u.unitId)}
                        slotProps={{ input: { 'aria-label': u.casa } }}
                      />
                    </TableCell>
                    <TableCell>{u.casa}</TableCell>
                    <TableCell>{u.residente ?? '—'}</TableCell>
                    <TableCell align="right">{u.rows}</TableCell>
                    <TableCell align="right">
                      <Money value={u.total} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>

          <TableContainer component={Card} sx={{ mb: 2 }}>
            <Typography variant="subtitle1" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
              {translate(t('rowsTitle'), { count: preview.rows.length, file: preview.fileName })}
            </Typography>
            <Table size="small" aria-label={translate(t('rowsTitle'), { count: preview.rows.length, file: preview.fileName })}>
              <TableHead>
                <TableRow>
                  {['row', 'unit', 'resident', 'name', 'category', 'subcategory', 'amount', 'dueDate'].map((c) => (
                    <TableCell key={c} align={c === 'amount' ? 'right' : 'left'}>
                      {translate(t(`columns.${c}`))}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.rows.map((r) => {
                  const bad = rowErrors.some((e) => e.fila === r.fila);
                  const off = !bad && r.unitId !== null && !chosen.includes(r.unitId);
                  return (
                    <TableRow
                      key={r.fila}
                      sx={{
                        bgcolor: bad ? 'error.light' : undefined,
                        opacity: off ? 0.45 : 1,
                        '& td': bad ? { color: 'error.contrastText' } : undefined,
                      }}
                    >
                      <TableCell>{r.fila}</TableCell>
                      <TableCell>{r.casa}</TableCell>
                      <TableCell>{r.residente ?? '—'}</TableCell>
                      <TableCell>
                        {r.nombre}
                        {r.descripcion && (
                          <Typography variant="caption" component="div" sx={{ opacity: 0.8 }}>
                            {r.descripcion}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell>{r.rubro}</TableCell>
                      <TableCell>{r.subrubro ?? ''}</TableCell>
                      <TableCell align="right">{r.valor == null ? '' : <Money value={r.valor} />}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.fechaLimite ? formatDate(r.fechaLimite) : ''}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>

          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Button
              variant="contained"
              onClick={confirm}
              disabled={!canImport}
              loading={busy === 'import'}
              loadingPosition="start"
            >
              {translate(t('confirm'), { count: selectedRows.length })}
            </Button>
            <Typography variant="body2" color={chosen.length ? 'text.secondary' : 'error'}>
              {rowErrors.length
                ? translate(t('fixFirst'))
                : chosen.length
                  ? translate(t('summary'), {
                      count: selectedRows.length,
                      units: chosen.length,
                      total: formatMoney(selectedTotal),
                    })
                  : ACCOUNTING_MESSAGES.selectUser}
            </Typography>
          </Stack>
        </>
      )}
    </Box>
  );
}
