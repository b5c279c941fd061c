// Mantenimiento (spec 000 §2.4): the plans running and those ended within 6 months (spec 002 §9), with their
// recurrence, next date and state; filters, export, create/edit dialogs and the detail with its dates.
import { ExportButton, useRefreshOn } from '@conjunto/core/ui';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import {
  BooleanInput,
  CanAccess,
  Confirm,
  DataTable,
  FilterButton,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
  useDelete,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { MAINTENANCE_TOPIC } from '../manifest.ts';
import PlanDetailDialog from './PlanDetailDialog.tsx';
import PlanFormDialog from './PlanFormDialog.tsx';
import {
  dayLabel,
  MAINTENANCE,
  money,
  NONE,
  type Plan,
  PlanStatusChip,
  RECURRENCE_CHOICES,
  ToneChip,
  useNotifyError,
  useRecurrenceLabel,
} from './shared.tsx';

const ENDED_CHOICES = [
  { id: 'false', name: 'maintenance.filters.active' },
  { id: 'true', name: 'maintenance.filters.ended' },
];

type Open =
  | { kind: 'create' }
  | { kind: 'edit'; plan: Plan }
  | { kind: 'detail'; plan: Plan }
  | { kind: 'delete'; plan: Plan }
  | null;

const LIVE = [MAINTENANCE_TOPIC];

export default function MaintenanceList() {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [open, setOpen] = useState<Open>(null);
  // Another administrator's change (or a reminder) reloads the page.
  useRefreshOn(LIVE);
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('maintenance.search')} />,
    <SelectInput key="recurrence" source="recurrence" choices={RECURRENCE_CHOICES} />,
    <SelectInput key="ended" source="ended" choices={ENDED_CHOICES} label="resources.mantenimiento.fields.status" />,
    <BooleanInput key="isFuture" source="isFuture" />,
  ];
  const actions = {
    detail: (plan: Plan) => setOpen({ kind: 'detail', plan }),
    edit: (plan: Plan) => setOpen({ kind: 'edit', plan }),
    remove: (plan: Plan) => setOpen({ kind: 'delete', plan }),
  };
  return (
    <>
      <Alert severity="info" sx={{ mt: 2 }}>
        {translate('maintenance.banner')}
      </Alert>
      <List
        title="maintenance.title"
        sort={{ field: 'startDate', order: 'DESC' }}
        perPage={25}
        filters={filters}
        actions={
          <TopToolbar>
            <FilterButton />
            <CanAccess action="create">
              <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setOpen({ kind: 'create' })}>
                {translate('maintenance.action.create')}
              </Button>
            </CanAccess>
            <ExportButton />
            <ExportButton format="xlsx" />
          </TopToolbar>
        }
        exporter={false}
        empty={false}
        queryOptions={{ onError: (error) => notifyError(error, 'maintenance.errors.load') }}
      >
        <DataTable
          rowClick={(_id, _r, record) => {
            actions.detail(record as Plan);
            return false;
          }}
          bulkActionButtons={false}
          empty={<Empty />}
        >
          {phone ? (
            <DataTable.Col source="title" label="maintenance.title" render={() => <SummaryCell actions={actions} />} />
          ) : (
            [
              <DataTable.Col key="title" source="title" render={(p: Plan) => <TitleCell plan={p} />} />,
              <DataTable.Col key="recurrence" source="recurrence" render={(p: Plan) => <RecurrenceCell plan={p} />} />,
              <DataTable.Col key="startDate" source="startDate" render={(p: Plan) => dayLabel(p.startDate)} />,
              <DataTable.Col key="endsOn" source="endsOn" render={(p: Plan) => dayLabel(p.endsOn)} />,
              <DataTable.Col key="nextDue" source="nextDue" disableSort render={(p: Plan) => dayLabel(p.nextDue)} />,
              <DataTable.Col
                key="status"
                source="status"
                disableSort
                render={(p: Plan) => <PlanStatusChip status={p.status} />}
              />,
              <DataTable.Col key="supplier" source="supplier" disableSort render={(p: Plan) => p.supplier ?? NONE} />,
              <DataTable.Col key="cost" source="cost" align="right" render={(p: Plan) => money(p.cost)} />,
              <DataTable.Col
                key="actions"
                label="maintenance.columns.actions"
                align="right"
                render={() => <RowActions actions={actions} />}
              />,
            ]
          )}
        </DataTable>
      </List>
      <PlanFormDialog
        open={open?.kind === 'create' || open?.kind === 'edit'}
        plan={open?.kind === 'edit' ? open.plan : undefined}
        onClose={() => setOpen(null)}
      />
      <PlanDetailDialog plan={open?.kind === 'detail' ? open.plan : null} onClose={() => setOpen(null)} />
      {open?.kind === 'delete' && <DeleteConfirm plan={open.plan} onClose={() => setOpen(null)} />}
    </>
  );
}

