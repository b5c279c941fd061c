// /guardia/visitasAnticipadas (spec 002 §2.2): the guard's list is today's visits still waiting at the gate, each
// with 'Aprobar la entrada'; the office reads every visit, with filters by status and days, and exports.
import { DayInput } from '@conjunto/core/ui';
import Chip from '@mui/material/Chip';
import { DataTable, SearchInput, SelectInput, useCanAccess, useTranslate } from 'react-admin';
import { EARLY_VISIT_STATUSES, GATE_MESSAGES } from '../../gate.ts';
import type { EarlyVisit } from '../../schemas.ts';
import { ApproveVisitButton } from './ApproveVisitButton.tsx';
import { PassScanner } from './PassScanner.tsx';
import { Empty, field, GateList, orDash, PhoneRow, s, usePhone, VISIT_TYPE_CHOICES, when } from './shared.tsx';

const f = (key: string) => field('visitasAnticipadas', key);
const COLORS = { pendiente: 'warning', ingresada: 'success', cancelada: 'default' } as const;

function Status({ visit }: { visit: EarlyVisit }) {
  const translate = useTranslate();
  return <Chip size="small" color={COLORS[visit.status]} label={translate(`gate.earlyVisitStatus.${visit.status}`)} />;
}

export default function EarlyVisitList() {
  const translate = useTranslate();
  const phone = usePhone();
  // The office (delete on the access table) sees every visit; the guard today's pending ones.
  const { canAccess: office, isPending } = useCanAccess({ resource: 'visitasAnticipadas', action: 'delete' });
  const { canAccess: canApprove } = useCanAccess({ resource: 'visitasAnticipadas', action: 'approve' });
  if (isPending) return null;
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate(s('visits.search'))} sx={{ minWidth: { sm: 300 } }} />,
    ...(office
      ? [
          <SelectInput
            key="status"
            source="status"
            label={f('status')}
            choices={EARLY_VISIT_STATUSES.map((id) => ({ id, name: `gate.earlyVisitStatus.${id}` }))}
          />,
          <DayInput key="from" source="expectedArrival_gte" label={s('filters.from')} />,
          <DayInput key="to" source="expectedArrival_lte" label={s('filters.to')} />,
          <SelectInput key="visitType" source="visitType" label={f('visitType')} choices={VISIT_TYPE_CHOICES} />,
        ]
      : []),
  ];
  const visitor = (v: EarlyVisit) => `${v.firstName} ${v.lastName}`.trim();
  return (
    <>
      {canApprove && <PassScanner />}
      <GateList
        title={translate(s(office ? 'visits.title' : 'visits.today'))}
        filter={office ? undefined : { today: true, status: 'pendiente' }}
        filters={filters}
        sort={{ field: 'expectedArrival', order: office ? 'DESC' : 'ASC' }}
      >
        <DataTable
          rowClick={false}
          bulkActionButtons={false}
          empty={<Empty text={office ? s('visits.empty') : GATE_MESSAGES.noEarlyVisits} />}
        >
          {phone ? (
            <DataTable.Col
              source="expectedArrival"
              label={f('expectedArrival')}
              render={(v: EarlyVisit) => (
                <>
                  <PhoneRow
                    title={visitor(v)}
                    details={[when(v.expectedArrival), v.unitNumber ?? v.place, v.residentName, v.idNumber, v.plate, v.visitType]}
                  />
                  {office && <Status visit={v} />}
                  <ApproveVisitButton />
                </>
              )}
            />
          ) : (
            [
              <DataTable.Col
                key="expectedArrival"
                source="expectedArrival"
                label={f('expectedArrival')}
                // The date and time on one line (the long header wrapped to four lines over a narrow column).
                cellSx={() => ({ whiteSpace: 'nowrap' })}
                render={(v: EarlyVisit) => when(v.expectedArrival)}
              />,
              <DataTable.Col key="lastName" source="lastName" label={s('entries.visitor')} render={visitor} />,
              <DataTable.Col
                key="idNumber"
                source="idNumber"
                label={f('idNumber')}
                disableSort
                render={(v: EarlyVisit) => orDash(v.idNumber)}
              />,
              <DataTable.Col
                key="plate"
                source="plate"
                label={f('plate')}
                disableSort
                render={(v: EarlyVisit) => orDash(v.plate)}
              />,
              <DataTable.Col
                key="unitNumber"
                source="unitNumber"
                label={s('entries.destination')}
                render={(v: EarlyVisit) => v.unitNumber ?? v.place ?? '—'}
              />,
              <DataTable.Col
                key="residentName"
                source="residentName"
                label={f('residentName')}
                disableSort
                render={(v: EarlyVisit) => orDash(v.residentName)}
              />,
              <DataTable.Col key="visitType" source="visitType" label={f('visitType')} disableSort />,
              <DataTable.Col key="status" source="status" label={f('status')} render={(v: EarlyVisit) => <Status visit={v} />} />,
              <DataTable.Col key="actions" label={s('actions')} align="right" disableSort>
                <ApproveVisitButton />
              </DataTable.Col>,
            ]
          )}
        </DataTable>
      </GateList>
    </>
  );
}
