// reservasxaprobar (spec 000 §2.4, §4): pending reservations that have not ended, oldest request first; approve one
// or the selected ones (past ones are skipped with the reason), or reject with an optional reason. Live: another
// administrator's decision or a new request reloads the list.
import { refusalMessage } from '@conjunto/core';
import { ExportButton } from '@conjunto/core/ui';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import {
  DataTable,
  List,
  SearchInput,
  TopToolbar,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUnselectAll,
} from 'react-admin';
import { RESERVATION_TOPICS } from '../reservations.ts';
import type { BulkApproveResult, Reservation } from '../schemas.ts';
import { ReasonButton } from './ReasonDialog.tsx';
import { AREAS, CalendarButton, EmptyRows, k, moneyOr, PENDING, rangeOf, useShellCalls } from './shared.tsx';

/** Reloads the list when a reservation of the complex changes (a new request, a decision elsewhere). */
export function useLiveRefresh() {
  const api = useShellCalls();
  const refresh = useRefresh();
  useEffect(() => api.subscribe(RESERVATION_TOPICS.changed, () => refresh()), [api, refresh]);
}

function useApprove() {
  const api = useShellCalls();
  const notify = useNotify();
  const refresh = useRefresh();
  return async (ids: string[]) => {
    try {
      const result = await api.send<BulkApproveResult>(PENDING, 'approve-many', { method: 'POST', body: { ids } });
      if (result.approved.length)
        notify(k('pending.approved'), { type: 'success', messageArgs: { smart_count: result.approved.length } });
      if (result.skipped.length)
        notify(k('pending.skipped'), {
          type: 'warning',
          messageArgs: {
            smart_count: result.skipped.length,
            reasons: [...new Set(result.skipped.map((s) => s.reason))].join(' '),
          },
        });
    } catch (error) {
      notify(refusalMessage(error) ?? k('errors.approve'), { type: 'error' });
    } finally {
      refresh();
    }
  };
}

function BulkApprove() {
  const translate = useTranslate();
  const { selectedIds } = useListContext();
  const unselectAll = useUnselectAll(PENDING);
  const approve = useApprove();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      variant="contained"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        await approve(selectedIds.map(String));
        unselectAll();
        setBusy(false);
      }}
    >
      {translate(k('pending.approveMany'))}
    </Button>
  );
}

function RowActions() {
  const translate = useTranslate();
  const record = useRecordContext<Reservation>();
  const approve = useApprove();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const ended = Date.parse(record.endsAt) <= Date.now();
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      {!ended && (
        <Button
          size="small"
          variant="outlined"
          color="success"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            await approve([record.id]);
            setBusy(false);
          }}
        >
          {translate(k('pending.approve'))}
        </Button>
      )}
      <ReasonButton reservation={record} action="reject" resource={PENDING} />
    </Stack>
  );
}

function Cost() {
  const translate = useTranslate();
  const r = useRecordContext<Reservation>();
  return r ? <span>{moneyOr(r.price + r.deposit, translate(k('free')))}</span> : null;
}

function When() {
  const translate = useTranslate();
  const r = useRecordContext<Reservation>();
  if (!r) return null;
  return (
    <span>
      {rangeOf(r)}
      {Date.parse(r.endsAt) <= Date.now() && (
        <Typography component="span" variant="caption" color="error" sx={{ ml: 1 }}>
          {translate(k('pending.ended'))}
        </Typography>
      )}
    </span>
  );
}

export default function PendingList() {
  const translate = useTranslate();
  useLiveRefresh();
  return (
    <>
      <Alert severity="info" sx={{ mt: 2 }}>
        {translate(k('pending.banner'))}
      </Alert>
      <List
        title="reservations.menu.pending"
        filter={{ status: 'pendiente' }}
        sort={{ field: 'startsAt', order: 'ASC' }}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate(k('search'))} />]}
        actions={
          <TopToolbar>
            <CalendarButton resource={AREAS} />
            <ExportButton />
            <ExportButton format="xlsx" />
          </TopToolbar>
        }
        exporter={false}
        empty={false}
      >
        <DataTable bulkActionButtons={<BulkApprove />} rowClick={false} empty={<EmptyRows />}>
          <DataTable.Col source="areaName" />
          <DataTable.Col source="startsAt" label="reservations.columns.when" field={When} />
          <DataTable.Col source="unitNumber" />
          <DataTable.Col source="userName" disableSort />
          <DataTable.NumberCol source="guests" disableSort />
          <DataTable.Col source="price" label="reservations.columns.cost" field={Cost} disableSort />
          <DataTable.Col label="reservations.columns.actions" align="right">
            <RowActions />
          </DataTable.Col>
        </DataTable>
      </List>
    </>
  );
}
