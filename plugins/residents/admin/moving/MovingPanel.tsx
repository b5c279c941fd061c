// The unit's moving requests on the resident's detail (slot 'resident') and in the resident's own area
// ('residentArea'): the latest ones with their state.

import type { PanelProps } from '@conjunto/core';
import { formatDate } from '@conjunto/core';
import { WidgetEmpty, WidgetSkeleton } from '@conjunto/core/ui';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Confirm, useCanAccess, useGetList, useNotify, useRefresh, useTranslate } from 'react-admin';
import { MOVING, type MovingRequest, MovingStatusChip, timeWindow, useMovingApi } from './shared.tsx';

/** A pending request may be withdrawn (a resident: their own unit's), after a confirmation. */
function CancelButton({ request }: { request: MovingRequest }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const api = useMovingApi();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      await api.send(`${request.id}/cancel`, 'POST');
      notify('residents.moving.notifications.cancelled', { type: 'success' });
      refresh();
    } catch {
      // The server's reason was shown.
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button size="small" color="inherit" onClick={() => setOpen(true)}>
        {translate('residents.moving.action.cancel')}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title="residents.moving.action.cancel"
        content="residents.moving.confirm.cancel"
        onConfirm={cancel}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

export default function MovingPanel({ unitId }: PanelProps) {
  const translate = useTranslate();
  const { canAccess: canCancel } = useCanAccess({ resource: MOVING, action: 'cancel' });
  const { data, isPending, error } = useGetList<MovingRequest>(
    MOVING,
    { filter: { unitId }, sort: { field: 'date', order: 'DESC' }, pagination: { page: 1, perPage: 5 } },
    { enabled: Boolean(unitId) },
  );
  if (!unitId) return <WidgetEmpty>{translate('residents.moving.panel.empty')}</WidgetEmpty>;
  if (isPending) return <WidgetSkeleton height={120} />;
  if (error) return <WidgetEmpty>{translate('residents.moving.errors.load')}</WidgetEmpty>;
  if (!data?.length) return <WidgetEmpty>{translate('residents.moving.panel.empty')}</WidgetEmpty>;
  return (
    <List dense disablePadding>
      {data.map((r) => (
        <ListItem
          key={r.id}
          disableGutters
          secondaryAction={
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              {canCancel && r.status === 'pendiente' && <CancelButton request={r} />}
              <MovingStatusChip status={r.status} />
            </Stack>
          }
        >
          <ListItemText
            primary={`${translate(`residents.moving.type.${r.type}`)} · ${formatDate(r.date)} · ${timeWindow(r)}`}
            secondary={[r.plate, r.rejectReason].filter(Boolean).join(' · ')}
            sx={{ pr: r.status === 'pendiente' && canCancel ? 24 : 12, overflowWrap: 'anywhere' }}
          />
        </ListItem>
      ))}
    </List>
  );
}
