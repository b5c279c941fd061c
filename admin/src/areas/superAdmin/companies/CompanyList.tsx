// Platform: companies that own complexes.
import { BooleanField, DataTable, List, NullableBooleanInput, SearchInput } from 'react-admin';
import { useCsvExporter } from '../../../csv.ts';

const filters = [<SearchInput key="q" source="q" alwaysOn />, <NullableBooleanInput key="isActive" source="isActive" />];

const COLUMNS = ['name', 'ruc', 'contactName', 'contactPhone', 'contactEmail', 'isActive'].map((source) => ({ source }));

export default function CompanyList() {
  const exporter = useCsvExporter(COLUMNS);
  return (
    <List filters={filters} sort={{ field: 'name', order: 'ASC' }} perPage={25} exporter={exporter}>
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
