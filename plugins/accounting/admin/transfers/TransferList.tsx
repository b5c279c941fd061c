// crucecuentas: transfers between the complex's accounts; a transfer can be undone (deleted) while the
// destination still holds the money.
import { DayInput } from '@conjunto/core/ui';
import { DataTable, useCanAccess } from 'react-admin';
import { AccountSelectInput } from '../shared/AccountSelectInput.tsx';
import { ConfirmDeleteButton } from '../shared/ConfirmDeleteButton.tsx';
import { DayField } from '../shared/DayField.tsx';
import { ListScreen, NoData } from '../shared/ListScreen.tsx';
import { MoneyField } from '../shared/MoneyField.tsx';

const filters = [
  <AccountSelectInput key="fromAccountId" source="fromAccountId" />,
  <AccountSelectInput key="toAccountId" source="toAccountId" />,
  <DayInput key="date_gte" source="date_gte" />,
  <DayInput key="date_lte" source="date_lte" />,
];

function UndoButton() {
  return (
    <ConfirmDeleteButton
      label="accounting.treasury.transfer.undo"
      confirmTitle="accounting.treasury.transfer.undoTitle"
      confirmContent="accounting.treasury.transfer.undoContent"
      redirect={false}
    />
  );
}

export default function TransferList() {
  // Undoing a transfer deletes it.
  const { canAccess: canUndo } = useCanAccess({ action: 'delete' });
  return (
    <ListScreen sort={{ field: 'date', order: 'DESC' }} filters={filters}>
      <DataTable rowClick={false} bulkActionButtons={false} empty={<NoData />}>
        <DataTable.Col source="date" field={DayField} />
        <DataTable.Col source="fromAccountName" disableSort />
        <DataTable.Col source="toAccountName" disableSort />
        <DataTable.Col source="amount" field={MoneyField} align="right" />
        <DataTable.Col source="description" disableSort />
        {canUndo && <DataTable.Col label="accounting.shared.actions" align="right" field={UndoButton} />}
      </DataTable>
    </ListScreen>
  );
}
