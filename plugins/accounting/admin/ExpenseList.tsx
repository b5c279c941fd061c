// egresos: the expenses of the complex, newest first, with filters by account, supplier, method and dates.
import {
  AutocompleteInput,
  BooleanField,
  CreateButton,
  FilterButton,
  DataTable,
  DateInput,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { BANK_METHODS, CASH_METHODS } from '../manifest.ts';
import type { Expense } from '../schemas.ts';
import { AccountSelectInput } from './shared/AccountSelectInput.tsx';
import { useNotifyError } from './shared/accountingApi.ts';
import { useCanManage } from './shared/canManage.ts';
import { DayField } from './shared/DayField.tsx';
import { MoneyField } from './shared/MoneyField.tsx';
import { partyName, TREASURY } from './TreasuryCommon.tsx';

const METHODS = [...new Set([...CASH_METHODS, ...BANK_METHODS])].map((m) => ({ id: m, name: m }));

function Actions() {
  const canManage = useCanManage();
  return (
    <TopToolbar>
      <FilterButton />
      {canManage && <CreateButton />}
    </TopToolbar>
  );
}

export default function ExpenseList() {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const filters = [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('accounting.treasury.expense.search')}
      sx={{ minWidth: 340 }}
    />,
    <AccountSelectInput key="accountId" source="accountId" />,
    <ReferenceInput key="supplierId" source="supplierId" reference={TREASURY.suppliers} sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput optionText="name" label={`resources.${TREASURY.expenses}.fields.supplierId`} />
    </ReferenceInput>,
    <SelectInput key="method" source="method" choices={METHODS} />,
    <DateInput key="date_gte" source="date_gte" />,
    <DateInput key="date_lte" source="date_lte" />,
  ];
  return (
    <List
      sort={{ field: 'date', order: 'DESC' }}
      perPage={25}
      filters={filters}
      actions={<Actions />}
      exporter={false}
      empty={false}
      queryOptions={{ onError: (error) => notifyError(error, 'accounting.treasury.errors.load') }}
    >
      {/* Nine columns: tighter cells so that they fit beside the drawer. */}
      <DataTable rowClick="show" bulkActionButtons={false} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
        <DataTable.Col source="date" field={DayField} />
        <DataTable.Col source="receiptNumber" />
        <DataTable.Col
          source="supplierName"
          label={`resources.${TREASURY.expenses}.fields.party`}
          disableSort
          render={(r: Expense) => partyName(r)}
        />
        <DataTable.Col source="accountName" disableSort />
        <DataTable.Col source="method" disableSort />
        <DataTable.Col source="chequeNumber" />
        <DataTable.Col source="invoice" disableSort />
        <DataTable.Col source="amount" field={MoneyField} align="right" />
        <DataTable.Col source="reconciled" field={BooleanField} disableSort />
      </DataTable>
    </List>
  );
}
