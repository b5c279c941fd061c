// /guardia/listas (spec 002 §2.2 'Listas B/N'): the black list (a warning at the gate) and the white list (a trusted
// visitor), by cédula and/or plate; guards and the office add, change and delete records.

import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { DataTable, DeleteButton, SearchInput, SelectInput, useTranslate } from 'react-admin';
import { LIST_KINDS } from '../../gate.ts';
import type { GateListItem } from '../../schemas.ts';
import { Empty, field, GateList, orDash, PhoneRow, s, usePhone, when } from './shared.tsx';

const f = (key: string) => field('listas', key);
export const KIND_CHOICES = LIST_KINDS.map((id) => ({ id, name: `gate.lists.${id}` }));

function Kind({ item }: { item: GateListItem }) {
  const translate = useTranslate();
  return <Chip size="small" color={item.kind === 'negra' ? 'error' : 'success'} label={translate(`gate.lists.${item.kind}`)} />;
}

function Delete() {
  return (
    <Box component="span" onClick={(e) => e.stopPropagation()}>
      <DeleteButton mutationMode="pessimistic" redirect={false} />
    </Box>
  );
}

export default function ListsList() {
  const translate = useTranslate();
  const phone = usePhone();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate(s('lists.search'))} sx={{ minWidth: { sm: 300 } }} />,
    <SelectInput key="kind" source="kind" label={f('kind')} choices={KIND_CHOICES} alwaysOn />,
  ];
  return (
    <GateList title={translate(s('lists.title'))} filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} create>
      <DataTable rowClick="edit" bulkActionButtons={false} empty={<Empty text={s('lists.empty')} />}>
        {phone ? (
          <DataTable.Col
            source="name"
            label={f('name')}
            render={(r: GateListItem) => (
              <>
                <PhoneRow title={r.name ?? r.idNumber ?? r.plate ?? ''} details={[r.idNumber, r.plate, r.reason]} />
                <Kind item={r} />
                <Delete />
              </>
            )}
          />
        ) : (
          [
            <DataTable.Col key="kind" source="kind" label={f('kind')} render={(r: GateListItem) => <Kind item={r} />} />,
            <DataTable.Col
              key="idNumber"
              source="idNumber"
              label={f('idNumber')}
              render={(r: GateListItem) => orDash(r.idNumber)}
            />,
            <DataTable.Col key="plate" source="plate" label={f('plate')} render={(r: GateListItem) => orDash(r.plate)} />,
            <DataTable.Col key="name" source="name" label={f('name')} render={(r: GateListItem) => orDash(r.name)} />,
            <DataTable.Col
              key="reason"
              source="reason"
              label={f('reason')}
              disableSort
              render={(r: GateListItem) => orDash(r.reason)}
            />,
            <DataTable.Col key="createdByName" source="createdByName" label={f('createdByName')} disableSort />,
            <DataTable.Col
              key="createdAt"
              source="createdAt"
              label={f('createdAt')}
              render={(r: GateListItem) => when(r.createdAt)}
            />,
            <DataTable.Col key="actions" label={s('actions')} align="right" disableSort>
              <Delete />
            </DataTable.Col>,
          ]
        )}
      </DataTable>
    </GateList>
  );
}
