// Step 'Validar Datos' (spec 001 §5): the rows read from the ZIP in pages of 20, the first 10 errors, and the
// error report (fila, errores, nombre, identificacion, imagen) made by the server as an Excel file.

import { saveBlob } from '@conjunto/core';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { RowIssue } from '../../rules.ts';
import { FACES, useFailureMessage } from '../shared/api.ts';
import { useImportApi, useNotifyText } from './importApi.ts';
import RowsTable, { type Column } from './RowsTable.tsx';
import type { SheetRow } from './zipRows.ts';

const PAGE_SIZE = 20;
const LISTED_ERRORS = 10;
const t = (key: string) => `biometrics.import.validate.${key}`;

/** The text of a row problem in the user's language. */
export function useIssueText() {
  const translate = useTranslate();
  return useCallback((issue: RowIssue) => translate(`biometrics.import.rules.${issue.key}`, issue.args), [translate]);
}

const floors = (pisos: number[]) => pisos.map((p) => (p < 0 ? `S${-p}` : String(p))).join(', ');

export default function ValidationStep({ rows }: { rows: SheetRow[] }) {
  const translate = useTranslate();
  const issueText = useIssueText();
  const api = useImportApi();
  const errorText = useFailureMessage('biometrics.import.errors.connection');
  const notifyText = useNotifyText();
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const bad = rows.filter((r) => r.issues.length);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));

  const downloadReport = async () => {
    setDownloading(true);
    try {
      const body = {
        rows: bad.map((r) => ({
          fila: r.fila,
          errores: r.issues.map(issueText),
          nombre: r.nombre,
          identificacion: r.identificacion,
          imagen: r.imagen,
        })),
      };
      const { blob, filename } = await api.shell.sendFile(FACES, 'import-errors.xlsx', { method: 'POST', body });
      saveBlob(blob, filename ?? 'errores-importacion-rostros.xlsx');
    } catch (e) {
      notifyText(errorText(e), 'error');
    } finally {
      setDownloading(false);
    }
  };

  const columns: Column<SheetRow>[] = [
    { label: t('columns.fila'), render: (r) => r.fila },
    { label: t('columns.nombre'), render: (r) => r.nombre },
    { label: t('columns.identificacion'), render: (r) => r.identificacion },
    { label: t('columns.destino'), render: (r) => r.destino ?? '' },
    { label: t('columns.pisos'), render: (r) => floors(r.pisos) },
    { label: t('columns.tipo'), render: (r) => r.tipo },
    { label: t('columns.estado'), render: (r) => r.estado },
    { label: t('columns.imagen'), render: (r) => r.imagen ?? '' },
    {
      label: t('columns.status'),
      render: (r) =>
        r.issues.length ? (
          <Typography variant="caption" color="error" component="div" sx={{ minWidth: 180 }}>
            {r.issues.map(issueText).join('; ')}
          </Typography>
        ) : (
          <Chip size="small" color="success" label={translate(t('ok'))} />
        ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip label={translate(t('total'), { count: rows.length })} />
        <Chip color="success" label={translate(t('valid'), { count: rows.length - bad.length })} />
        <Chip color={bad.length ? 'error' : 'default'} label={translate(t('invalid'), { count: bad.length })} />
        <Box sx={{ flex: 1 }} />
        {bad.length > 0 && (
          <Button
            size="small"
            variant="outlined"
            onClick={downloadReport}
            disabled={downloading}
            loading={downloading}
            loadingPosition="start"
            startIcon={<DownloadIcon />}
          >
            {translate(t('downloadErrors'))}
          </Button>
        )}
      </Stack>
      {bad.length ? (
        <Alert severity="error">
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
            {translate(t(bad.length > LISTED_ERRORS ? 'errorsFirst' : 'errorsTitle'), { count: bad.length })}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {bad.slice(0, LISTED_ERRORS).map((r) => (
              <li key={r.fila}>
                <strong>{translate(t('row'), { row: r.fila })}:</strong> {r.issues.map(issueText).join('; ')}
              </li>
            ))}
          </Box>
        </Alert>
      ) : (
        <Alert severity="success">{translate(t('allValid'))}</Alert>
      )}
      <RowsTable
        columns={columns}
        rows={rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
        rowKey={(r) => r.fila}
        highlight={(r) => r.issues.length > 0}
      />
      {pages > 1 && (
        <Pagination count={pages} page={page} onChange={(_e, value) => setPage(value)} sx={{ alignSelf: 'center' }} />
      )}
    </Stack>
  );
}
