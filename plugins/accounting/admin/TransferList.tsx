// crucecuentas: transfers between the complex's accounts; a transfer can be undone (deleted) while the
// destination still holds the money.
import { CreateButton, FilterButton, DataTable, DateInput, DeleteButton, List, TopToolbar } from 'react-admin';
import { AccountSelectInput } from './shared/AccountSelectInput.tsx';
import { useNotifyError } from './shared/accountingApi.ts';
import { useCanManage } from './shared/canManage.ts';
import { DayField } from './shared/DayField.tsx';
import { MoneyField } from './shared/MoneyField.tsx';

function Actions() {
  const canManage = useCanManage();
  return (
    <TopToolbar>
      <FilterButton />
      {canManage && <CreateButton />}
    </TopToolbar>
  );
}

function UndoButton() {
  const notifyError = useNotifyError();
  return (
    <DeleteButton
      label="accounting.treasury.transfer.undo"
      mutationMode="pessimistic"
      confirmTitle="accounting.treasury.transfer.undoTitle"
      confirmContent="accounting.treasury.transfer.undoContent"
      redirect={false}
      mutationOptions={{ onError: (error) => notifyError(error, 'accounting.treasury.errors.delete') }}
    />
  );
}

export default function TransferList() {
  const canManage = useCanManage();
  const notifyError = useNotifyError();
  const filters = [
    <AccountSelectInput key="fromAccountId" source="fromAccountId" />,
    <AccountSelectInput key="toAccountId" source="toAccountId" />,
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
      <DataTable rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="date" field={DayField} />
        <DataTable.Col source="fromAccountName" disableSort />
        <DataTable.Col source="toAccountName" disableSort />
        <DataTable.Col source="amount" field={MoneyField} align="right" />
        <DataTable.Col source="description" disableSort />
        {canManage && (
          <DataTable.Col label="accounting.treasury.actions" align="right">
            <UndoButton />
          </DataTable.Col>
        )}
      </DataTable>
    </List>
  );
}
