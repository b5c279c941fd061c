// /superAdmin/allPanics (spec 000 §2.2; 002 §2.4 'AllPanicAlerts'): platform staff follow the panic alerts of every
// complex: the complex, the resident's data as they were, when, the state and the closing observation; filters by
// complex, state and days; export. Read-only: the guards and the office of each complex close their alerts.
import { formatDateTime } from '@conjunto/core';
import { DayInput, ExportButton } from '@conjunto/core/ui';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  AutocompleteInput,
  DataTable,
  FilterButton,
  List,
  Pagination,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import type { PanicAlertItem } from '../../schemas.ts';

type Row = Omit<PanicAlertItem, 'complexName'> & { complexId: string; complexName: string };
const k = (key: string) => `gate.allPanics.${key}`;
const f = (key: string) => `resources.allPanics.fields.${key}`;
/** The platform area's complexes (the host's 'conjuntos' resource of /superAdmin). */
const COMPLEXES = 'conjuntos';

function Status({ row }: { row: Row }) {
  const translate = useTranslate();
  return row.status === 1 ? (
    <Chip size="small" color="error" label={translate('gate.panic.open')} />
  ) : (
    <Chip size="small" variant="outlined" label={translate('gate.panic.closed')} />
  );
}

const dash = (value: string | null | undefined) => value || '—';

function PhoneRow({ row }: { row: Row }) {
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {row.complexName}
        </Typography>
        <Status row={row} />
      </Box>
      <Typography variant="body2">{[row.residentName, row.unitNumber, row.residentPhone].filter(Boolean).join(' · ')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {formatDateTime(row.raisedAt)}
      </Typography>
      {row.detail && <Typography variant="body2">{row.detail}</Typography>}
      {row.observation && (
        <Typography variant="body2" color="text.secondary">
          {row.observation}
        </Typography>
      )}
    </Box>
  );
}

export default function AllPanicList() {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate(k('search'))} />,
    <ReferenceInput key="complexId" source="complexId" reference={COMPLEXES} alwaysOn sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput label={f('complexName')} optionText="name" sx={{ minWidth: 220 }} />
    </ReferenceInput>,
    <SelectInput
      key="status"
      source="status"
      label={f('status')}
      alwaysOn
      choices={[
        { id: 1, name: translate('gate.panic.open') },
        { id: 0, name: translate('gate.panic.closed') },
      ]}
    />,
    <DayInput key="from" source="raisedAt_gte" label={k('from')} />,
    <DayInput key="to" source="raisedAt_lte" label={k('to')} />,
  ];
  return (
    <List
      title={translate(k('title'))}
      sort={{ field: 'raisedAt', order: 'DESC' }}
      filters={filters}
      perPage={25}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 100]} />}
      actions={
        <TopToolbar>
          <FilterButton />
          <ExportButton />
          <ExportButton format="xlsx" />
        </TopToolbar>
      }
      exporter={false}
      empty={false}
    >
      <DataTable rowClick={false} bulkActionButtons={false} data-testid="all-panics">
        {phone ? (
          <DataTable.Col source="raisedAt" label={f('raisedAt')} render={(r: Row) => <PhoneRow row={r} />} />
        ) : (
          [
            <DataTable.Col key="complexName" source="complexName" label={f('complexName')} disableSort />,
            <DataTable.Col
              key="raisedAt"
              source="raisedAt"
              label={f('raisedAt')}
              render={(r: Row) => formatDateTime(r.raisedAt)}
            />,
            <DataTable.Col key="residentName" source="residentName" label={f('residentName')} />,
            <DataTable.Col
              key="unitNumber"
              source="unitNumber"
              label={f('unitNumber')}
              disableSort
              render={(r: Row) => dash(r.unitNumber)}
            />,
            <DataTable.Col
              key="residentPhone"
              source="residentPhone"
              label={f('residentPhone')}
              disableSort
              render={(r: Row) => dash(r.residentPhone)}
            />,
            <DataTable.Col key="detail" source="detail" label={f('detail')} disableSort render={(r: Row) => dash(r.detail)} />,
            <DataTable.Col key="status" source="status" label={f('status')} render={(r: Row) => <Status row={r} />} />,
            <DataTable.Col
              key="observation"
              source="observation"
              label={f('observation')}
              disableSort
              render={(r: Row) =>
                r.observation
                  ? `${r.observation}${r.closedByName ? ` (${r.closedByName}, ${formatDateTime(r.closedAt)})` : ''}`
                  : '—'
              }
            />,
          ]
        )}
      </DataTable>
    </List>
  );
}
