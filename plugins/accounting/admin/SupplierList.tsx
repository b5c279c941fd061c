// proveedores: the suppliers of the complex (Nombre, RUC/Cédula, Correo, Teléfono, Dirección).
import { CreateButton, DataTable, List, SearchInput, TopToolbar, useTranslate } from 'react-admin';
import { useNotifyError } from './shared/accountingApi.ts';
import { useCanManage } from './shared/canManage.ts';

function Actions() {
  const canManage = useCanManage();
  return <TopToolbar>{canManage && <CreateButton />}</TopToolbar>;
}

export default function SupplierList() {
  const translate = useTranslate();
  const canManage = useCanManage();
  const notifyError = useNotifyError();
  const filters = [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('accounting.treasury.supplier.search')}
      sx={{ minWidth: 320 }}
    />,
  ];
  return (
    <List
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      filters={filters}
      actions={<Actions />}
      exporter={false}
      empty={false}
      queryOptions={{ onError: (error) => notifyError(error, 'accounting.treasury.errors.load') }}
    >
      <DataTable rowClick={canManage ? 'edit' : false} bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="idNumber" disableSort />
        <DataTable.Col source="email" disableSort />
        <DataTable.Col source="phone" disableSort />
        <DataTable.Col source="address" disableSort />
      </DataTable>
    </List>
  );
}
