// Anulaciones: the annulled incomes (read-only). An annulled income keeps its receipt number, unit and payer;
// its value and lines are zero and its description 'Anulación' (spec 000 §4).
import { DataTable, FilterButton, List, TopToolbar } from 'react-admin';
import { DayField } from '../shared/DayField.tsx';
import { NoWrapField } from './IncomeFields.tsx';
import { Empty } from './IncomeList.tsx';
import { incomeFilters } from './incomeFilters.tsx';

export default function AnnulledIncomeList() {
  return (
    <List
      title="accounting.ledgerMenu.annulments"
      filter={{ annulled: true }}
      filters={incomeFilters()}
      actions={
        <TopToolbar>
          <FilterButton />
        </TopToolbar>
      }
      sort={{ field: 'date', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={false}
    >
      <DataTable bulkActionButtons={false} rowClick="show" empty={<Empty />} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
        <DataTable.Col source="date" field={DayField} />
        <DataTable.Col source="receiptNumber" field={NoWrapField} />
        <DataTable.Col source="unitNumber" disableSort field={NoWrapField} />
        <DataTable.Col source="payerName" disableSort />
        <DataTable.Col source="accountName" disableSort />
        <DataTable.Col source="method" />
        <DataTable.Col source="transactionReference" disableSort />
        <DataTable.Col source="description" disableSort />
      </DataTable>
    </List>
  );
}
