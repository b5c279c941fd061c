// informeProblemas (spec 000 §2.4): the residents' damage reports with state chips, filters and export; a row opens
// the detail (photo, observations, forward-only state). A list that fails to load says 'Error al cargar los reportes
// de daños' (spec 000 §8).
import { formatDateTime } from '@conjunto/core';
import { ExportButton, useRefreshOn } from '@conjunto/core/ui';
import AddIcon from '@mui/icons-material/Add';
import PhotoIcon from '@mui/icons-material/Photo';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import {
  CanAccess,
  DataTable,
  FilterButton,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { ISSUES_TOPIC } from '../manifest.ts';
import IssueCreateDialog from './IssueCreateDialog.tsx';
import IssueDetailDialog from './IssueDetailDialog.tsx';
import { CATEGORY_CHOICES, type IssueReport, NONE, RatingView, STATUS_CHOICES, StatusChip } from './shared.tsx';

const cut = (text: string, n: number) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);

/** Another user's change reloads the list. */
const LIVE = [ISSUES_TOPIC];

export default function IssueReportList() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [open, setOpen] = useState<IssueReport | null>(null);
  const [creating, setCreating] = useState(false);
  useRefreshOn(LIVE);
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('issueReports.search')} />,
    <SelectInput key="status" source="status" choices={STATUS_CHOICES} />,
    <SelectInput key="category" source="category" choices={CATEGORY_CHOICES} />,
  ];
  return (
    <>
      <Alert severity="info" sx={{ mt: 2 }}>
        {translate('issueReports.banner')}
      </Alert>
      <List
        title="issueReports.title"
        sort={{ field: 'reportedAt', order: 'DESC' }}
        perPage={25}
        filters={filters}
        actions={
          <TopToolbar>
            <FilterButton />
            <CanAccess action="create">
              <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
                {translate('issueReports.action.create')}
              </Button>
            </CanAccess>
            <ExportButton />
            <ExportButton format="xlsx" />
          </TopToolbar>
        }
        exporter={false}
        empty={false}
        // Spec 000 §8: a list that fails to load says 'Error al cargar los reportes de daños', whatever the cause.
        queryOptions={{ onError: () => notify('issueReports.errors.load', { type: 'error' }) }}
      >
        <DataTable
          rowClick={(_id, _r, record) => {
            setOpen(record as IssueReport);
            return false;
          }}
          bulkActionButtons={false}
          empty={<Empty />}
        >
          {phone ? (
            <DataTable.Col source="reportedAt" label="issueReports.title" render={() => <SummaryCell />} />
          ) : (
            [
              <DataTable.Col key="reportedAt" source="reportedAt" render={(r: IssueReport) => formatDateTime(r.reportedAt)} />,
              <DataTable.Col key="unitNumber" source="unitNumber" render={(r: IssueReport) => r.unitNumber ?? NONE} />,
              <DataTable.Col
                key="residentName"
                source="residentName"
                disableSort
                render={(r: IssueReport) => r.residentName ?? NONE}
              />,
              <DataTable.Col
                key="category"
                source="category"
                render={(r: IssueReport) => translate(`issueReports.category.${r.category}`)}
              />,
              <DataTable.Col key="detail" source="detail" disableSort render={(r: IssueReport) => <DetailCell report={r} />} />,
              <DataTable.Col key="status" source="status" render={(r: IssueReport) => <StatusChip status={r.status} />} />,
              <DataTable.Col
                key="observations"
                source="observations"
                disableSort
                render={(r: IssueReport) => (r.observations ? cut(r.observations, 60) : NONE)}
              />,
              <DataTable.Col key="rating" source="rating" render={(r: IssueReport) => <RatingView rating={r.rating} />} />,
            ]
          )}
        </DataTable>
      </List>
      <IssueDetailDialog report={open} onClose={() => setOpen(null)} />
      {creating && <IssueCreateDialog office onClose={() => setCreating(false)} onDone={() => refresh()} />}
    </>
  );
}

function DetailCell({ report }: { report: IssueReport }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', maxWidth: 320, minWidth: { md: 200 } }}>
      {report.hasPhoto && <PhotoIcon fontSize="small" color="action" />}
      <Box sx={{ overflowWrap: 'anywhere' }}>{cut(report.detail, 90)}</Box>
    </Stack>
  );
}

function SummaryCell() {
  const translate = useTranslate();
  const r = useRecordContext<IssueReport>();
  if (!r) return null;
  return (
    <Box sx={{ overflowWrap: 'anywhere' }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
        <Box sx={{ fontWeight: 500 }}>
          {translate(`issueReports.category.${r.category}`)} · {r.unitNumber ?? NONE}
        </Box>
        <StatusChip status={r.status} />
      </Stack>
      <DetailCell report={r} />
      <Box sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
        {[formatDateTime(r.reportedAt), r.residentName].filter(Boolean).join(' · ')}
      </Box>
      {r.rating > 0 && <RatingView rating={r.rating} />}
    </Box>
  );
}

function Empty() {
  const translate = useTranslate();
  return <Box sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>{translate('issueReports.empty')}</Box>;
}
