// Historial de correos: the complex's mail outbox (read-only). Without SMTP the mails stay in the local outbox
// ('Bandeja local') and can be read here, attachments included.
import { formatDateTime } from '@conjunto/core';
import { ExportButton } from '@conjunto/core/ui';
import { useState } from 'react';
import {
  DataTable,
  type Identifier,
  ListBase,
  ListToolbar,
  Pagination,
  SearchInput,
  SelectInput,
  TopToolbar,
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
    <SelectInput key="status" source="status" choices={statuses} alwaysOn />,
  ];
  return (
    <ListBase
      key={version}
      resource={API.outbox}
      disableSyncWithLocation
      perPage={10}
      sort={{ field: 'createdAt', order: 'DESC' }}
    >
      <ListToolbar
        filters={filters}
        actions={
          <TopToolbar>
            <ExportButton />
          </TopToolbar>
        }
      />
      <DataTable<MailRow>
        bulkActionButtons={false}
        rowClick={(id) => {
          setOpen(id);
          return false;
        }}
        empty={<span />}
      >
        {/* Column titles: resources.mail-outbox.fields.* */}
        <DataTable.Col source="createdAt" render={(r) => formatDateTime(r.createdAt)} />
        <DataTable.Col source="to" disableSort render={(r) => r.to.join(', ')} />
        <DataTable.Col source="subject" />
        <DataTable.Col source="attachmentCount" disableSort align="right" />
        <DataTable.Col source="createdByName" disableSort />
        <DataTable.Col source="status" render={(r) => <MailStatus status={r.status} />} />
      </DataTable>
      <Pagination rowsPerPageOptions={[10, 25, 100]} />
      <MailDetailDialog id={open} onClose={() => setOpen(null)} />
    </ListBase>
  );
}
