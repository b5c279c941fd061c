// reportes/visitasGuardia (spec 000 §2.7): from and to days, 'Buscar', and a bar chart of 24 hourly buckets in
// Guayaquil time. The server counts (and refuses a range over a month: 'Seleccion un rango de fecha de MAXIMO 1 MES').
import { businessDay, refusalMessage } from '@conjunto/core';
import { DayTextField } from '@conjunto/core/ui';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { REPORT_MAX_DAYS } from '../../timeline.ts';
import { usePhone, useShellCalls } from '../screens/shared.tsx';

const HourlyChart = lazy(() => import('./HourlyChart.tsx'));
const t = (key: string) => `gateTimeline.hourly.${key}`;
type Report = { total: number; buckets: { hour: number; visits: number }[] };

const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The same rule as the server's, to say it before asking (the server decides). */
const inRange = (from: string, to: string) => {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  return days >= 0 && days <= REPORT_MAX_DAYS;
};

export default function HourlyReport() {
  const translate = useTranslate();
  const calls = useShellCalls();
  const phone = usePhone();
  const today = businessDay();
  const [from, setFrom] = useState<string | null>(shift(today, -30));
  const [to, setTo] = useState<string | null>(today);
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState<string | null>(null);

  const search = useCallback(async () => {
    if (!from || !to || !inRange(from, to)) {
      setError(translate(t('range')));
      return;
    }
    setError(null);
    try {
      setReport(await calls.send<Report>('gate-reports', `hourly?${new URLSearchParams({ from, to })}`));
    } catch (e) {
      setReport(null);
      setError(refusalMessage(e) ?? translate(t('error')));
    }
  }, [calls, from, to, translate]);

  // The last month at once; then on 'Buscar'.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first search only
  useEffect(() => void search(), []);

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate(t('title'))} />
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {translate(t('title'))}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
          <DayTextField label={translate(t('from'))} value={from} onChange={setFrom} />
          <DayTextField label={translate(t('to'))} value={to} onChange={setTo} />
          <Button variant="contained" onClick={() => void search()} sx={{ flexShrink: 0, px: 3, minHeight: 40 }}>
            {translate(t('search'))}
          </Button>
        </Stack>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {report && (
          <>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              {translate(t('total'), { total: report.total })}
            </Typography>
            <Suspense fallback={null}>
              <HourlyChart data={report.buckets} label={translate(t('visits'))} phone={phone} />
            </Suspense>
          </>
        )}
      </CardContent>
    </Card>
  );
}
