// Platform: every user of the back office (administradores and the other roles).
import { ExportButton } from '@conjunto/core/ui';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import {
  BooleanField,
  ChipField,
  CreateButton,
  DataTable,
  FilterButton,
  List,
  NullableBooleanInput,
  ReferenceArrayField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SingleFieldList,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { ROLE_CHOICES } from './userInputs.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="roles" source="roles" choices={ROLE_CHOICES} />,
  <ReferenceInput key="companyId" source="companyId" reference="Company" />,
  <NullableBooleanInput key="isActive" source="isActive" />,
];

function Roles({ roles }: { roles?: string[] }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {(roles ?? []).map((role) => (
        <Chip key={role} size="small" label={translate(`shell.roles.${role}`, { _: role })} />
      ))}
    </Stack>
  );
}

// The export is the server's (every matching row, Spanish headers): not react-admin's page-by-page one.
const Actions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateButton />
    <ExportButton />
    <ExportButton format="xlsx" />
  </TopToolbar>
);

export default function UserList() {
  return (
    <List
      filters={filters}
      filter={{ staff: true }}
      actions={<Actions />}
      sort={{ field: 'lastName', order: 'ASC' }}
      perPage={25}
      exporter={false}
    >
      <DataTable rowClick="edit">
        <DataTable.Col source="lastName" />
        <DataTable.Col source="firstName" />
        <DataTable.Col source="email" />
        <DataTable.Col source="roles" disableSort render={(r: { roles?: string[] }) => <Roles roles={r.roles} />} />
        <DataTable.Col source="complexIds" disableSort>
          <ReferenceArrayField source="complexIds" reference="conjuntos">
            <SingleFieldList linkType={false}>
              <ChipField source="name" size="small" />
            </SingleFieldList>
          </ReferenceArrayField>
        </DataTable.Col>
        <DataTable.Col source="isActive" field={BooleanField} />
      </DataTable>
    </List>
  );
}
