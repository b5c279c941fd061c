// Devices off line now, as the devices view counts them ('Inactivos'): the status answer, which checks each
// controller, so a device behind a controller that does not answer counts too. How many, and the first by name.
import { Figure, useWidgetGet, WidgetBody } from '@conjunto/core/ui';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { DevicesStatus } from '../shared/api.ts';
import { SPEC_PATHS } from '../shared/api.ts';

const SHOWN = 4;

export default function OfflineDevicesWidget() {
  const translate = useTranslate();
  const state = useWidgetGet<{ data: DevicesStatus }>(SPEC_PATHS, 'biometricos/status');
  return (
    <WidgetBody
      state={state}
      height={100}
      isEmpty={({ data }) => data.devices_inactive === 0}
      emptyText={translate('biometrics.dashboard.allOnline')}
    >
      {({ data }) => {
        const names = data.devices_status
          .filter((d) => d.status !== 'active')
          .map((d) => d.device_name)
          .sort((a, b) => a.localeCompare(b, 'es'));
        const shown = names.slice(0, SHOWN);
        return (
          <Stack spacing={1}>
            <Figure
              label={translate('biometrics.dashboard.offline', { smart_count: data.devices_inactive })}
              value={data.devices_inactive}
              color="error.main"
              testId="biometrics-offline"
            />
            <Typography variant="body2" color="text.secondary" data-testid="biometrics-offline-names">
              {shown.join(', ')}
              {names.length > shown.length
                ? ` ${translate('biometrics.dashboard.more', { count: names.length - shown.length })}`
                : ''}
            </Typography>
          </Stack>
        );
      }}
    </WidgetBody>
  );
}
