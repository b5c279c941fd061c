// Ingresos: every income of the complex (not the accounts' initial balances), newest first, with filters by
// account, unit, method, dates and text; each row opens the income with its lines.
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CreateButton, DataTable, FilterButton, List, TopToolbar, useTranslate } from 'react-admin';
import { useCanManage } from '../shared/canManage.ts';
import { DayField } from '../shared/DayField.tsx';
import { MoneyField } from '../shared/MoneyField.tsx';
import { AnnulButton } from './AnnulButton.tsx';
import { AnnulledField, NoWrapField, ReconciledField } from './IncomeFields.tsx';
import { incomeFilters } from './incomeFilters.tsx';

function Actions() {
  const canManage = useCanManage();
  return (
    <TopToolbar>
      <FilterButton />
      {canManage && <CreateButton label="accounting.incomes.create" />}
    </TopToolbar>
  );
}

export function Empty() {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
      {translate('accounting.shared.empty')}
    </Typography>
  );
}

function RowActions() {
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <AnnulButton icon />
    </Stack>
  );
}

export default function IncomeList() {
  const canManage = useCanManage();
  return (
    <List
      title="accounting.ledgerMenu.incomes"
      filter={{ isInitialBalance: false }}
      filters={incomeFilters()}
      actions={<Actions />}
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
        <DataTable.Col source="amount" align="right" field={MoneyField} />
        <DataTable.Col source="reconciled" disableSort field={ReconciledField} />
        <DataTable.Col source="annulled" disableSort field={AnnulledField} />
        {canManage && <DataTable.Col label="accounting.shared.actions" align="right" field={RowActions} />}
      </DataTable>
    </List>
  );
}
