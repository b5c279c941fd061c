// The unit's moving requests on the resident's detail (slot 'resident') and in the resident's own area
// ('residentArea'): the latest ones with their state.

import type { PanelProps } from '@conjunto/core';
import { formatDate } from '@conjunto/core';
import { WidgetEmpty, WidgetSkeleton } from '@conjunto/core/ui';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useGetList, useTranslate } from 'react-admin';
import { MOVING, type MovingRequest, MovingStatusChip, timeWindow } from './shared.tsx';

export default function MovingPanel({ unitId }: PanelProps) {
  const translate = useTranslate();
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
        <ListItem key={r.id} disableGutters secondaryAction={<MovingStatusChip status={r.status} />}>
          <ListItemText
            primary={`${translate(`residents.moving.type.${r.type}`)} · ${formatDate(r.date)} · ${timeWindow(r)}`}
            secondary={[r.plate, r.rejectReason].filter(Boolean).join(' · ')}
            sx={{ pr: 12, overflowWrap: 'anywhere' }}
          />
        </ListItem>
      ))}
    </List>
  );
}
