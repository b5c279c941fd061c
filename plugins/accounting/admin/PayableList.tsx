// proveedores/cuentasporpagar: the payables due within the next month (overdue ones included, spec 000 §9),
// with 'Pagar', which opens the expense form prefilled with the payable.
import { businessDay, formatDate } from '@conjunto/core';
import PaymentsIcon from '@mui/icons-material/Payments';
import Typography from '@mui/material/Typography';
import {
  Button,
  CreateButton,
  DataTable,
  List,
  SearchInput,
  TopToolbar,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import type { Static } from 'typebox';
import type { PayableSchema } from '../schemas.ts';
import { useNotifyError } from './shared/accountingApi.ts';
import { useCanManage } from './shared/canManage.ts';
import { MoneyField } from './shared/MoneyField.tsx';
import { TREASURY } from './TreasuryCommon.tsx';

type Payable = Static<typeof PayableSchema>;

function Actions() {
  const canManage = useCanManage();
  return <TopToolbar>{canManage && <CreateButton />}</TopToolbar>;
}

/** Opens egresos/create with the payable's supplier, detail and cost; the expense then settles it. */
export function PayButton() {
  const record = useRecordContext<Payable>();
  const redirect = useRedirect();
  if (!record) return null;
  const expense = {
    payableId: record.id,
    supplierId: record.supplierId,
    payeeName: record.supplierId ? null : record.supplierName,
    description: record.detail,
    lines: [{ description: record.detail, category: '', subcategory: null, amount: record.amount }],
  };
  return (
    <Button
      label="accounting.treasury.payable.pay"
      onClick={(event) => {
        event.stopPropagation();
        redirect('create', TREASURY.expenses, undefined, undefined, { record: expense });
      }}
    >
      <PaymentsIcon />
    </Button>
  );
}

/** Plazo, in red once it has passed. */
export function DueDateField() {
  const record = useRecordContext<Payable>();
  if (!record) return null;
  const overdue = !record.paidAt && record.dueDate < businessDay();
  return (
    <Typography component="span" variant="body2" color={overdue ? 'error' : undefined} sx={{ whiteSpace: 'nowrap' }}>
      {formatDate(record.dueDate)}
    </Typography>
  );
}

export function RecurrenceField() {
  const record = useRecordContext<Payable>();
  const translate = useTranslate();
  return <span>{translate(`accounting.treasury.recurrence.${record?.recurrenceDays ?? 'none'}`)}</span>;
}

export function PayableTable() {
  const canManage = useCanManage();
  return (
    <DataTable rowClick={canManage ? 'edit' : false} bulkActionButtons={false}>
      <DataTable.Col source="supplierName" />
      <DataTable.Col source="detail" disableSort />
      <DataTable.Col source="amount" field={MoneyField} align="right" />
      <DataTable.Col source="dueDate" field={DueDateField} />
      <DataTable.Col source="recurrenceDays" field={RecurrenceField} disableSort />
      {canManage && (
        <DataTable.Col label="accounting.treasury.actions" align="right">
          <PayButton />
        </DataTable.Col>
      )}
    </DataTable>
  );
}

export default function PayableList() {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const filters = [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('accounting.treasury.payable.search')}
      sx={{ minWidth: 320 }}
    />,
  ];
  return (
    <List
      filter={{ dueSoon: true }}
      sort={{ field: 'dueDate', order: 'ASC' }}
      perPage={25}
      filters={filters}
      actions={<Actions />}
      exporter={false}
      empty={false}
      queryOptions={{ onError: (error) => notifyError(error, 'accounting.treasury.errors.load') }}
    >
      <PayableTable />
    </List>
  );
}
