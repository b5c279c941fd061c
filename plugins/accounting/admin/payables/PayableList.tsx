// proveedores/cuentasporpagar: the payables due within the next month (overdue ones included, spec 000 §9).
import { ListScreen, useSearchFilter } from '../shared/ListScreen.tsx';
import { PayableTable } from './PayableTable.tsx';

export default function PayableList() {
  const filters = [useSearchFilter('accounting.treasury.payable.search')];
  return (
    <ListScreen filter={{ dueSoon: true }} sort={{ field: 'dueDate', order: 'ASC' }} filters={filters}>
      <PayableTable />
    </ListScreen>
  );
}
