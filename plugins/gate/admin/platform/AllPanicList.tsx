// /superAdmin/allPanics (spec 000 §2.2; 002 §2.4 'AllPanicAlerts'): platform staff follow the panic alerts of every
// complex: the complex, the resident's data as they were, when, the state and the closing observation; filters by
// complex, state and days; export. Read-only: the guards and the office of each complex close their alerts.
import { formatDateTime } from '@conjunto/core';
import { DayInput } from '@conjunto/core/ui';
import { AutocompleteInput, DataTable, ReferenceInput, SearchInput, SelectInput, useTranslate } from 'react-admin';
import type { PanicAlertItem } from '../../schemas.ts';
import { PanicStatus } from '../panic/PanicStatus.tsx';
import { GateList, orDash, PhoneRow, usePhone, when } from '../screens/shared.tsx';

type Row = Omit<PanicAlertItem, 'complexName'> & { complexId: string; complexName: string };
const k = (key: string) => `gate.allPanics.${key}`;
const f = (key: string) => `resources.allPanics.fields.${key}`;
/** The platform area's complexes (the host's 'conjuntos' resource of /superAdmin). */
const COMPLEXES = 'conjuntos';

export default function AllPanicList() {
  const translate = useTranslate();
  const phone = usePhone();
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
    <GateList title={translate(k('title'))} sort={{ field: 'raisedAt', order: 'DESC' }} filters={filters}>
      <DataTable rowClick={false} bulkActionButtons={false} data-testid="all-panics">
        {phone ? (
          <DataTable.Col
            source="raisedAt"
            label={f('raisedAt')}
            render={(r: Row) => (
              <>
                <PhoneRow
                  title={r.complexName}
                  details={[
                    r.residentName,
                    r.unitNumber,
                    r.residentPhone,
                    when(r.raisedAt),
                    r.detail && `${translate(f('detail'))}: ${r.detail}`,
                    r.observation && `${translate(f('observation'))}: ${r.observation}`,
                  ]}
                />
                <PanicStatus row={r} />
              </>
            )}
          />
        ) : (
          [
            <DataTable.Col key="complexName" source="complexName" label={f('complexName')} disableSort />,
            <DataTable.Col key="raisedAt" source="raisedAt" label={f('raisedAt')} render={(r: Row) => when(r.raisedAt)} />,
            <DataTable.Col key="residentName" source="residentName" label={f('residentName')} />,
            <DataTable.Col
              key="unitNumber"
              source="unitNumber"
              label={f('unitNumber')}
              disableSort
              render={(r: Row) => orDash(r.unitNumber)}
            />,
            <DataTable.Col
              key="residentPhone"
              source="residentPhone"
              label={f('residentPhone')}
              disableSort
              render={(r: Row) => orDash(r.residentPhone)}
            />,
            <DataTable.Col key="detail" source="detail" label={f('detail')} disableSort render={(r: Row) => orDash(r.detail)} />,
            <DataTable.Col key="status" source="status" label={f('status')} render={(r: Row) => <PanicStatus row={r} />} />,
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
    </GateList>
  );
}
