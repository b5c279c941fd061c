// conciliar: the reconciliations of the complex (account, up to which day, what they marked, who and when)
// and 'Conciliar', which opens the form.
import { formatDateTime, formatMoney } from '@conjunto/core';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import { CreateButton, FilterButton, DataTable, List, TopToolbar, useTranslate } from 'react-admin';
import type { Static } from 'typebox';
import type { ReconciliationSchema } from '../schemas.ts';
import { AccountSelectInput } from './shared/AccountSelectInput.tsx';
import { useNotifyError } from './shared/accountingApi.ts';
import { useCanManage } from './shared/canManage.ts';
import { DayField } from './shared/DayField.tsx';
import { TREASURY } from './TreasuryCommon.tsx';

export type Reconciliation = Static<typeof ReconciliationSchema>;

function Actions() {
  const canManage = useCanManage();
  return (
    <TopToolbar>
      <FilterButton />
      {canManage && <CreateButton label="accounting.treasury.reconciliation.create" icon={<FactCheckIcon />} />}
    </TopToolbar>
  );
}

/** '12 · $1,234.00': how many movements and their total. */
const countAndTotal = (count: number, total: number) => `${count} · ${formatMoney(total)}`;

export default function ReconciliationList() {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const filters = [<AccountSelectInput key="accountId" source="accountId" />];
  return (
    <List
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      filters={filters}
      actions={<Actions />}
      exporter={false}
      empty={false}
      queryOptions={{ onError: (error) => notifyError(error, 'accounting.treasury.errors.load') }}
    >
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="accountName" disableSort />
        <DataTable.Col source="untilDate" field={DayField} />
        <DataTable.Col
          source="incomeCount"
          align="right"
          disableSort
          label={translate(`resources.${TREASURY.reconciliations}.fields.incomes`)}
          render={(r: Reconciliation) => countAndTotal(r.incomeCount, r.incomeTotal)}
        />
        <DataTable.Col
          source="expenseCount"
          align="right"
          disableSort
          label={translate(`resources.${TREASURY.reconciliations}.fields.expenses`)}
          render={(r: Reconciliation) => countAndTotal(r.expenseCount, r.expenseTotal)}
        />
        <DataTable.Col source="userName" disableSort />
        <DataTable.Col source="createdAt" render={(r: Reconciliation) => formatDateTime(r.createdAt)} />
      </DataTable>
    </List>
  );
}
