// egresos: the expenses of the complex, newest first, with filters by account, supplier, method and dates.
import { DayInput } from '@conjunto/core/ui';
import { AutocompleteInput, BooleanField, DataTable, ReferenceInput, SelectInput } from 'react-admin';
import type { Expense } from '../../schemas.ts';
import { VoucherButton } from '../documents/VoucherButton.tsx';
import { AccountSelectInput } from '../shared/AccountSelectInput.tsx';
import { RowActions } from '../shared/ActionButton.tsx';
import { MethodField } from '../shared/CodeField.tsx';
import { METHOD_CHOICES } from '../shared/choices.ts';
import { DayField } from '../shared/DayField.tsx';
import { ListScreen, NoData, useSearchFilter } from '../shared/ListScreen.tsx';
import { MoneyField } from '../shared/MoneyField.tsx';
import { RESOURCES } from '../shared/paths.ts';
import { partyName } from './ExpenseFields.tsx';

function ExpenseActions() {
  return (
    <RowActions>
      <VoucherButton compact />
    </RowActions>
  );
}

export default function ExpenseList() {
  const filters = [
    useSearchFilter('accounting.treasury.expense.search'),
    <AccountSelectInput key="accountId" source="accountId" />,
    <ReferenceInput key="supplierId" source="supplierId" reference={RESOURCES.suppliers} sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput optionText="name" label="resources.egresos.fields.supplierId" />
    </ReferenceInput>,
    <SelectInput key="method" source="method" choices={METHOD_CHOICES} />,
    <DayInput key="date_gte" source="date_gte" />,
    <DayInput key="date_lte" source="date_lte" />,
  ];
  return (
    <ListScreen sort={{ field: 'date', order: 'DESC' }} filters={filters}>
      {/* Nine columns: tighter cells so that they fit beside the drawer. */}
      <DataTable rowClick="show" bulkActionButtons={false} empty={<NoData />} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
        <DataTable.Col source="date" field={DayField} />
        <DataTable.Col source="receiptNumber" />
        <DataTable.Col
          source="supplierName"
          label="resources.egresos.fields.party"
          disableSort
          render={(r: Expense) => partyName(r)}
        />
        <DataTable.Col source="accountName" disableSort />
        <DataTable.Col source="method" field={MethodField} disableSort />
        <DataTable.Col source="chequeNumber" />
        <DataTable.Col source="invoice" disableSort />
        <DataTable.Col source="amount" field={MoneyField} align="right" />
        <DataTable.Col source="reconciled" field={BooleanField} disableSort />
        <DataTable.Col label="accounting.shared.actions" align="right" field={ExpenseActions} />
      </DataTable>
    </ListScreen>
  );
}
