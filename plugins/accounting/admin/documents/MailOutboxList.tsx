// Historial de correos: the complex's mail outbox (read-only). Without SMTP the mails stay in the local outbox
// ('Bandeja local') and can be read here, attachments included.
import { formatDateTime } from '@conjunto/core';
import { useState } from 'react';
import {
  DataTable,
  type Identifier,
  ListBase,
  ListToolbar,
  Pagination,
  SearchInput,
  SelectInput,
  useTranslate,
} from 'react-admin';
import { API } from '../shared/accountingApi.ts';
import { MailDetailDialog } from './MailDetailDialog.tsx';
import { MailStatus } from './MailStatus.tsx';

interface MailRow {
  id: string;
  to: string[];
  subject: string;
  status: string;
  createdAt: string;
  attachmentCount: number;
  createdByName: string | null;
}

export function MailOutboxList({ version }: { version: number }) {
  const translate = useTranslate();
  const [open, setOpen] = useState<Identifier | null>(null);
  const statuses = ['pending', 'sent', 'failed', 'local'].map((id) => ({ id, name: `accounting.documents.outbox.status.${id}` }));
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('accounting.documents.outbox.search')} />,
    <SelectInput key="status" source="status" choices={statuses} alwaysOn label="accounting.documents.outbox.columns.status" />,
  ];
  return (
    <ListBase
      key={version}
      resource={API.outbox}
      disableSyncWithLocation
      perPage={10}
      sort={{ field: 'createdAt', order: 'DESC' }}
    >
      <ListToolbar filters={filters} />
      <DataTable<MailRow>
        bulkActionButtons={false}
        rowClick={(id) => {
          setOpen(id);
          return false;
        }}
        empty={<span />}
      >
        <DataTable.Col
          source="createdAt"
          label="accounting.documents.outbox.columns.createdAt"
          render={(r) => formatDateTime(r.createdAt)}
        />
        <DataTable.Col source="to" label="accounting.documents.outbox.columns.to" disableSort render={(r) => r.to.join(', ')} />
        <DataTable.Col source="subject" label="accounting.documents.outbox.columns.subject" />
        <DataTable.Col
          source="attachmentCount"
          label="accounting.documents.outbox.columns.attachments"
          disableSort
          align="right"
        />
        <DataTable.Col source="createdByName" label="accounting.documents.outbox.columns.createdBy" disableSort />
        <DataTable.Col
          source="status"
          label="accounting.documents.outbox.columns.status"
          render={(r) => <MailStatus status={r.status} />}
        />
      </DataTable>
      <Pagination rowsPerPageOptions={[10, 25, 100]} />
      <MailDetailDialog id={open} onClose={() => setOpen(null)} />
    </ListBase>
  );
}
