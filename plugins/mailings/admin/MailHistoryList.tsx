// Historial de correos: the complex's mail outbox as the host keeps it (read-only): when, to whom, the subject, its
// state (sent, pending, failed, kept locally without SMTP), attempts and the last error. Filterable, exportable.
import { formatDateTime } from '@conjunto/core';
import { ExportButton } from '@conjunto/core/ui';
import Chip from '@mui/material/Chip';
import { DataTable, DateInput, List, SearchInput, SelectInput, TextInput, TopToolbar, useTranslate } from 'react-admin';

interface MailRow {
  id: string;
  to: string[];
  subject: string;
  status: 'pending' | 'sent' | 'failed' | 'local';
  attempts: number;
  lastError: string | null;
  category: string | null;
  createdAt: string;
  sentAt: string | null;
}

const STATES = ['sent', 'pending', 'failed', 'local'] as const;
const COLORS = { sent: 'success', pending: 'info', failed: 'error', local: 'default' } as const;

export default function MailHistoryList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('mailings.history.search')} />,
    <SelectInput
      key="status"
      source="status"
      choices={STATES.map((id) => ({ id, name: `mailings.history.status.${id}` }))}
      alwaysOn
    />,
    <TextInput key="to" source="to" label="mailings.history.to" />,
    <DateInput key="from" source="createdAt_gte" label="mailings.history.from" />,
    <DateInput key="until" source="createdAt_lte" label="mailings.history.until" />,
    <SelectInput
      key="category"
      source="category"
      choices={[{ id: 'mailings.scheduled', name: 'mailings.history.scheduledOnly' }]}
    />,
  ];
  return (
    <List
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
      actions={
        <TopToolbar>
          <ExportButton />
          <ExportButton format="xlsx" />
        </TopToolbar>
      }
    >
      <DataTable<MailRow> bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="createdAt" render={(r) => formatDateTime(r.createdAt)} />
        <DataTable.Col source="to" disableSort render={(r) => r.to.join(', ')} />
        <DataTable.Col source="subject" />
        <DataTable.Col
          source="status"
          render={(r) => (
            <Chip
              size="small"
              color={COLORS[r.status as MailRow['status']]}
              label={translate(`mailings.history.status.${r.status}`)}
            />
          )}
        />
        <DataTable.Col source="attempts" disableSort align="right" />
        <DataTable.Col source="lastError" disableSort render={(r) => r.lastError ?? ''} />
        <DataTable.Col source="sentAt" render={(r) => (r.sentAt ? formatDateTime(r.sentAt) : '')} />
      </DataTable>
    </List>
  );
}
