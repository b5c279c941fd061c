// Platform: companies that own complexes.
import { ExportButton } from '@conjunto/core/ui';
import {
  BooleanField,
  CreateButton,
  DataTable,
  FilterButton,
  List,
  NullableBooleanInput,
  SearchInput,
  TopToolbar,
} from 'react-admin';

const filters = [<SearchInput key="q" source="q" alwaysOn />, <NullableBooleanInput key="isActive" source="isActive" />];

// The export is the server's (every matching row, Spanish headers): not react-admin's page-by-page one.
const Actions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateButton />
    <ExportButton />
    <ExportButton format="xlsx" />
  </TopToolbar>
);

export default function CompanyList() {
  return (
    <List filters={filters} actions={<Actions />} sort={{ field: 'name', order: 'ASC' }} perPage={25} exporter={false}>
      <DataTable rowClick="edit">
        <DataTable.Col source="name" />
        <DataTable.Col source="ruc" disableSort />
        <DataTable.Col source="contactName" disableSort />
        <DataTable.Col source="contactPhone" disableSort />
        <DataTable.Col source="contactEmail" disableSort />
        <DataTable.Col source="isActive" field={BooleanField} />
      </DataTable>
    </List>
  );
}
