// The complex's catalogues of unit types (tiposUnidades) and sub-complexes (listaSubconjuntos), spec 002 §3: a
// name each, stored in upper case; the list shows how many units use each, and the server refuses deleting one in use.
import { SimpleForm } from '@conjunto/core/ui';
import {
  Create,
  CreateButton,
  DataTable,
  DeleteButton,
  Edit,
  ExportButton,
  List,
  maxLength,
  required,
  SearchInput,
  TextInput,
  TopToolbar,
} from 'react-admin';

const upper = (value: string) => (typeof value === 'string' ? value.toUpperCase() : value);
const filters = [<SearchInput key="q" source="q" alwaysOn />];

const Actions = () => (
  <TopToolbar>
    <CreateButton />
    <ExportButton />
  </TopToolbar>
);

export function CatalogueList() {
  return (
    <List filters={filters} actions={<Actions />} sort={{ field: 'name', order: 'ASC' }} perPage={25}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.NumberCol source="units" />
        <DataTable.Col label={false}>
          <DeleteButton mutationMode="pessimistic" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

const NameInput = () => <TextInput source="name" parse={upper} validate={[required(), maxLength(50)]} />;

export function CatalogueCreate() {
  return (
    <Create redirect="list">
      <SimpleForm>
        <NameInput />
      </SimpleForm>
    </Create>
  );
}

export function CatalogueEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm>
        <NameInput />
      </SimpleForm>
    </Edit>
  );
}
