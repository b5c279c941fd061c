// proveedores: the suppliers of the complex (Nombre, RUC/Cédula, Correo, Teléfono, Dirección).
import { DataTable, useCanAccess } from 'react-admin';
import { ListScreen, NoData, useSearchFilter } from '../shared/ListScreen.tsx';

export default function SupplierList() {
  const { canAccess: canEdit } = useCanAccess({ action: 'edit' });
  const filters = [useSearchFilter('accounting.treasury.supplier.search')];
  return (
    <ListScreen sort={{ field: 'name', order: 'ASC' }} filters={filters}>
      <DataTable rowClick={canEdit ? 'edit' : false} bulkActionButtons={false} empty={<NoData />}>
        <DataTable.Col source="name" />
        <DataTable.Col source="idNumber" disableSort />
        <DataTable.Col source="email" disableSort />
        <DataTable.Col source="phone" disableSort />
        <DataTable.Col source="address" disableSort />
      </DataTable>
    </ListScreen>
  );
}
