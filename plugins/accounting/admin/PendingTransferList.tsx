// transferenciasporaprobar: transfers that residents reported from the app, with the debts they pay; the
// office approves them (on a bank account) or rejects them.
import { formatDate, formatDateTime, formatMoney } from '@conjunto/core';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import {
  DataTable,
  List,
  SearchInput,
  SelectInput,
  useGetMany,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { Receivable } from '../schemas.ts';
import PendingTransferApproveDialog, { type PendingTransfer } from './PendingTransferApproveDialog.tsx';
import PendingTransferRejectDialog from './PendingTransferRejectDialog.tsx';
import { API, useNotifyError } from './shared/accountingApi.ts';
import { useCanManage } from './shared/canManage.ts';
import { MoneyField } from './shared/MoneyField.tsx';
import { PENDING_STATUSES } from './TreasuryCommon.tsx';

const STATUS_COLORS: Record<string, 'warning' | 'success' | 'error'> = {
  Pendiente: 'warning',
  Aprobada: 'success',
  Rechazada: 'error',
};

/** The debts of every transfer on the page, fetched at once. */
const DebtsContext = createContext<Map<string, Receivable>>(new Map());

function DebtsProvider({ children }: { children: ReactNode }) {
  const { data } = useListContext<PendingTransfer>();
  const ids = useMemo(() => [...new Set((data ?? []).flatMap((t) => t.receivableIds))].sort(), [data]);
  const { data: debts } = useGetMany<Receivable>(API.receivables, { ids }, { enabled: ids.length > 0 });
  const byId = useMemo(() => new Map((debts ?? []).filter(Boolean).map((d) => [String(d.id), d])), [debts]);
  return <DebtsContext.Provider value={byId}>{children}</DebtsContext.Provider>;
}

function DebtsField() {
  const record = useRecordContext<PendingTransfer>();
  const debts = useContext(DebtsContext);
  if (!record?.receivableIds.length) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2, minWidth: 140, typography: 'body2' }}>
      {record.receivableIds.map((id) => {
        const debt = debts.get(id);
        return <li key={id}>{debt ? `${debt.name} (${formatMoney(debt.originalAmount)})` : '…'}</li>;
      })}
    </Box>
  );
}

function StatusField() {
  const record = useRecordContext<PendingTransfer>();
  const translate = useTranslate();
  if (!record) return null;
  const chip = <Chip size="small" label={record.status} color={STATUS_COLORS[record.status]} variant="outlined" />;
  if (record.status !== 'Rechazada' || !record.rejectReason) return chip;
  return <span title={`${translate('accounting.treasury.pending.reason')}: ${record.rejectReason}`}>{chip}</span>;
}

function ReviewButtons() {
  const record = useRecordContext<PendingTransfer>();
  const translate = useTranslate();
  const [dialog, setDialog] = useState<'approve' | 'reject'>();
  if (record?.status !== 'Pendiente') return null;
  const approve = translate('accounting.treasury.pending.approve');
  const reject = translate('accounting.treasury.pending.reject');
  // Icon buttons (named for screen readers, with a tooltip): the table is wide already.
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end' }}>
      <Tooltip title={approve}>
        <IconButton aria-label={approve} color="success" onClick={() => setDialog('approve')}>
          <CheckIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={reject}>
        <IconButton aria-label={reject} color="error" onClick={() => setDialog('reject')}>
          <CloseIcon />
        </IconButton>
      </Tooltip>
      {dialog === 'approve' && <PendingTransferApproveDialog record={record} open onClose={() => setDialog(undefined)} />}
      {dialog === 'reject' && <PendingTransferRejectDialog record={record} open onClose={() => setDialog(undefined)} />}
    </Box>
  );
}

export default function PendingTransferList() {
  const translate = useTranslate();
  const canManage = useCanManage();
  const notifyError = useNotifyError();
  const filters = [
    <SelectInput key="status" source="status" choices={PENDING_STATUSES.map((s) => ({ id: s, name: s }))} alwaysOn />,
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('accounting.treasury.pending.search')}
      sx={{ minWidth: 320 }}
    />,
  ];
  return (
    <List
      sort={{ field: 'createdAt', order: 'DESC' }}
      filterDefaultValues={{ status: 'Pendiente' }}
      perPage={25}
      filters={filters}
      actions={false}
      exporter={false}
      empty={false}
      queryOptions={{ onError: (error) => notifyError(error, 'accounting.treasury.errors.load') }}
    >
      <DebtsProvider>
        <DataTable rowClick={false} bulkActionButtons={false}>
          <DataTable.Col
            source="createdAt"
            render={(r: PendingTransfer) => <span title={formatDateTime(r.createdAt)}>{formatDate(r.createdAt)}</span>}
          />
          <DataTable.Col source="status" field={StatusField} />
          <DataTable.Col source="unitNumber" disableSort cellSx={() => ({ whiteSpace: 'nowrap' })} />
          <DataTable.Col
            source="userName"
            disableSort
            render={(r: PendingTransfer) => r.userName || translate('accounting.treasury.unknown')}
          />
          <DataTable.Col source="amount" field={MoneyField} align="right" />
          <DataTable.Col source="detail" disableSort cellSx={() => ({ minWidth: 120, maxWidth: 180 })} />
          <DataTable.Col source="reference" disableSort />
          <DataTable.Col source="receivableIds" field={DebtsField} disableSort />
          {canManage && (
            <DataTable.Col label="accounting.treasury.actions" align="right">
              <ReviewButtons />
            </DataTable.Col>
          )}
        </DataTable>
      </DebtsProvider>
    </List>
  );
}
