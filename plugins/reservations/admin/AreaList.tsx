// areascomunales (spec 000 §2.4): the complex's common areas, their hours, price and switches; a row opens its
// form at areascomunales/areacomunal/:areaId, 'Nueva área comunal' at areascomunales/areacomunal.
import { ExportButton } from '@conjunto/core/ui';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { CanAccess, DataTable, List, SearchInput, TopToolbar, useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router';
import type { Area } from '../schemas.ts';
import { AREAS, CalendarButton, EmptyRows, k, moneyOr } from './shared.tsx';

/** The list's path + '/areacomunal[/:id]': the spec's paths of the area's form. */
export function useAreaPaths() {
  const list = useCreatePath()({ resource: AREAS, type: 'list' });
  return { list, create: `${list}/areacomunal`, edit: (id: string) => `${list}/areacomunal/${encodeURIComponent(id)}` };
}

function Actions() {
  const translate = useTranslate();
  const paths = useAreaPaths();
  return (
    <TopToolbar>
      <CalendarButton resource={AREAS} />
      <CanAccess action="create">
        <Button component={Link} to={paths.create} variant="contained" size="small" startIcon={<AddIcon />}>
          {translate(k('area.create'))}
        </Button>
      </CanAccess>
      <ExportButton />
      <ExportButton format="xlsx" />
    </TopToolbar>
  );
}

function Hours() {
  const translate = useTranslate();
  const a = useRecordContext<Area>();
  if (!a) return null;
  return (
    <span>
      {translate(k('area.hours'), { opens: a.opensAt, closes: a.closesAt })} · {translate(k(`mode.${a.mode}`))}
    </span>
  );
}

function Cost() {
  const translate = useTranslate();
  const a = useRecordContext<Area>();
  if (!a) return null;
  const free = translate(k('free'));
  return (
    <span>
      {moneyOr(a.price, free)} / {moneyOr(a.deposit, '—')}
    </span>
  );
}

function Flags() {
  const translate = useTranslate();
  const a = useRecordContext<Area>();
  if (!a) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip
        size="small"
        color={a.enabled ? 'success' : 'default'}
        label={a.enabled ? translate('resources.areascomunales.fields.enabled') : translate(k('area.disabled'))}
      />
      {a.allowQr && <Chip size="small" variant="outlined" label="QR" />}
    </Stack>
  );
}

export default function AreaList() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const paths = useAreaPaths();
  return (
    <List
      title="reservations.menu.areas"
      sort={{ field: 'name', order: 'ASC' }}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate(k('search'))} />]}
      actions={<Actions />}
      exporter={false}
      empty={false}
    >
      <DataTable
        rowClick={(id) => {
          navigate(paths.edit(String(id)));
          return false;
        }}
        bulkActionButtons={false}
        empty={<EmptyRows />}
      >
        <DataTable.Col source="name" />
        <DataTable.Col label="reservations.columns.hours" field={Hours} disableSort />
        <DataTable.Col label="reservations.columns.cost" field={Cost} source="price" />
        <DataTable.NumberCol source="capacity" disableSort />
        <DataTable.Col source="enabled" field={Flags} />
      </DataTable>
    </List>
  );
}
