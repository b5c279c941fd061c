// Residents of the current complex (spec 002 §2.5 items 1 and 10; the board's read-only 'residentes', §2.3): search and filters, tabs for those without a
// unit and those without app access, the server's CSV and Excel export, a row opens the resident.
import { ExportButton, ImportButton } from '@conjunto/core/ui';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { Theme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { MouseEvent } from 'react';
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
  useListContext,
  useRecordContext,
  useResourceDefinition,
  useTranslate,
} from 'react-admin';
import { AccessButton } from './ResidentActions.tsx';
import { RELATION_CHOICES, type Resident, UNIT_RESOURCE } from './residentInputs.tsx';

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
  const { hasCreate } = useResourceDefinition();
  return (
    <TopToolbar>
      <FilterButton />
      {hasCreate && <CreateButton />}
      {hasCreate && <ImportButton />}
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

/**
 * Spec 002 §2.5 item 10: a resident without app access gets it back from the row (after the same confirmation as
 * on the edit screen); nothing shows for the others, nor where the list is read-only.
 */
function RegrantCell() {
  const { hasEdit } = useResourceDefinition();
  const r = useRecordContext<Resident>();
  if (!hasEdit || !r || r.isActive) return null;
  return (
    // The confirmation is a portal: its clicks bubble through React to the row, which would open the resident.
    <Box component="span" onClick={(e: MouseEvent) => e.stopPropagation()}>
      <AccessButton short />
    </Box>
  );
}

/** On a phone, one cell per resident: name, e-mail, unit and how they hold it, the VIP and no-access marks. */
function SummaryCell() {
  const translate = useTranslate();
  const r = useRecordContext<Resident>();
  if (!r) return null;
  const unit = r.unitNumber
    ? `${r.unitNumber}${r.relation ? ` · ${translate(`shell.resident.relation.${r.relation}`)}` : ''}`
    : translate('shell.resident.tabs.unassigned');
  return (
    <Box sx={{ overflowWrap: 'anywhere' }}>
      <Box sx={{ fontWeight: 500 }}>{`${r.lastName} ${r.firstName}`}</Box>
      <Box sx={{ color: 'text.secondary' }}>{r.email}</Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center', mt: 0.5 }}>
        <span>{unit}</span>
        {r.vip && <Chip size="small" label="VIP" />}
        {!r.isActive && <Chip size="small" color="warning" label={translate('shell.resident.noAccess')} />}
      </Box>
      <RegrantCell />
    </Box>
  );
}

export default function ResidentList() {
  // The board's area registers the list alone ('residentes'): no create button, rows that open nothing.
  const { hasEdit } = useResourceDefinition();
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List filters={filters} actions={<Actions />} sort={{ field: 'lastName', order: 'ASC' }} perPage={25} exporter={false}>
      <QuickTabs />
      {/* No bulk actions: residents are not deleted from here. */}
      <DataTable rowClick={hasEdit ? 'edit' : false} bulkActionButtons={false}>
        {phone ? (
          <DataTable.Col source="lastName" label={translate('shell.menu.residents')} render={() => <SummaryCell />} />
        ) : (
          COLUMNS
        )}
      </DataTable>
    </List>
  );
}

/** The laptop's columns (an array: DataTable reads its columns from its children). */
const COLUMNS = [
  <DataTable.Col key="lastName" source="lastName" />,
  <DataTable.Col key="firstName" source="firstName" />,
  <DataTable.Col key="email" source="email" />,
  <DataTable.Col key="phone" source="phone" disableSort sx={{ whiteSpace: 'nowrap' }} render={(r: Resident) => r.phone || '—'} />,
  <DataTable.Col key="idNumber" source="idNumber" disableSort render={(r: Resident) => r.idNumber || '—'} />,
  <DataTable.Col key="unitNumber" source="unitNumber" render={(r: Resident) => r.unitNumber || '—'} />,
  <DataTable.Col key="relation" source="relation" disableSort render={(r: Resident) => <Relation relation={r.relation} />} />,
  <DataTable.Col key="vip" source="vip" disableSort>
    {/* Only the VIPs are marked: a column of crosses would hide them. */}
    <BooleanField source="vip" FalseIcon={null} />
  </DataTable.Col>,
  <DataTable.Col key="isActive" source="isActive" disableSort field={BooleanField} />,
  <DataTable.Col key="actions" label=" " disableSort render={() => <RegrantCell />} />,
];
