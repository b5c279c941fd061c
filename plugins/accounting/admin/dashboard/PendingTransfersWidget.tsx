// Transfers residents reported that wait for the administrator's review: how many (the list's own total).
import { Figure, WidgetEmpty, WidgetSkeleton } from '@conjunto/core/ui';
import Stack from '@mui/material/Stack';
import { useGetList, useTranslate } from 'react-admin';
import { RESOURCES } from '../shared/paths.ts';

export default function PendingTransfersWidget() {
  const translate = useTranslate();
  const { total, isPending, error } = useGetList(RESOURCES.pendingTransfers, {
    filter: { status: 'Pendiente' },
    pagination: { page: 1, perPage: 1 },
  });
  if (isPending) return <WidgetSkeleton height={100} />;
  if (error || total === undefined) return <WidgetEmpty>{translate('shell.dashboard.widgetError')}</WidgetEmpty>;
  if (total === 0) return <WidgetEmpty>{translate('accounting.dashboard.pendingTransfers.none')}</WidgetEmpty>;
  return (
    <Stack spacing={1.5}>
      <Figure
        label={translate('accounting.dashboard.pendingTransfers.count')}
        value={total}
        color="warning.main"
        testId="accounting-pending-transfers"
      />
    </Stack>
  );
}
