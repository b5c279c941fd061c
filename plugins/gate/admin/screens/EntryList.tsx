// /guardia/bitacoraDigital (spec 002 §2.2, also the office's): the digital log, newest first, with filters by day
// range, post, visit type and open entries, search, CSV/Excel export and 'Registrar salida' on open entries. The
// same screen read-only at /guardia/bitacoraRechazada: the entries refused at the gate.
import { DayInput } from '@conjunto/core/ui';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { BooleanInput, DataTable, ReferenceInput, SearchInput, SelectInput, useTranslate } from 'react-admin';
import type { Static } from 'typebox';
import type { GateEntry, GateLogScopeSchema } from '../../schemas.ts';
import { ExitButton } from './ExitButton.tsx';
import { Empty, field, GateList, orDash, PhoneRow, s, usePhone, useShellAnswer, VISIT_TYPE_CHOICES, when } from './shared.tsx';

const f = (key: string) => field('bitacoraDigital', key);
const destination = (e: GateEntry) => e.unitNumber ?? e.place ?? '—';

function Status({ entry }: { entry: GateEntry }) {
  const translate = useTranslate();
  if (entry.rejected) return <Chip size="small" color="error" label={translate(s('entries.rejected'))} />;
  if (entry.listHit === 'negra') return <Chip size="small" color="warning" label={translate('gate.lists.negra')} />;
  if (!entry.exitedAt) return <Chip size="small" color="info" label={translate(s('entries.inside'))} />;
  return <Chip size="small" variant="outlined" label={translate(s('entries.left'))} />;
}

/** A guard's log narrowed by the complex's switches says so (GET gate-entries/scope): else rows seem missing. */
function LogScope() {
  const translate = useTranslate();
  const scope = useShellAnswer<Static<typeof GateLogScopeSchema>>('bitacoraDigital', 'scope');
  const lines = [
    scope?.postName && translate(s('entries.scopePost'), { post: scope.postName }),
    scope?.todayOnly && translate(s('entries.scopeToday')),
  ].filter(Boolean);
  if (!lines.length) return null;
  return (
    <Alert severity="info" sx={{ m: 1 }}>
      {lines.join(' ')}
    </Alert>
  );
}

export function EntryList({ rejected = false }: { rejected?: boolean }) {
  const translate = useTranslate();
  const phone = usePhone();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate(s('entries.search'))} sx={{ minWidth: { sm: 300 } }} />,
    <DayInput key="from" source="enteredAt_gte" label={s('filters.from')} />,
    <DayInput key="to" source="enteredAt_lte" label={s('filters.to')} />,
    <ReferenceInput key="postId" source="postId" reference="garitas" sort={{ field: 'name', order: 'ASC' }}>
      <SelectInput optionText="name" label={f('postId')} />
    </ReferenceInput>,
    <SelectInput key="visitType" source="visitType" label={f('visitType')} choices={VISIT_TYPE_CHOICES} />,
    ...(rejected ? [] : [<BooleanInput key="open" source="open" label={s('filters.open')} />]),
  ];
  return (
    <GateList
      title={translate(s(rejected ? 'rejected.title' : 'entries.title'))}
      filter={rejected ? { rejected: true } : undefined}
      filters={filters}
      sort={{ field: 'enteredAt', order: 'DESC' }}
    >
      <LogScope />
      <DataTable
        rowClick={rejected ? false : 'show'}
        bulkActionButtons={false}
        empty={<Empty text={s(rejected ? 'rejected.empty' : 'entries.empty')} />}
      >
        {phone ? (
          <DataTable.Col
            source="enteredAt"
            label={f('enteredAt')}
            render={(e: GateEntry) => (
              <>
                <PhoneRow
                  title={`${e.firstName} ${e.lastName}`.trim()}
                  details={[
                    e.idNumber,
                    e.plate,
                    destination(e),
                    e.visitType,
                    when(e.enteredAt),
                    e.exitedAt && `${translate(f('exitedAt'))}: ${when(e.exitedAt)}`,
                    rejected ? e.observations : null,
                  ]}
                />
                <Status entry={e} />
                {!rejected && <ExitButton />}
              </>
            )}
          />
        ) : (
          [
            <DataTable.Col
              key="enteredAt"
              source="enteredAt"
              label={f('enteredAt')}
              render={(e: GateEntry) => when(e.enteredAt)}
            />,
            <DataTable.Col key="exitedAt" source="exitedAt" label={f('exitedAt')} render={(e: GateEntry) => when(e.exitedAt)} />,
            <DataTable.Col key="idNumber" source="idNumber" label={f('idNumber')} />,
            <DataTable.Col
              key="lastName"
              source="lastName"
              label={s('entries.visitor')}
              render={(e: GateEntry) => `${e.firstName} ${e.lastName}`.trim()}
            />,
            <DataTable.Col key="plate" source="plate" label={f('plate')} render={(e: GateEntry) => orDash(e.plate)} />,
            <DataTable.Col key="visitType" source="visitType" label={f('visitType')} />,
            <DataTable.Col key="unitNumber" source="unitNumber" label={s('entries.destination')} render={destination} />,
            <DataTable.Col
              key="postName"
              source="postName"
              label={f('postName')}
              render={(e: GateEntry) => orDash(e.postName)}
            />,
            <DataTable.Col
              key="status"
              label={s('entries.status')}
              disableSort
              render={(e: GateEntry) => <Status entry={e} />}
            />,
            ...(rejected
              ? [
                  <DataTable.Col
                    key="observations"
                    source="observations"
                    label={f('observations')}
                    disableSort
                    // The reason is the point of this list: room for it (it wrapped to five lines).
                    render={(e: GateEntry) => <Box sx={{ minWidth: 260 }}>{orDash(e.observations)}</Box>}
                  />,
                ]
              : [
                  <DataTable.Col key="actions" label={s('actions')} align="right" disableSort>
                    <ExitButton compact />
                  </DataTable.Col>,
                ]),
          ]
        )}
      </DataTable>
    </GateList>
  );
}

export default function DigitalLogList() {
  return <EntryList />;
}
