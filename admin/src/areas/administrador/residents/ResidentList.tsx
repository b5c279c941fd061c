// Residents of the current complex (spec 002 §2.5 items 1 and 10): search and filters, tabs for those without a
// unit and those without app access, the server's CSV and Excel export, a row opens the resident.
import { ExportButton } from '@conjunto/core/ui';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import {
  AutocompleteInput,
  BooleanField,
  CreateButton,
  DataTable,
  FilterButton,
  List,
  NullableBooleanInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TopToolbar,
  useCanAccess,
  useListContext,
  useTranslate,
} from 'react-admin';
import { RELATION_CHOICES, RESIDENT_RESOURCE, type Resident, UNIT_RESOURCE } from './residentInputs.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="unitId" source="unitId" reference={UNIT_RESOURCE} sort={{ field: 'number', order: 'ASC' }}>
    <AutocompleteInput optionText="number" />
  </ReferenceInput>,
  <SelectInput key="relation" source="relation" choices={RELATION_CHOICES} />,
  <NullableBooleanInput key="isActive" source="isActive" />,
  <NullableBooleanInput key="vip" source="vip" />,
];

// The export is the server's (every matching row, Spanish headers): not react-admin's page-by-page one.
function Actions() {
  const { canAccess: canCreate } = useCanAccess({ resource: RESIDENT_RESOURCE, action: 'create' });
  return (
    <TopToolbar>
      <FilterButton />
      {canCreate && <CreateButton />}
      <ExportButton />
      <ExportButton format="xlsx" />
    </TopToolbar>
  );
}

type TabId = 'all' | 'unassigned' | 'inactive';

/** The quick views: every resident, those without a unit, those without app access (re-granted from the row). */
function QuickTabs() {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const current: TabId =
    filterValues.unassigned === true || filterValues.unassigned === 'true'
      ? 'unassigned'
      : filterValues.isActive === false || filterValues.isActive === 'false'
        ? 'inactive'
        : 'all';
  const choose = (tab: TabId) => {
    const { unassigned: _u, isActive: _a, ...rest } = filterValues;
    const next = tab === 'unassigned' ? { ...rest, unassigned: true } : tab === 'inactive' ? { ...rest, isActive: false } : rest;
    const shown = { ...displayedFilters };
    delete shown.isActive;
    setFilters(next, shown);
  };
  return (
    <Tabs
      value={current}
      onChange={(_, tab: TabId) => choose(tab)}
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {(['all', 'unassigned', 'inactive'] as const).map((tab) => (
        <Tab key={tab} value={tab} label={translate(`shell.resident.tabs.${tab}`)} />
      ))}
    </Tabs>
  );
}

function Relation({ relation }: { relation: Resident['relation'] }) {
  const translate = useTranslate();
  return relation ? translate(`shell.resident.relation.${relation}`) : '—';
}

export default function ResidentList() {
  const { canAccess: canEdit } = useCanAccess({ resource: RESIDENT_RESOURCE, action: 'edit' });
  return (
    <List filters={filters} actions={<Actions />} sort={{ field: 'lastName', order: 'ASC' }} perPage={25} exporter={false}>
      <QuickTabs />
      <DataTable rowClick={canEdit ? 'edit' : false}>
        <DataTable.Col source="lastName" />
        <DataTable.Col source="firstName" />
        <DataTable.Col source="email" />
        <DataTable.Col source="phone" disableSort render={(r: Resident) => r.phone || '—'} />
        <DataTable.Col source="idNumber" disableSort render={(r: Resident) => r.idNumber || '—'} />
        <DataTable.Col source="unitNumber" render={(r: Resident) => r.unitNumber || '—'} />
        <DataTable.Col source="relation" disableSort render={(r: Resident) => <Relation relation={r.relation} />} />
        <DataTable.Col source="vip" disableSort field={BooleanField} />
        <DataTable.Col source="isActive" disableSort field={BooleanField} />
      </DataTable>
    </List>
  );
}
