// Devices that are not working now (every status but active): how many, and the first ones by name.
import { Figure, WidgetEmpty, WidgetSkeleton } from '@conjunto/core/ui';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetList, useTranslate } from 'react-admin';
import { OFFLINE_STATUSES } from '../../manifest.ts';
import { DEVICES } from '../shared/api.ts';

const SHOWN = 4;

export default function OfflineDevicesWidget() {
  const translate = useTranslate();
  const { data, total, isPending, error } = useGetList(DEVICES, {
    filter: { status: OFFLINE_STATUSES },
    sort: { field: 'name', order: 'ASC' },
    pagination: { page: 1, perPage: SHOWN },
  });
  if (isPending) return <WidgetSkeleton height={100} />;
  if (error || total === undefined) return <WidgetEmpty>{translate('shell.dashboard.widgetError')}</WidgetEmpty>;
  if (total === 0) return <WidgetEmpty>{translate('biometrics.dashboard.allOnline')}</WidgetEmpty>;
  const names = (data ?? []).map((d) => d.name as string);
  return (
    <Stack spacing={1}>
      <Figure
        label={translate('biometrics.dashboard.offline', { smart_count: total })}
        value={total}
        color="error.main"
        testId="biometrics-offline"
      />
      <Typography variant="body2" color="text.secondary" data-testid="biometrics-offline-names">
        {names.join(', ')}
        {total > names.length ? ` ${translate('biometrics.dashboard.more', { count: total - names.length })}` : ''}
      </Typography>
    </Stack>
  );
}
