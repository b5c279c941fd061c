// proveedores: the suppliers of the complex (Nombre, RUC/Cédula, Correo, Teléfono, Dirección).
import { DataTable } from 'react-admin';
import { useCanManage } from '../shared/canManage.ts';
import { ListScreen, NoData, useSearchFilter } from '../shared/ListScreen.tsx';

export default function SupplierList() {
  const canManage = useCanManage();
  const filters = [useSearchFilter('accounting.treasury.supplier.search')];
  return (
    <ListScreen sort={{ field: 'name', order: 'ASC' }} filters={filters}>
      <DataTable rowClick={canManage ? 'edit' : false} bulkActionButtons={false} empty={<NoData />}>
        <DataTable.Col source="name" />
        <DataTable.Col source="idNumber" disableSort />
        <DataTable.Col source="email" disableSort />
        <DataTable.Col source="phone" disableSort />
        <DataTable.Col source="address" disableSort />
      </DataTable>
    </ListScreen>
  );
}
