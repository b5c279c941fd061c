// Ingresos: every income of the complex (not the accounts' initial balances), newest first, with filters by
// account, unit, method, dates and text; each row opens the income with its lines.
import { DataTable } from 'react-admin';
import { ReceiptButton } from '../documents/ReceiptButton.tsx';
import { RowActions } from '../shared/ActionButton.tsx';
import { MethodField } from '../shared/CodeField.tsx';
import { DayField } from '../shared/DayField.tsx';
import { ListActions, ListScreen, NoData } from '../shared/ListScreen.tsx';
import { MoneyField } from '../shared/MoneyField.tsx';
import { NoWrapField } from '../shared/NoWrapField.tsx';
import { AnnulButton } from './AnnulButton.tsx';
import { AnnulledField, ReconciledField } from './IncomeFields.tsx';
import { incomeFilters } from './incomeFilters.tsx';

function IncomeActions() {
  return (
    <RowActions>
      <ReceiptButton compact />
      <AnnulButton compact />
    </RowActions>
  );
}

export default function IncomeList() {
  return (
    <ListScreen
      title="accounting.ledgerMenu.incomes"
      filter={{ isInitialBalance: false }}
      filters={incomeFilters()}
      actions={<ListActions createLabel="accounting.incomes.create" />}
      sort={{ field: 'date', order: 'DESC' }}
    >
      <DataTable bulkActionButtons={false} rowClick="show" empty={<NoData />} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
        <DataTable.Col source="date" field={DayField} />
        <DataTable.Col source="receiptNumber" field={NoWrapField} />
        <DataTable.Col source="unitNumber" disableSort field={NoWrapField} />
        <DataTable.Col source="payerName" disableSort />
        <DataTable.Col source="accountName" disableSort />
        <DataTable.Col source="method" field={MethodField} />
        <DataTable.Col source="amount" align="right" field={MoneyField} />
        <DataTable.Col source="reconciled" disableSort field={ReconciledField} />
        <DataTable.Col source="annulled" disableSort field={AnnulledField} />
        <DataTable.Col label="accounting.shared.actions" align="right" field={IncomeActions} />
      </DataTable>
    </ListScreen>
  );
}
