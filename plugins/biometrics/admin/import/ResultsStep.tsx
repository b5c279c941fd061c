// Step 'Resultados' (spec 001 §4, §8): after a 201/207 the summary, the rows imported (with the server's
// 'Creado en X. Omitido en: Y') and the rows refused (its error text); after a 409 the conflicts.
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { ImportConflict, ImportResult } from './importApi.ts';
import RowsTable, { type Column } from './RowsTable.tsx';

/**
 * `filas`: the spreadsheet row of each row sent (the server numbers the rows of the list it got 1, 2, …, which
 * are shown as the spreadsheet's rows).
 */
export type Outcome = ({ result: ImportResult } | { conflict: ImportConflict }) & { filas: number[] };

const t = (key: string) => `biometrics.import.results.${key}`;

/**
 * The devices' failures, as the per-device table counts them: a row that one device took and another refused is
 * imported (not among 'Fallidos'), yet its failure must show in the headline too.
 */
export const deviceFailures = (result: ImportResult): number =>
  Object.values(result.reporte_conflictos?.estadisticas_dispositivos ?? {}).reduce((n, s) => n + s.fallidos, 0);

interface Row {
  fila: number;
  identificacion: string;
  nombre: string;
  detalle: string;
}

const columns: Column<Row>[] = (['fila', 'identificacion', 'nombre', 'detalle'] as const).map((key) => ({
  label: t(`columns.${key}`),
  render: (r) => r[key],
}));

function Section({ title, rows, severity }: { title: string; rows: Row[]; severity?: boolean }) {
  if (!rows.length) return null;
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" color={severity ? 'error' : undefined}>
        {title}
      </Typography>
      <RowsTable columns={columns} rows={rows} rowKey={(r, i) => `${r.fila}-${r.identificacion}-${i}`} maxHeight={260} />
    </Stack>
  );
}

export default function ResultsStep({ outcome }: { outcome: Outcome }) {
  const translate = useTranslate();
  const sheetRow = <T extends { fila: number }>(row: T): T => ({ ...row, fila: outcome.filas[row.fila - 1] ?? row.fila });

  if ('conflict' in outcome) {
    const { conflict } = outcome;
    const sent = outcome.filas.length;
    const all = conflict.duplicados_encontrados === sent;
    return (
      <Stack spacing={2}>
        <Alert severity="warning">
          {all
            ? translate('biometrics.import.conflicts.allDuplicates')
            : translate('biometrics.import.conflicts.someDuplicates', { count: conflict.duplicados_encontrados, total: sent })}
        </Alert>
        <Section
          title={translate('biometrics.import.conflicts.title')}
          rows={(conflict.conflictos_reportados ?? []).map((c) => sheetRow({ ...c, detalle: c.mensaje }))}
          severity
        />
      </Stack>
    );
  }

  const { result } = outcome;
  const summary = result.resumen_general;
  const stats = Object.entries(result.reporte_conflictos?.estadisticas_dispositivos ?? {});
  const onDevices = deviceFailures(result);
  return (
    <Stack spacing={2}>
      {result.message && (
        <Alert
          severity={summary.importFallidas ? (summary.importExitosas ? 'warning' : 'error') : onDevices ? 'warning' : 'success'}
        >
          {result.message}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Chip label={translate(t('sent'), { count: summary.totalRostrosEnviados })} />
        <Chip color="success" label={translate(t('succeeded'), { count: summary.importExitosas })} />
        <Chip
          color={summary.importFallidas ? 'error' : 'default'}
          label={translate(t('failed'), { count: summary.importFallidas })}
        />
        {onDevices > 0 && <Chip color="error" label={translate(t('deviceFailures'), { count: onDevices })} />}
      </Stack>
      <Section
        title={translate(t('successTitle'))}
        rows={result.importaciones_exitosas.map((r) =>
          sheetRow({
            ...r,
            detalle: r.mensaje ?? translate(t('createdIn'), { devices: r.dispositivos.map((d) => d.device_name).join(', ') }),
          }),
        )}
      />
      <Section
        title={translate(t('failedTitle'))}
        rows={result.importaciones_fallidas.map((r) => sheetRow({ ...r, detalle: r.error }))}
        severity
      />
      {stats.length > 0 && (
        <Stack spacing={0.5}>
          <Typography variant="subtitle2">{translate(t('devicesTitle'))}</Typography>
          {stats.map(([id, s]) => (
            <Typography key={id} variant="body2">
              <strong>{s.device_name}:</strong> {translate(t('deviceStats'), s)}
            </Typography>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
