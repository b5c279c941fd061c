// Ingresos no identificados: incomes received without a unit (a deposit nobody claimed yet). 'Asignar' gives
// one to a unit and, optionally, its debts.
import Stack from '@mui/material/Stack';
import { CreateButton, DataTable, FilterButton, List, TextField, TopToolbar } from 'react-admin';
import { useCanManage } from '../shared/canManage.ts';
import { DayField } from '../shared/DayField.tsx';
import { MoneyField } from '../shared/MoneyField.tsx';
import { AnnulButton } from './AnnulButton.tsx';
import { AssignButton } from './AssignDialog.tsx';
import { NoWrapField, ReconciledField } from './IncomeFields.tsx';
import { Empty } from './IncomeList.tsx';
import { incomeFilters } from './incomeFilters.tsx';

function Actions() {
  const canManage = useCanManage();
  return (
    <TopToolbar>
      <FilterButton />
      {canManage && <CreateButton label="accounting.incomes.createUnidentified" />}
    </TopToolbar>
  );
}

function RowActions() {
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <AssignButton icon />
      <AnnulButton icon />
    </Stack>
  );
}

export default function UnidentifiedIncomeList() {
  const canManage = useCanManage();
  return (
    <List
      title="accounting.ledgerMenu.unidentifiedIncomes"
      filter={{ unidentified: true, annulled: false }}
      filters={incomeFilters({ unit: false })}
      actions={<Actions />}
      sort={{ field: 'date', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={false}
    >
      <DataTable bulkActionButtons={false} rowClick="show" empty={<Empty />} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
        <DataTable.Col source="date" field={DayField} />
        <DataTable.Col source="receiptNumber" field={NoWrapField} />
        <DataTable.Col source="accountName" disableSort />
        <DataTable.Col source="method" />
        <DataTable.Col source="description" disableSort>
          <TextField source="description" sx={{ display: 'block', maxWidth: 320 }} />
        </DataTable.Col>
        <DataTable.Col source="transactionReference" disableSort />
        <DataTable.Col source="amount" align="right" field={MoneyField} />
        <DataTable.Col source="reconciled" disableSort field={ReconciledField} />
        {canManage && <DataTable.Col label="accounting.shared.actions" align="right" field={RowActions} />}
      </DataTable>
    </List>
  );
}
