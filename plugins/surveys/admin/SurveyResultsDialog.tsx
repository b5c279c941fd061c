// Results of a survey: a pie chart of the Yes / No answers with their percentages, the totals, and the
// participants of each option with the time they answered (America/Guayaquil, dd/MM/yyyy HH:mm).

import { formatDateTime, formatPercentage, serverMessage } from '@conjunto/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { memo, useEffect, useMemo, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import type { Survey, SurveyResults } from '../schemas.ts';
import { useNotifyError, useSurveyApi } from './surveyApi.ts';

type Option = SurveyResults['options'][number];

const footer = { '& td': { fontWeight: 'bold', color: 'text.primary', fontSize: '0.875rem' } } as const;

/** Both options, Sí first, also when the server leaves one out. */
function normalise(results: SurveyResults): Option[] {
  return [true, false].map(
    (confirm) =>
      results.options.find((o) => o.confirm === confirm) ?? {
        label: confirm ? 'Sí' : 'No',
        confirm,
        count: 0,
        percentage: 0,
        participants: [],
      },
  );
}

interface Props {
  survey: Pick<Survey, 'id' | 'title'>;
  onClose(): void;
}

export default function SurveyResultsDialog({ survey, onClose }: Props) {
  const translate = useTranslate();
  const api = useSurveyApi();
  const notifyError = useNotifyError();
  const [results, setResults] = useState<SurveyResults | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api.results(survey.id).then(
      (r) => live && setResults(r),
      (e: unknown) => {
        if (!live) return;
        setError(serverMessage(e) ?? translate('surveys.errors.results'));
        notifyError(e, 'surveys.errors.results');
      },
    );
    return () => {
      live = false;
    };
  }, [api, survey.id, notifyError, translate]);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="survey-results-title">
      <DialogTitle id="survey-results-title">
        {translate('surveys.results.title', { title: results?.title ?? survey.title })}
      </DialogTitle>
      <DialogContent dividers>
        {error ? (
          <Alert severity="error">{error}</Alert>
        ) : results ? (
          <ResultsBody results={results} />
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            <CircularProgress />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('surveys.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function ResultsBody({ results }: { results: SurveyResults }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [tab, setTab] = useState(0);
  const options = useMemo(() => normalise(results), [results]);
  const label = (o: Option) => translate(o.confirm ? 'surveys.results.yes' : 'surveys.results.no');
  const pct = (n: number) => formatPercentage(n, locale);
  const shown = options[tab] ?? options[0];

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'center' }}>
        <Box sx={{ flex: 1, width: '100%', minHeight: 280, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          {results.total > 0 ? (
            <ResultsChart options={options} />
          ) : (
            <Typography color="text.secondary">{translate('surveys.results.noAnswers')}</Typography>
          )}
        </Box>
        <TableContainer sx={{ flex: 1 }}>
          <Table size="small" aria-label={translate('surveys.results.question')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('surveys.results.option')}</TableCell>
                <TableCell align="right">{translate('surveys.results.count')}</TableCell>
                <TableCell align="right">{translate('surveys.results.percentage')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {options.map((o) => (
                <TableRow key={String(o.confirm)}>
                  <TableCell>{label(o)}</TableCell>
                  <TableCell align="right">{o.count}</TableCell>
                  <TableCell align="right">{pct(o.percentage)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter sx={footer}>
              <TableRow>
                <TableCell>{translate('surveys.results.totalRow')}</TableCell>
                <TableCell align="right">{results.total}</TableCell>
                <TableCell align="right">{pct(results.total > 0 ? 100 : 0)}</TableCell>
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      </Stack>

      <Box>
        <Tabs value={tab} onChange={(_e, value: number) => setTab(value)} sx={{ borderBottom: 1, borderColor: 'divider' }}>
          {options.map((o) => (
            <Tab key={String(o.confirm)} label={`${label(o)} (${o.count})`} />
          ))}
        </Tabs>
        <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
          {translate('surveys.results.participants', { option: label(shown) })}
        </Typography>
        {shown.participants.length === 0 ? (
          <Typography color="text.secondary">{translate('surveys.results.noParticipants')}</Typography>
        ) : (
          <TableContainer sx={{ maxHeight: 320 }}>
            <Table size="small" stickyHeader>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('surveys.results.participant')}</TableCell>
                  <TableCell>{translate('surveys.results.answeredAt')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.participants.map((p) => (
                  <TableRow key={p.userId}>
                    <TableCell>{p.name?.trim() || translate('surveys.results.unknown')}</TableCell>
                    <TableCell>{formatDateTime(p.answeredAt)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter sx={footer}>
                <TableRow>
                  <TableCell>{translate('surveys.results.totalRow')}</TableCell>
                  <TableCell>{shown.participants.length}</TableCell>
                </TableRow>
              </TableFooter>
            </Table>
          </TableContainer>
        )}
      </Box>
    </Stack>
  );
}

/** The pie chart; memoised so that switching the participants tab does not replay its animation. */
const ResultsChart = memo(function ResultsChart({ options }: { options: Option[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const theme = useTheme();
  const slices = options
    .filter((o) => o.count > 0)
    .map((o) => ({
      name: translate(o.confirm ? 'surveys.results.yes' : 'surveys.results.no'),
      value: o.count,
      percentage: o.percentage,
      fill: o.confirm ? theme.palette.success.main : theme.palette.error.main,
    }));
  const pct = (n: number) => formatPercentage(n, locale);
  return (
    <ResponsiveContainer width="100%" height={280}>
      <PieChart>
        <Pie
          data={slices}
          dataKey="value"
          nameKey="name"
          outerRadius={80}
          startAngle={90}
          endAngle={-270}
          // A lone slice is a full circle: no seam line at its start.
          stroke={slices.length > 1 ? theme.palette.background.paper : 'none'}
          label={(p) => `${p.name} ${pct(Number(p.payload?.percentage ?? 0))}`}
        />
        <Tooltip formatter={(value, name, item) => [`${value} (${pct(Number(item?.payload?.percentage ?? 0))})`, String(name)]} />
        <Legend itemSorter={null} />
      </PieChart>
    </ResponsiveContainer>
  );
});
