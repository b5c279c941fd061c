// /administrador/mudanza: the moving requests of the complex (search, filters, the server's CSV/Excel export);
// a row opens the request with its approval and its truck's log. Also the list of one resident's requests
// (mudanzaUsuario/:id), the same table with the resident fixed.
import { formatDate } from '@conjunto/core';
import { DayInput, ExportButton } from '@conjunto/core/ui';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  AutocompleteInput,
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
import { MOVING_STATUSES } from '../../moving.ts';
import { TYPE_CHOICES } from './movingInputs.tsx';
import { MOVING, type MovingRequest, MovingStatusChip, timeWindow, UNITS } from './shared.tsx';

const STATUS_CHOICES = MOVING_STATUSES.map((id) => ({ id, name: `residents.moving.status.${id}` }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} />,
  <SelectInput key="type" source="type" choices={TYPE_CHOICES} />,
  <ReferenceInput key="unitId" source="unitId" reference={UNITS} sort={{ field: 'number', order: 'ASC' }}>
    <AutocompleteInput optionText="number" />
  </ReferenceInput>,
  <DayInput key="date_gte" source="date_gte" />,
  <DayInput key="date_lte" source="date_lte" />,
];

function Actions({ create = true }: { create?: boolean }) {
  const { hasCreate } = useResourceDefinition({ resource: MOVING });
  return (
    <TopToolbar>
      <FilterButton />
      {create && hasCreate && <CreateButton resource={MOVING} />}
      <ExportButton />
      <ExportButton format="xlsx" />
    </TopToolbar>
  );
}

function Empty() {
  const translate = useTranslate();
  return <Box sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>{translate('residents.moving.empty')}</Box>;
}

/** On a phone, one cell per request: day and window, unit, type and plate, status. */
function SummaryCell() {
  const translate = useTranslate();
  const r = useRecordContext<MovingRequest>();
  if (!r) return null;
  return (
    <Box sx={{ overflowWrap: 'anywhere' }}>
      <Box sx={{ fontWeight: 500 }}>{`${formatDate(r.date)} · ${timeWindow(r)}`}</Box>
      <Box>{`${r.unitNumber ?? ''} · ${translate(`residents.moving.type.${r.type}`)} · ${r.plate}`}</Box>
      <Box sx={{ color: 'text.secondary' }}>{r.residentName ?? '—'}</Box>
      <Box sx={{ mt: 0.5 }}>
        <MovingStatusChip status={r.status} />
      </Box>
    </Box>
  );
}

export function MovingTable() {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <DataTable rowClick="show" bulkActionButtons={false} empty={<Empty />}>
      {phone ? (
        <DataTable.Col source="date" label={translate('residents.moving.title')} render={() => <SummaryCell />} />
      ) : (
        COLUMNS
      )}
    </DataTable>
  );
}

const COLUMNS = [
  <DataTable.Col key="date" source="date" render={(r: MovingRequest) => formatDate(r.date)} />,
  <DataTable.Col key="window" source="startTime" label="residents.moving.window" disableSort render={timeWindow} />,
  <DataTable.Col key="unitNumber" source="unitNumber" />,
  <DataTable.Col key="type" source="type" render={(r: MovingRequest) => <TypeText type={r.type} />} />,
  <DataTable.Col key="plate" source="plate" />,
  <DataTable.Col key="residentName" source="residentName" disableSort render={(r: MovingRequest) => r.residentName ?? '—'} />,
  <DataTable.Col key="status" source="status" render={(r: MovingRequest) => <MovingStatusChip status={r.status} />} />,
  <DataTable.NumberCol key="entryCount" source="entryCount" disableSort />,
];

function TypeText({ type }: { type: MovingRequest['type'] }) {
  const translate = useTranslate();
  return <>{translate(`residents.moving.type.${type}`)}</>;
}

export default function MovingList() {
  return (
    <List
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'date', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={false}
    >
      <MovingTable />
    </List>
  );
}

/** A resident's requests (mudanzaUsuario/:id): the same list with the resident fixed, no create button. */
export function ResidentMovingList({ residentId, title }: { residentId: string; title: string }) {
  return (
    <List
      resource={MOVING}
      title={title}
      filter={{ residentId }}
      filters={filters}
      actions={<Actions create={false} />}
      sort={{ field: 'date', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={false}
      disableSyncWithLocation
      storeKey={`mudanza.resident.${residentId}`}
    >
      <MovingTable />
    </List>
  );
}
