// /administrador/mascotas: the pets of the complex with their photo, unit, owner and the vaccination indicator;
// search, filters, the server's CSV/Excel export and the host's import (photos are added on each pet). A row opens
// the pet.
import { formatDate } from '@conjunto/core';
import { ExportButton, ImportButton } from '@conjunto/core/ui';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  AutocompleteInput,
  CanAccess,
  CreateButton,
  DataTable,
  FilterButton,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TopToolbar,
  useRecordContext,
  useResourceDefinition,
  useTranslate,
} from 'react-admin';
import { PetAvatar } from './PetAvatar.tsx';
import { type Pet, SPECIES_CHOICES, VACCINATION_CHOICES, VaccinationChip } from './shared.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="species" source="species" choices={SPECIES_CHOICES} />,
  <SelectInput key="vaccination" source="vaccination" choices={VACCINATION_CHOICES} />,
  <ReferenceInput key="unitId" source="unitId" reference="unidadesHabitacionales" sort={{ field: 'number', order: 'ASC' }}>
    <AutocompleteInput optionText="number" />
  </ReferenceInput>,
];

function Actions() {
  const { hasCreate } = useResourceDefinition();
  return (
    <TopToolbar>
      <FilterButton />
      {hasCreate && <CreateButton />}
      <CanAccess action="import">
        <ImportButton />
      </CanAccess>
      <ExportButton />
      <ExportButton format="xlsx" />
    </TopToolbar>
  );
}

function Species({ species }: { species: Pet['species'] }) {
  const translate = useTranslate();
  return <>{translate(`residents.pets.species.${species}`)}</>;
}

function SummaryCell() {
  const translate = useTranslate();
  const p = useRecordContext<Pet>();
  if (!p) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', overflowWrap: 'anywhere' }}>
      <PetAvatar pet={p} />
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ fontWeight: 500 }}>{p.name}</Box>
        <Box sx={{ color: 'text.secondary' }}>
          {[translate(`residents.pets.species.${p.species}`), p.breed, p.unitNumber].filter(Boolean).join(' · ')}
        </Box>
        <Box sx={{ mt: 0.5 }}>
          <VaccinationChip value={p.vaccination} />
        </Box>
      </Box>
    </Box>
  );
}

function Empty() {
  const translate = useTranslate();
  return <Box sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>{translate('residents.pets.empty')}</Box>;
}

export default function PetList() {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      exporter={false}
      empty={false}
    >
      <DataTable rowClick="edit" bulkActionButtons={false} empty={<Empty />}>
        {phone ? (
          <DataTable.Col source="name" label={translate('residents.pets.title')} render={() => <SummaryCell />} />
        ) : (
          COLUMNS
        )}
      </DataTable>
    </List>
  );
}

const COLUMNS = [
  <DataTable.Col key="photo" label="resources.mascotas.fields.photo" disableSort render={(p: Pet) => <PetAvatar pet={p} />} />,
  <DataTable.Col key="name" source="name" />,
  <DataTable.Col key="species" source="species" render={(p: Pet) => <Species species={p.species} />} />,
  <DataTable.Col key="breed" source="breed" disableSort render={(p: Pet) => p.breed ?? '—'} />,
  <DataTable.Col key="color" source="color" disableSort render={(p: Pet) => p.color ?? '—'} />,
  <DataTable.Col key="unitNumber" source="unitNumber" />,
  <DataTable.Col key="ownerName" source="ownerName" disableSort render={(p: Pet) => p.ownerName ?? '—'} />,
  <DataTable.Col
    key="vaccinatedOn"
    source="vaccinatedOn"
    render={(p: Pet) => (p.vaccinatedOn ? formatDate(p.vaccinatedOn) : '—')}
  />,
  <DataTable.Col
    key="vaccination"
    source="vaccination"
    disableSort
    render={(p: Pet) => <VaccinationChip value={p.vaccination} />}
  />,
];
