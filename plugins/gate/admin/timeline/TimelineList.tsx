// 'Línea de tiempo' (guards and office): every fact at the gate, newest first, live (a new row reloads the page
// being read), filterable by days, post, kind and text, exportable (CSV, Excel) with the same filters.
import { formatDateTime } from '@conjunto/core';
import { DayInput } from '@conjunto/core/ui';
import Chip from '@mui/material/Chip';
import { useEffect } from 'react';
import { DataTable, ReferenceInput, SearchInput, SelectArrayInput, SelectInput, useListContext, useTranslate } from 'react-admin';
import { GATE_TOPICS } from '../../gate.ts';
import { TIMELINE_KINDS, type TimelineKind } from '../../timeline.ts';
import { GateList, orDash, PhoneRow, usePhone, useShellCalls } from '../screens/shared.tsx';

const t = (key: string) => `gateTimeline.${key}`;
type Item = {
  id: string;
  occurredAt: string;
  kind: TimelineKind;
  postName: string | null;
  place: string | null;
  subject: string;
  detail: string | null;
  unitNumber: string | null;
};

const COLORS: Partial<Record<TimelineKind, 'error' | 'warning' | 'success' | 'info' | 'default'>> = {
  panico: 'error',
  lista_negra: 'warning',
  rechazo: 'warning',
  lista_blanca: 'success',
  entrada: 'info',
};

function Kind({ kind }: { kind: TimelineKind }) {
  const translate = useTranslate();
  return <Chip size="small" color={COLORS[kind] ?? 'default'} label={translate(t(`kinds.${kind}`))} />;
}

/** New facts of the complex reload the list (the stream does not replay: each reconnection reloads too). */
function Live() {
  const calls = useShellCalls();
  const { refetch } = useListContext();
  useEffect(() => {
    const reload = () => void refetch();
    const off = [GATE_TOPICS.timelineAdded, '$opened'].map((topic) => calls.subscribe(topic, reload));
    return () => {
      for (const unsubscribe of off) unsubscribe();
    };
  }, [calls, refetch]);
  return null;
}

const where = (i: Item) => i.postName ?? i.place ?? '—';

export default function TimelineList() {
  const translate = useTranslate();
  const phone = usePhone();
  const choices = TIMELINE_KINDS.map((id) => ({ id, name: translate(t(`kinds.${id}`)) }));
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate(t('search'))} sx={{ minWidth: { sm: 300 } }} />,
    <DayInput key="from" source="occurredAt_gte" label={t('fields.from')} />,
    <DayInput key="to" source="occurredAt_lte" label={t('fields.to')} />,
    <ReferenceInput key="postId" source="postId" reference="garitas" sort={{ field: 'name', order: 'ASC' }}>
      <SelectInput optionText="name" label={t('fields.postId')} />
    </ReferenceInput>,
    <SelectArrayInput key="kind" source="kind" label={t('fields.kind')} choices={choices} />,
  ];
  return (
    <GateList title={translate(t('title'))} filters={filters} sort={{ field: 'occurredAt', order: 'DESC' }}>
      <Live />
      <DataTable rowClick={false} bulkActionButtons={false}>
        {phone ? (
          <DataTable.Col
            source="occurredAt"
            label={t('fields.occurredAt')}
            render={(i: Item) => (
              <>
                <PhoneRow title={i.subject} details={[formatDateTime(i.occurredAt), i.detail, i.unitNumber, where(i)]} />
                <Kind kind={i.kind} />
              </>
            )}
          />
        ) : (
          [
            <DataTable.Col
              key="occurredAt"
              source="occurredAt"
              label={t('fields.occurredAt')}
              render={(i: Item) => formatDateTime(i.occurredAt)}
            />,
            <DataTable.Col key="kind" label={t('fields.kind')} disableSort render={(i: Item) => <Kind kind={i.kind} />} />,
            <DataTable.Col key="subject" source="subject" label={t('fields.subject')} disableSort />,
            <DataTable.Col key="detail" label={t('fields.detail')} disableSort render={(i: Item) => orDash(i.detail)} />,
            <DataTable.Col key="unit" label={t('fields.unitNumber')} disableSort render={(i: Item) => orDash(i.unitNumber)} />,
            <DataTable.Col key="post" label={t('fields.postName')} disableSort render={where} />,
          ]
        )}
      </DataTable>
    </GateList>
  );
}
