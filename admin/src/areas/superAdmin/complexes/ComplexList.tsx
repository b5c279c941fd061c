// Platform: every complex, with its company, counts and state.
import { BooleanField, DataTable, List, NullableBooleanInput, ReferenceField, ReferenceInput, SearchInput } from 'react-admin';
import { useCsvExporter } from '../../../csv.ts';
import { useFormatters } from '../../../format.ts';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="companyId" source="companyId" reference="Company" />,
  <NullableBooleanInput key="isActive" source="isActive" />,
];

export default function ComplexList() {
  const format = useFormatters();
  const exporter = useCsvExporter(
    [
      ...['name', 'ruc', 'address', 'city', 'province'].map((source) => ({ source })),
      { source: 'companyId', value: (r, rel) => rel.companies[r.companyId]?.name },
      ...['contactName', 'contactPhone', 'contactEmail', 'themeColor', 'residentCount', 'parkingCount'].map((source) => ({
        source,
      })),
      { source: 'createdAt', value: (r) => format.date(r.createdAt) },
      { source: 'isActive' },
    ],
    { companies: ['companyId', 'Company'] },
  );
  return (
    <List filters={filters} sort={{ field: 'name', order: 'ASC' }} perPage={25} exporter={exporter}>
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
