// conciliar: the reconciliations of the complex (account, up to which day, what they marked, who and when)
// and 'Conciliar', which opens the form.
import { formatDateTime, formatMoney } from '@conjunto/core';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import { DataTable } from 'react-admin';
import type { Reconciliation } from '../../schemas.ts';
import { AccountSelectInput } from '../shared/AccountSelectInput.tsx';
import { DayField } from '../shared/DayField.tsx';
import { ListActions, ListScreen, NoData } from '../shared/ListScreen.tsx';

const filters = [<AccountSelectInput key="accountId" source="accountId" />];

/** '12 · $1,234.00': how many movements and their total. */
const countAndTotal = (count: number, total: number) => `${count} · ${formatMoney(total)}`;

export default function ReconciliationList() {
  return (
    <ListScreen
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={filters}
      actions={<ListActions createLabel="accounting.treasury.reconciliation.create" createIcon={<FactCheckIcon />} />}
    >
      <DataTable rowClick="edit" bulkActionButtons={false} empty={<NoData />}>
        <DataTable.Col source="accountName" disableSort />
        <DataTable.Col source="untilDate" field={DayField} />
        <DataTable.Col
          source="incomeCount"
          align="right"
          disableSort
          label="resources.conciliar.fields.incomes"
          render={(r: Reconciliation) => countAndTotal(r.incomeCount, r.incomeTotal)}
        />
        <DataTable.Col
          source="expenseCount"
          align="right"
          disableSort
          label="resources.conciliar.fields.expenses"
          render={(r: Reconciliation) => countAndTotal(r.expenseCount, r.expenseTotal)}
        />
        <DataTable.Col source="userName" disableSort />
        <DataTable.Col source="createdAt" render={(r: Reconciliation) => formatDateTime(r.createdAt)} />
      </DataTable>
    </ListScreen>
  );
}
