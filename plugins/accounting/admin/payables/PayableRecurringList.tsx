// proveedores/cuentasRecurrentes: recurring payables (weekly, monthly, yearly). Each unpaid one is the next
// period; paying it brings the following one.
import { ListScreen, useSearchFilter } from '../shared/ListScreen.tsx';
import { PayableTable } from './PayableTable.tsx';

export default function PayableRecurringList() {
  const filters = [useSearchFilter('accounting.treasury.payable.search')];
  return (
    <ListScreen filter={{ recurring: true, paid: false }} sort={{ field: 'dueDate', order: 'ASC' }} filters={filters}>
      <PayableTable />
    </ListScreen>
  );
}
