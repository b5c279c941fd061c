// historial-correos (spec 000 §2.4): the complex's mail outbox as the host keeps it (read-only): when, to whom, the
// subject, its state (sent, pending, failed, kept locally without SMTP), attempts and the last error. Every plugin's
// mail is there, so the screen is the host's, on whatever modules are switched on. Filterable, exportable.
import { formatDateTime } from '@conjunto/core';
import { DayInput, ExportButton } from '@conjunto/core/ui';
import Chip from '@mui/material/Chip';
import { DataTable, List, SearchInput, SelectInput, TextInput, TopToolbar, useTranslate } from 'react-admin';

interface MailRow {
  id: string;
  to: string[];
  subject: string;
  status: 'pending' | 'sent' | 'failed' | 'local';
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

const STATES = ['sent', 'pending', 'failed', 'local'] as const;
const COLORS = { sent: 'success', pending: 'info', failed: 'error', local: 'default' } as const;

export default function MailHistoryList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('shell.mailHistory.search')} />,
    <SelectInput
      key="status"
      source="status"
      choices={STATES.map((id) => ({ id, name: `shell.mailHistory.status.${id}` }))}
      alwaysOn
    />,
    <TextInput key="to" source="to" label="shell.mailHistory.to" />,
    <DayInput key="from" source="createdAt_gte" label="shell.mailHistory.from" />,
    <DayInput key="until" source="createdAt_lte" label="shell.mailHistory.until" />,
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
              label={translate(`shell.mailHistory.status.${r.status}`)}
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
