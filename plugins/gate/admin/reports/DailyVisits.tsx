// reportes/ReporteDiarioVisitas (office): visits per Guayaquil day (let in, their exits, black-list warnings, rejected
// visitors), newest first, a chart of the page's days, and the export of every day the filter matches. It opens on
// the current month (its 1st to today); a phone reads one line a day instead of the five columns.
import { businessDay, formatDate } from '@conjunto/core';
import { DayInput, ExportButton } from '@conjunto/core/ui';
import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { DataTable, List, Pagination, TopToolbar, useListContext, useTranslate } from 'react-admin';
import { Empty, PhoneRow, usePhone } from '../screens/shared.tsx';

const DailyChart = lazy(() => import('./DailyChart.tsx'));
const t = (key: string) => `gateTimeline.daily.${key}`;
type Day = { id: string; day: string; visits: number; exits: number; warnings: number; rejected: number };

function Chart() {
  const translate = useTranslate();
  const { data } = useListContext<Day>();
  if (!data?.length) return null;
  return (
    <Box sx={{ px: 2, pt: 2 }}>
      <Suspense fallback={null}>
        <DailyChart data={data} labels={{ visits: translate(t('visits')), rejected: translate(t('rejected')) }} />
      </Suspense>
    </Box>
  );
}

function Actions() {
  return (
    <TopToolbar>
      <ExportButton />
      <ExportButton format="xlsx" />
    </TopToolbar>
  );
}

const dayOf = (d: Day) => formatDate(`${d.day}T12:00:00-05:00`);

export default function DailyVisits() {
  const translate = useTranslate();
  const phone = usePhone();
  const today = businessDay();
  return (
    <List
      resource="visitasDiarias"
      title={translate(t('title'))}
      filters={[
        <DayInput key="from" source="day_gte" label="gateTimeline.fields.from" alwaysOn />,
        <DayInput key="to" source="day_lte" label="gateTimeline.fields.to" alwaysOn />,
      ]}
      filterDefaultValues={{ day_gte: `${today.slice(0, 8)}01`, day_lte: today }}
      sort={{ field: 'day', order: 'DESC' }}
      perPage={31}
      pagination={<Pagination rowsPerPageOptions={[31, 62, 100]} />}
      actions={<Actions />}
      exporter={false}
      empty={false}
      disableSyncWithLocation
    >
      <Chart />
      <DataTable rowClick={false} bulkActionButtons={false} empty={<Empty text={t('empty')} />}>
        {phone ? (
          <DataTable.Col
            source="day"
            label={t('day')}
            render={(d: Day) => (
              <PhoneRow
                title={dayOf(d)}
                details={(['visits', 'exits', 'warnings', 'rejected'] as const).map((k) => `${translate(t(k))}: ${d[k]}`)}
              />
            )}
          />
        ) : (
          [
            <DataTable.Col key="day" source="day" label={t('day')} render={dayOf} />,
            <DataTable.NumberCol key="visits" source="visits" label={t('visits')} />,
            <DataTable.NumberCol key="exits" source="exits" label={t('exits')} disableSort />,
            <DataTable.NumberCol key="warnings" source="warnings" label={t('warnings')} disableSort />,
            <DataTable.NumberCol key="rejected" source="rejected" label={t('rejected')} disableSort />,
          ]
        )}
      </DataTable>
    </List>
  );
}