interface RowActionsProps {
  actions: { detail(p: Plan): void; edit(p: Plan): void; remove(p: Plan): void };
}

function RowActions({ actions }: RowActionsProps) {
  const translate = useTranslate();
  const plan = useRecordContext<Plan>();
  if (!plan) return null;
  const stop = (fn: () => void) => (event: React.MouseEvent) => {
    event.stopPropagation();
    fn();
  };
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title={translate('maintenance.action.detail')}>
        <IconButton size="small" aria-label={translate('maintenance.action.detail')} onClick={stop(() => actions.detail(plan))}>
          <VisibilityIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <CanAccess action="edit">
        <Tooltip title={translate('maintenance.action.edit')}>
          <IconButton size="small" aria-label={translate('maintenance.action.edit')} onClick={stop(() => actions.edit(plan))}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </CanAccess>
      <CanAccess action="delete">
        <Tooltip title={translate('maintenance.action.delete')}>
          <IconButton
            size="small"
            color="error"
            aria-label={translate('maintenance.action.delete')}
            onClick={stop(() => actions.remove(plan))}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </CanAccess>
    </Stack>
  );
}

function TitleCell({ plan }: { plan: Plan }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      <Box sx={{ fontWeight: 500 }}>{plan.title}</Box>
      {plan.isFuture && <ToneChip tone="info" label={translate('maintenance.future')} />}
    </Stack>
  );
}

/** The recurrence's name; a custom rule reads 'Personalizada' with the rule itself in a tooltip. */
function RecurrenceCell({ plan }: { plan: Plan }) {
  const label = useRecurrenceLabel();
  if (!plan.rrule) return <>{label(plan)}</>;
  return (
    <Tooltip title={<Box sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{plan.rrule}</Box>}>
      <Box component="span" tabIndex={0} sx={{ textDecoration: 'underline dotted', cursor: 'help' }}>
        {label(plan)}
      </Box>
    </Tooltip>
  );
}

function SummaryCell({ actions }: RowActionsProps) {
  const translate = useTranslate();
  const label = useRecurrenceLabel();
  const p = useRecordContext<Plan>();
  if (!p) return null;
  return (
    <Box sx={{ overflowWrap: 'anywhere' }}>
      <TitleCell plan={p} />
      <Box sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
        {[
          label(p),
          `${translate('resources.mantenimiento.fields.nextDue')}: ${dayLabel(p.nextDue)}`,
          p.supplier,
          p.cost == null ? null : money(p.cost),
        ]
          .filter(Boolean)
          .join(' · ')}
      </Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 0.5 }}>
        <PlanStatusChip status={p.status} />
        <RowActions actions={actions} />
      </Stack>
    </Box>
  );
}

function DeleteConfirm({ plan, onClose }: { plan: Plan; onClose(): void }) {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [remove, { isPending }] = useDelete<Plan>();
  const confirm = async () => {
    try {
      await remove(MAINTENANCE, { id: plan.id, previousData: plan }, { returnPromise: true, mutationMode: 'pessimistic' });
      notify('maintenance.notifications.deleted', { type: 'success' });
      refresh();
      onClose();
    } catch (error) {
      notifyError(error, 'maintenance.errors.delete');
    }
  };
  return (
    <Confirm
      isOpen
      loading={isPending}
      title="maintenance.delete.title"
      content="maintenance.delete.content"
      translateOptions={{ title: plan.title }}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}

function Empty() {
  const translate = useTranslate();
  return <Box sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>{translate('maintenance.empty')}</Box>;
}
