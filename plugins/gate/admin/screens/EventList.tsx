// /guardia/eventos (spec 002 §2.2 'Novedades'): what the guards recorded during their shifts, newest first, with
// export; guards and the office add them (optionally e-mailed), the board reads them.
import { DayInput } from '@conjunto/core/ui';
import { DataTable, ReferenceInput, SearchInput, SelectInput, useCanAccess, useTranslate } from 'react-admin';
import type { GateEvent } from '../../schemas.ts';
import { Empty, field, GateList, orDash, PhoneRow, s, usePhone, when } from './shared.tsx';

const f = (key: string) => field('eventos', key);

export default function EventList() {
  const translate = useTranslate();
  const phone = usePhone();
  // The board reads the novedades, not the posts: no post filter for it.
  const { canAccess: seesPosts } = useCanAccess({ resource: 'gate-posts', action: 'list' });
  const yesNo = (value: boolean) => translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate(s('events.search'))} sx={{ minWidth: { sm: 300 } }} />,
    <DayInput key="from" source="occurredAt_gte" label={s('filters.from')} />,
    <DayInput key="to" source="occurredAt_lte" label={s('filters.to')} />,
    ...(seesPosts
      ? [
          <ReferenceInput key="postId" source="postId" reference="garitas" sort={{ field: 'name', order: 'ASC' }}>
            <SelectInput optionText="name" label={f('postId')} />
          </ReferenceInput>,
        ]
      : []),
  ];
  return (
    <GateList title={translate(s('events.title'))} filters={filters} sort={{ field: 'occurredAt', order: 'DESC' }} create>
      <DataTable rowClick={false} bulkActionButtons={false} empty={<Empty text={s('events.empty')} />}>
        {phone ? (
          <DataTable.Col
            source="occurredAt"
            label={f('occurredAt')}
            render={(e: GateEvent) => (
              <PhoneRow title={e.title} details={[when(e.occurredAt), e.postName, e.registeredByName, e.detail]} />
            )}
          />
        ) : (
          [
            <DataTable.Col
              key="occurredAt"
              source="occurredAt"
              label={f('occurredAt')}
              render={(e: GateEvent) => when(e.occurredAt)}
            />,
            <DataTable.Col key="title" source="title" label={f('title')} />,
            <DataTable.Col
              key="detail"
              source="detail"
              label={f('detail')}
              disableSort
              render={(e: GateEvent) => orDash(e.detail)}
            />,
            <DataTable.Col
              key="postName"
              source="postName"
              label={f('postName')}
              render={(e: GateEvent) => orDash(e.postName)}
            />,
            <DataTable.Col key="registeredByName" source="registeredByName" label={f('registeredByName')} disableSort />,
            <DataTable.Col
              key="emailed"
              source="emailed"
              label={f('emailed')}
              disableSort
              render={(e: GateEvent) => yesNo(e.emailed)}
            />,
          ]
        )}
      </DataTable>
    </GateList>
  );
}
