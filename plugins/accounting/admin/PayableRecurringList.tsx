// proveedores/cuentasRecurrentes: recurring payables (weekly, monthly, yearly). Each unpaid one is the next
// period; paying it brings the following one.
import { CreateButton, List, SearchInput, TopToolbar, useTranslate } from 'react-admin';
import { PayableTable } from './PayableList.tsx';
import { useNotifyError } from './shared/accountingApi.ts';
import { useCanManage } from './shared/canManage.ts';

function Actions() {
  const canManage = useCanManage();
  return <TopToolbar>{canManage && <CreateButton />}</TopToolbar>;
}

export default function PayableRecurringList() {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const filters = [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('accounting.treasury.payable.search')}
      sx={{ minWidth: 320 }}
    />,
  ];
  return (
    <List
      filter={{ recurring: true, paid: false }}
      sort={{ field: 'dueDate', order: 'ASC' }}
      perPage={25}
      filters={filters}
      actions={<Actions />}
      exporter={false}
      empty={false}
      queryOptions={{ onError: (error) => notifyError(error, 'accounting.treasury.errors.load') }}
    >
      <PayableTable />
    </List>
  );
}
