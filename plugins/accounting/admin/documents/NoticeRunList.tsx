// Avisos enviados (issue 14, spec 002 §2.3): the history of the payment-notice runs, one row per run. The office
// and the board (/directiva/notificaciones) read it; the board never reads the outbox (password links and the like).
import { formatDateTime } from '@conjunto/core';
import { DayInput, ExportButton } from '@conjunto/core/ui';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { DataTable, ListBase, ListToolbar, Pagination, SelectInput, TopToolbar, useTranslate } from 'react-admin';
import { NOTICE_KINDS } from '../../manifest.ts';
import type { NoticeRunItem } from '../../schemas.ts';
import { API } from '../shared/accountingApi.ts';

const kindKey = (kind: string) => `accounting.documents.noticeRuns.kinds.${kind}`;

export function NoticeRunList({ version = 0 }: { version?: number }) {
  const translate = useTranslate();
  const filters = [
    <SelectInput key="kind" source="kind" choices={NOTICE_KINDS.map((id) => ({ id, name: kindKey(id) }))} alwaysOn />,
    <DayInput key="from" source="noticeDate_gte" label="accounting.documents.noticeRuns.from" alwaysOn />,
    <DayInput key="to" source="noticeDate_lte" label="accounting.documents.noticeRuns.to" alwaysOn />,
  ];
  return (
    // In a card, as the senders above it; on a phone the table scrolls inside it, not the page.
    <Card variant="outlined" sx={{ mt: 3, p: 2, '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}>
      <Typography variant="h6" sx={{ mb: 1 }}>
        {translate('accounting.documents.noticeRuns.title')}
      </Typography>
      <ListBase
        key={version}
        resource={API.noticeRuns}
        disableSyncWithLocation
        perPage={10}
        sort={{ field: 'noticeDate', order: 'DESC' }}
      >
        <ListToolbar
          filters={filters}
          actions={
            <TopToolbar>
              <ExportButton />
              <ExportButton format="xlsx" />
            </TopToolbar>
          }
        />
        {/* Column titles: resources.notice-runs.fields.*; DataTable shows its skeleton while loading. */}
        <DataTable<NoticeRunItem>
          bulkActionButtons={false}
          rowClick={false}
          empty={
            <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
              {translate('accounting.documents.noticeRuns.empty')}
            </Typography>
          }
        >
          <DataTable.Col source="noticeDate" render={(r) => formatDateTime(r.noticeDate)} />
          <DataTable.Col source="number" align="right" />
          <DataTable.Col source="kind" render={(r) => translate(kindKey(r.kind))} />
          <DataTable.Col source="queued" align="right" />
          <DataTable.Col source="skipped" align="right" />
          <DataTable.Col source="userName" disableSort />
        </DataTable>
        <Pagination rowsPerPageOptions={[10, 25, 100]} />
      </ListBase>
    </Card>
  );
}
