// /guardia/ingresos (spec 002 §2.2 'Cambios de Guardias') and the office's list of shifts: who was on duty at which
// post, from when to when, and what they handed over; filters by days, guard and post; export. A guard starts and
// hands over their own shift above the list.
import { DayInput } from '@conjunto/core/ui';
import Chip from '@mui/material/Chip';
import { DataTable, ReferenceInput, SearchInput, SelectInput, useTranslate } from 'react-admin';
import type { ShiftItem } from '../../rounds-schemas.ts';
import { Empty, GateList, orDash, PhoneRow, usePhone, when } from '../screens/shared.tsx';
import ShiftControl from './ShiftControl.tsx';
import { r, rf } from './shared.tsx';

const f = (key: string) => rf('cambiosGuardia', key);

export default function ShiftList() {
  const translate = useTranslate();
  const phone = usePhone();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate(r('shifts.search'))} sx={{ minWidth: { sm: 300 } }} />,
    <DayInput key="from" source="startedAt_gte" label={r('filters.from')} />,
    <DayInput key="to" source="startedAt_lte" label={r('filters.to')} />,
    <ReferenceInput key="guardId" source="guardId" reference="gestionarGuardias" sort={{ field: 'lastName', order: 'ASC' }}>
      <SelectInput optionText="name" label={f('guardId')} />
    </ReferenceInput>,
    <ReferenceInput key="postId" source="postId" reference="garitas" sort={{ field: 'name', order: 'ASC' }}>
      <SelectInput optionText="name" label={f('postId')} />
    </ReferenceInput>,
  ];
  const open = (s: ShiftItem) =>
    s.open ? <Chip size="small" color="success" label={translate(r('shifts.open'))} /> : when(s.endedAt);
  return (
    <>
      <ShiftControl />
      <GateList
        resource="cambiosGuardia"
        title={translate(r('shifts.title'))}
        filters={filters}
        sort={{ field: 'startedAt', order: 'DESC' }}
      >
        <DataTable rowClick={false} bulkActionButtons={false} empty={<Empty text={r('shifts.empty')} />}>
          {phone ? (
            <DataTable.Col
              source="startedAt"
              label={f('startedAt')}
              render={(s: ShiftItem) => (
                <PhoneRow
                  title={`${s.guardName}${s.postName ? ` · ${s.postName}` : ''}`}
                  details={[`${when(s.startedAt)} → ${s.open ? translate(r('shifts.open')) : when(s.endedAt)}`, s.endObservation]}
                />
              )}
            />
          ) : (
            [
              <DataTable.Col key="guardName" source="guardName" label={f('guardName')} />,
              <DataTable.Col
                key="postName"
                source="postName"
                label={f('postName')}
                render={(s: ShiftItem) => orDash(s.postName)}
              />,
              <DataTable.Col
                key="startedAt"
                source="startedAt"
                label={f('startedAt')}
                render={(s: ShiftItem) => when(s.startedAt)}
              />,
              <DataTable.Col key="endedAt" source="endedAt" label={f('endedAt')} render={open} />,
              <DataTable.Col
                key="startObservation"
                source="startObservation"
                label={f('startObservation')}
                disableSort
                render={(s: ShiftItem) => orDash(s.startObservation)}
              />,
              <DataTable.Col
                key="endObservation"
                source="endObservation"
                label={f('endObservation')}
                disableSort
                render={(s: ShiftItem) => orDash(s.endObservation)}
              />,
            ]
          )}
        </DataTable>
      </GateList>
    </>
  );
}
