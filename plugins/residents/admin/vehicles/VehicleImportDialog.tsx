// 'Importar' (spec 002 §2.5 screens 11-12, §5): download the template, pick one .xlsx file, see how many rows can
// be imported and a table of the rows with errors (Fila, Errores), then confirm: every valid row is written at once.
import { saveBlob } from '@conjunto/core';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useRef, useState } from 'react';
import { Button as RaButton, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { VehicleImportPreview, VehicleImportResult } from '../../vehicles.schemas.ts';
import { VEHICLE_LIMITS } from '../../vehicles.ts';
import { useKind, useNotifyError, useShellCalls } from './kinds.ts';

export function VehicleImportButton() {
  const translate = useTranslate();
  const { t, resource } = useKind();
  const api = useShellCalls();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<VehicleImportPreview>();
  const [busy, setBusy] = useState(false);

  const form = (f: File, dryRun: boolean) => {
    const data = new FormData();
    data.append('dryRun', String(dryRun));
    data.append('file', f, f.name);
    return data;
  };
  const close = () => {
    if (busy) return;
    setOpen(false);
    setFile(undefined);
    setPreview(undefined);
  };
  const template = async () => {
    try {
      const { blob, filename } = await api.sendFile(resource, 'import-template');
      saveBlob(blob, filename ?? `plantilla-${resource}.xlsx`);
    } catch (error) {
      notifyError(error, t('errors.load'));
    }
  };
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setFile(chosen);
    setPreview(undefined);
    if (chosen.size > VEHICLE_LIMITS.importFileBytes) {
      notify(t('import.tooLarge'), { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      setPreview(await api.send<VehicleImportPreview>(resource, 'import', { method: 'POST', body: form(chosen, true) }));
    } catch (error) {
      notifyError(error, t('errors.load'));
    } finally {
      setBusy(false);
    }
  };
  const confirm = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const result = await api.send<VehicleImportResult>(resource, 'import', { method: 'POST', body: form(file, false) });
      notify(t('notifications.imported'), { type: 'success', messageArgs: { count: result.created } });
      setBusy(false);
      setOpen(false);
      setFile(undefined);
      setPreview(undefined);
      refresh();
    } catch (error) {
      notifyError(error, t('errors.load'));
      setBusy(false);
    }
  };

  return (
    <>
      <RaButton label={t('actions.import')} onClick={() => setOpen(true)}>
        <UploadFileIcon />
      </RaButton>
      <Dialog open={open} onClose={close} fullWidth maxWidth="md">
        <DialogTitle>{translate(t('import.title'))}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate(t('import.help'))}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={template}>
              {translate(t('import.template'))}
            </Button>
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} disabled={busy}>
              {translate(t('import.pick'))}
            </Button>
            <input
              ref={input}
              type="file"
              hidden
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={pick}
            />
          </Stack>
          {file && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
              {file.name}
            </Typography>
          )}
          {busy && (
            <Box sx={{ mb: 2 }}>
              <LinearProgress />
              <Typography variant="caption">{translate(t('import.checking'))}</Typography>
            </Box>
          )}
          {preview && (
            <>
              <Alert severity={preview.rows.length ? 'info' : 'warning'} sx={{ mb: 2 }}>
                {translate(t('import.summary'), { ok: preview.rows.length, total: preview.total })}
                {!preview.rows.length && ` ${translate(t('import.nothingValid'))}`}
              </Alert>
              {preview.rowErrors.length > 0 && (
                <>
                  <Typography variant="subtitle2" color="error" sx={{ mb: 1 }}>
                    {translate(t('import.errorsTitle'), { count: preview.rowErrors.length })}
                  </Typography>
                  <TableContainer sx={{ maxHeight: 320, overflowX: 'auto' }}>
                    <Table size="small" stickyHeader>
                      <TableHead>
                        <TableRow>
                          <TableCell sx={{ width: 90 }}>{translate(t('import.rowColumn'))}</TableCell>
                          <TableCell>{translate(t('import.errorsColumn'))}</TableCell>
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {preview.rowErrors.map((e) => (
                          <TableRow key={e.fila}>
                            <TableCell>{e.fila}</TableCell>
                            <TableCell sx={{ overflowWrap: 'anywhere' }}>{e.errores.join(' · ')}</TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </TableContainer>
                </>
              )}
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {translate(t('actions.cancel'))}
          </Button>
          <Button variant="contained" onClick={confirm} disabled={busy || !preview?.rows.length} loading={busy && !!preview}>
            {translate(t('import.confirm'), { count: preview?.rows.length ?? 0 })}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
