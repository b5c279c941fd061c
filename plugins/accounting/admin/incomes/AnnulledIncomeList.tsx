// Anulaciones: the annulled incomes (read-only). An annulled income keeps its receipt number, unit and payer;
// its value and lines are zero and its description 'Anulación' (spec 000 §4). Its receipt shows 'ANULADO'.
import { DataTable } from 'react-admin';
import { ReceiptButton } from '../documents/ReceiptButton.tsx';
import { RowActions } from '../shared/ActionButton.tsx';
import { MethodField } from '../shared/CodeField.tsx';
import { DayField } from '../shared/DayField.tsx';
import { ListScreen, NoData } from '../shared/ListScreen.tsx';
import { NoWrapField } from '../shared/NoWrapField.tsx';
import { incomeFilters } from './incomeFilters.tsx';

function AnnulledIncomeActions() {
  return (
    <RowActions>
      <ReceiptButton compact />
    </RowActions>
  );
}

export default function AnnulledIncomeList() {
  return (
    <ListScreen
      title="accounting.ledgerMenu.annulments"
      filter={{ annulled: true }}
      filters={incomeFilters()}
      sort={{ field: 'date', order: 'DESC' }}
    >
      <DataTable bulkActionButtons={false} rowClick="show" empty={<NoData />} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
        <DataTable.Col source="date" field={DayField} />
        <DataTable.Col source="receiptNumber" field={NoWrapField} />
        <DataTable.Col source="unitNumber" disableSort field={NoWrapField} />
        <DataTable.Col source="payerName" disableSort />
        <DataTable.Col source="accountName" disableSort />
        <DataTable.Col source="method" field={MethodField} />
        <DataTable.Col source="transactionReference" disableSort />
        <DataTable.Col source="description" disableSort />
        <DataTable.Col label="accounting.shared.actions" align="right" field={AnnulledIncomeActions} />
      </DataTable>
    </ListScreen>
  );
}
