// The table of the payable lists: Proveedor, Detalle, Costo, Plazo (red once it has passed), recurrence, and
// 'Pagar', which opens the expense form prefilled with the payable.
import { businessDay, formatDate } from '@conjunto/core';
import PaymentsIcon from '@mui/icons-material/Payments';
import Typography from '@mui/material/Typography';
import { Button, DataTable, useCanAccess, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import type { Payable } from '../../schemas.ts';
import { API } from '../shared/accountingApi.ts';
import { NoData } from '../shared/ListScreen.tsx';
import { MoneyField } from '../shared/MoneyField.tsx';
import { RESOURCES } from '../shared/paths.ts';

/** Opens egresos/create with the payable's supplier, detail and cost; the expense then settles it. */
function PayButton() {
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
        redirect('create', RESOURCES.expenses, undefined, undefined, { record: expense });
      }}
    >
      <PaymentsIcon />
    </Button>
  );
}

/** Plazo, in red once it has passed. */
function DueDateField() {
  const record = useRecordContext<Payable>();
  if (!record) return null;
  const overdue = !record.paidAt && record.dueDate < businessDay();
  return (
    <Typography component="span" variant="body2" color={overdue ? 'error' : undefined} sx={{ whiteSpace: 'nowrap' }}>
      {formatDate(record.dueDate)}
    </Typography>
  );
}

function RecurrenceField() {
  const record = useRecordContext<Payable>();
  const translate = useTranslate();
  return <span>{translate(`accounting.treasury.recurrence.${record?.recurrenceDays ?? 'none'}`)}</span>;
}

export function PayableTable() {
  const { canAccess: canEdit } = useCanAccess({ resource: API.payables, action: 'edit' });
  // Paying opens a new expense.
  const { canAccess: canPay } = useCanAccess({ resource: API.expenses, action: 'create' });
  return (
    <DataTable rowClick={canEdit ? 'edit' : false} bulkActionButtons={false} empty={<NoData />}>
      <DataTable.Col source="supplierName" />
      <DataTable.Col source="detail" disableSort />
      <DataTable.Col source="amount" field={MoneyField} align="right" />
      <DataTable.Col source="dueDate" field={DueDateField} />
      <DataTable.Col source="recurrenceDays" field={RecurrenceField} disableSort />
      {canPay && <DataTable.Col label="accounting.shared.actions" align="right" field={PayButton} />}
    </DataTable>
  );
}
