// Platform: every complex, with its company, counts and state.
import { ExportButton } from '@conjunto/core/ui';
import {
  BooleanField,
  CreateButton,
  DataTable,
  FilterButton,
  List,
  NullableBooleanInput,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  TopToolbar,
} from 'react-admin';
import { useFormatters } from '../../../format.ts';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="companyId" source="companyId" reference="Company" />,
  <NullableBooleanInput key="isActive" source="isActive" />,
];

// The export is the server's (every matching row, Spanish headers): not react-admin's page-by-page one.
const Actions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateButton />
    <ExportButton />
    <ExportButton format="xlsx" />
  </TopToolbar>
);

export default function ComplexList() {
  const format = useFormatters();
  return (
    <List filters={filters} actions={<Actions />} sort={{ field: 'name', order: 'ASC' }} perPage={25} exporter={false}>
      <DataTable rowClick="edit">
        <DataTable.Col source="name" />
        <DataTable.Col source="ruc" disableSort />
        <DataTable.Col source="city" />
        <DataTable.Col source="companyId" disableSort>
          <ReferenceField source="companyId" reference="Company" link={false} emptyText="—" />
        </DataTable.Col>
        <DataTable.NumberCol source="residentCount" disableSort />
        <DataTable.NumberCol source="parkingCount" disableSort />
        <DataTable.Col source="createdAt" render={(r: { createdAt?: string }) => format.date(r.createdAt)} />
        <DataTable.Col source="isActive" field={BooleanField} />
      </DataTable>
    </List>
  );
}
