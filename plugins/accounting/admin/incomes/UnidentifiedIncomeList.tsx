// Ingresos no identificados: incomes received without a unit (a deposit nobody claimed yet). 'Asignar' gives
// one to a unit and, optionally, its debts.
import { DataTable, TextField } from 'react-admin';
import { ReceiptButton } from '../documents/ReceiptButton.tsx';
import { RowActions } from '../shared/ActionButton.tsx';
import { MethodField } from '../shared/CodeField.tsx';
import { DayField } from '../shared/DayField.tsx';
import { ListActions, ListScreen, NoData } from '../shared/ListScreen.tsx';
import { MoneyField } from '../shared/MoneyField.tsx';
import { NoWrapField } from '../shared/NoWrapField.tsx';
import { AnnulButton } from './AnnulButton.tsx';
import { AssignButton } from './AssignDialog.tsx';
import { ReconciledField } from './IncomeFields.tsx';
import { incomeFilters } from './incomeFilters.tsx';

function UnidentifiedIncomeActions() {
  return (
    <RowActions>
      <ReceiptButton compact />
      <AssignButton compact />
      <AnnulButton compact />
    </RowActions>
  );
}

export default function UnidentifiedIncomeList() {
  return (
    <ListScreen
      title="accounting.ledgerMenu.unidentifiedIncomes"
      filter={{ unidentified: true, annulled: false }}
      filters={incomeFilters({ unit: false })}
      actions={<ListActions createLabel="accounting.incomes.createUnidentified" />}
      sort={{ field: 'date', order: 'DESC' }}
    >
      <DataTable bulkActionButtons={false} rowClick="show" empty={<NoData />} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
        <DataTable.Col source="date" field={DayField} />
        <DataTable.Col source="receiptNumber" field={NoWrapField} />
        <DataTable.Col source="accountName" disableSort />
        <DataTable.Col source="method" field={MethodField} />
        <DataTable.Col source="description" disableSort>
          <TextField source="description" sx={{ display: 'block', maxWidth: 320 }} />
        </DataTable.Col>
        <DataTable.Col source="transactionReference" disableSort />
        <DataTable.Col source="amount" align="right" field={MoneyField} />
        <DataTable.Col source="reconciled" disableSort field={ReconciledField} />
        <DataTable.Col label="accounting.shared.actions" align="right" field={UnidentifiedIncomeActions} />
      </DataTable>
    </ListScreen>
  );
}
