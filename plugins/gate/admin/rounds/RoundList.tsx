// /guardia/rondas and the office's list of rounds (spec 002 §2.2 'Rondas'): guard, post, start and end, status and
// progress (marked of total checkpoints); filters by days, guard, post and status; export. A row opens the round's
// checkpoints with their times. A guard runs their own round above the list.
import { DayInput } from '@conjunto/core/ui';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { DataTable, ReferenceInput, SearchInput, SelectInput, useTranslate } from 'react-admin';
import { ROUND_STATUSES } from '../../rounds.ts';
import type { RoundItem } from '../../rounds-schemas.ts';
import { Empty, GateList, orDash, PhoneRow, usePhone, when } from '../screens/shared.tsx';
import RoundConsole from './RoundConsole.tsx';
import { r, rf } from './shared.tsx';

const f = (key: string) => rf('rondas', key);
const COLORS = { enCurso: 'info', completa: 'success', incompleta: 'warning' } as const;

export function Progress({ round }: { round: RoundItem }) {
  const translate = useTranslate();
  return (
    <Box sx={{ minWidth: 120 }}>
      <LinearProgress
        variant="determinate"
        color={COLORS[round.status]}
        value={(100 * round.markedCount) / Math.max(1, round.checkpointCount)}
        sx={{ height: 8, borderRadius: 4, bgcolor: 'grey.300' }}
      />
      <Typography variant="caption">
        {translate(r('rounds.progress'), { marked: round.markedCount, total: round.checkpointCount })}
      </Typography>
    </Box>
  );
}

export function StatusChip({ status }: { status: RoundItem['status'] }) {
  const translate = useTranslate();
  return <Chip size="small" color={COLORS[status]} label={translate(r(`status.${status}`))} />;
}

export default function RoundList() {
  const translate = useTranslate();
  const phone = usePhone();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate(r('rounds.search'))} sx={{ minWidth: { sm: 300 } }} />,
    <DayInput key="from" source="startedAt_gte" label={r('filters.from')} />,
    <DayInput key="to" source="startedAt_lte" label={r('filters.to')} />,
    <SelectInput
      key="status"
      source="status"
      label={f('status')}
      choices={ROUND_STATUSES.map((id) => ({ id, name: translate(r(`status.${id}`)) }))}
    />,
    <ReferenceInput key="guardId" source="guardId" reference="gestionarGuardias" sort={{ field: 'lastName', order: 'ASC' }}>
      <SelectInput optionText="name" label={f('guardId')} />
    </ReferenceInput>,
    <ReferenceInput key="postId" source="postId" reference="garitas" sort={{ field: 'name', order: 'ASC' }}>
      <SelectInput optionText="name" label={f('postId')} />
    </ReferenceInput>,
  ];
  return (
    <>
      <RoundConsole />
      <GateList
        resource="rondas"
        title={translate(r('rounds.title'))}
        filters={filters}
        sort={{ field: 'startedAt', order: 'DESC' }}
      >
        <DataTable rowClick="show" bulkActionButtons={false} empty={<Empty text={r('rounds.empty')} />}>
          {phone ? (
            <DataTable.Col
              source="startedAt"
              label={f('startedAt')}
              render={(x: RoundItem) => (
                <Box>
                  <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <PhoneRow
                        title={`${x.guardName}${x.postName ? ` · ${x.postName}` : ''}`}
                        details={[when(x.startedAt), x.observation]}
                      />
                    </Box>
                    <StatusChip status={x.status} />
                  </Box>
                  <Progress round={x} />
                </Box>
              )}
            />
          ) : (
            [
              <DataTable.Col
                key="startedAt"
                source="startedAt"
                label={f('startedAt')}
                render={(x: RoundItem) => when(x.startedAt)}
              />,
              <DataTable.Col key="guardName" source="guardName" label={f('guardName')} />,
              <DataTable.Col
                key="postName"
                source="postName"
                label={f('postName')}
                render={(x: RoundItem) => orDash(x.postName)}
              />,
              <DataTable.Col
                key="status"
                source="status"
                label={f('status')}
                render={(x: RoundItem) => <StatusChip status={x.status} />}
              />,
              <DataTable.Col
                key="markedCount"
                source="markedCount"
                label={f('markedCount')}
                render={(x: RoundItem) => <Progress round={x} />}
              />,
              <DataTable.Col key="endedAt" source="endedAt" label={f('endedAt')} render={(x: RoundItem) => when(x.endedAt)} />,
              <DataTable.Col
                key="observation"
                source="observation"
                label={f('observation')}
                disableSort
                render={(x: RoundItem) => orDash(x.observation)}
              />,
            ]
          )}
        </DataTable>
      </GateList>
    </>
  );
}
