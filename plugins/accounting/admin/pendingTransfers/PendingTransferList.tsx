// transferenciasporaprobar: transfers that residents reported from the app, with the debts they pay; the
// office approves them (on a bank account) or rejects them.
import { formatDate, formatDateTime, formatMoney } from '@conjunto/core';
import { useRefreshOn } from '@conjunto/core/ui';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { DataTable, SelectInput, useCanAccess, useGetMany, useListContext, useRecordContext, useTranslate } from 'react-admin';
import { ACCOUNTING_TOPICS } from '../../manifest.ts';
import type { PendingTransfer, Receivable } from '../../schemas.ts';
import { VoucherButton } from '../resident/TransfersPanel.tsx';
import { ActionButton, RowActions } from '../shared/ActionButton.tsx';
import { API } from '../shared/accountingApi.ts';
import { toChoices } from '../shared/choices.ts';
import { ListActions, ListScreen, NoData, useSearchFilter } from '../shared/ListScreen.tsx';
import { MoneyField } from '../shared/MoneyField.tsx';
import { PendingTransferApproveDialog } from './PendingTransferApproveDialog.tsx';
import { PendingTransferRejectDialog } from './PendingTransferRejectDialog.tsx';

const PENDING_STATUSES = ['Pendiente', 'Aprobada', 'Rechazada'];

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
  const [dialog, setDialog] = useState<'approve' | 'reject'>();
  if (record?.status !== 'Pendiente') return null;
  return (
    <RowActions>
      <ActionButton
        compact
        label="accounting.treasury.pending.approve"
        Icon={CheckIcon}
        color="success"
        onClick={() => setDialog('approve')}
      />
      <ActionButton
        compact
        label="accounting.treasury.pending.reject"
        Icon={CloseIcon}
        color="error"
        onClick={() => setDialog('reject')}
      />
      {dialog === 'approve' && <PendingTransferApproveDialog records={[record]} onClose={() => setDialog(undefined)} />}
      {dialog === 'reject' && <PendingTransferRejectDialog records={[record]} onClose={() => setDialog(undefined)} />}
    </RowActions>
  );
}

/** The selected transfers approved or rejected at once (only pending ones can be selected). */
function BulkReview() {
  const { data, selectedIds, onUnselectItems } = useListContext<PendingTransfer>();
  const [dialog, setDialog] = useState<'approve' | 'reject'>();
  const records = (data ?? []).filter((r) => selectedIds.includes(r.id) && r.status === 'Pendiente');
  const close = () => setDialog(undefined);
  return (
    <>
      <ActionButton
        label="accounting.treasury.pending.approve"
        Icon={CheckIcon}
        color="success"
        disabled={!records.length}
        onClick={() => setDialog('approve')}
      />
      <ActionButton
        label="accounting.treasury.pending.reject"
        Icon={CloseIcon}
        color="error"
        disabled={!records.length}
        onClick={() => setDialog('reject')}
      />
      {dialog === 'approve' && <PendingTransferApproveDialog records={records} onClose={close} onDone={onUnselectItems} />}
      {dialog === 'reject' && <PendingTransferRejectDialog records={records} onClose={close} onDone={onUnselectItems} />}
    </>
  );
}

const isPending = (record: PendingTransfer) => record.status === 'Pendiente';
/** A resident's new report or a colleague's review reloads the list. */
const LIVE = [ACCOUNTING_TOPICS.pendingTransfers];

export default function PendingTransferList() {
  const translate = useTranslate();
  useRefreshOn(LIVE);
  // Approving and rejecting go together in the access table (the board reads the list only).
  const { canAccess: canReview } = useCanAccess({ resource: API.pendingTransfers, action: 'approve' });
  const filters = [
    <SelectInput key="status" source="status" choices={toChoices(PENDING_STATUSES)} alwaysOn />,
    useSearchFilter('accounting.treasury.pending.search'),
  ];
  return (
    <ListScreen
      sort={{ field: 'createdAt', order: 'DESC' }}
      filterDefaultValues={{ status: 'Pendiente' }}
      filters={filters}
      // Residents report transfers from the app: the office exports, never creates them here.
      actions={<ListActions create={false} />}
    >
      <DebtsProvider>
        <DataTable
          rowClick={false}
          bulkActionButtons={canReview ? <BulkReview /> : false}
          isRowSelectable={isPending}
          empty={<NoData />}
        >
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
          <DataTable.Col
            source="hasVoucher"
            label="accounting.resident.voucher"
            disableSort
            render={(r: PendingTransfer) => (r.hasVoucher ? <VoucherButton id={r.id} /> : null)}
          />
          {canReview && <DataTable.Col label="accounting.shared.actions" align="right" field={ReviewButtons} />}
        </DataTable>
      </DebtsProvider>
    </ListScreen>
  );
}
