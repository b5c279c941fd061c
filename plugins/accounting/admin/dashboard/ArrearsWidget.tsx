// What units owe past the due date, by days past due (spec 002 §2.5 item 13, "days past due").
import { formatMoney } from '@conjunto/core';
import { Figure, useWidgetGet, WidgetBody } from '@conjunto/core/ui';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import type { DashboardArrears } from '../../schemas.ts';
import { Chart } from './Chart.tsx';

export default function ArrearsWidget() {
  const translate = useTranslate();
  const theme = useTheme();
  const state = useWidgetGet<DashboardArrears>('accounting-dashboard', 'arrears');
  return (
    <WidgetBody
      state={state}
      height={300}
      isEmpty={(d) => d.total === 0}
      emptyText={translate('accounting.dashboard.arrears.empty')}
    >
      {(d) => (
        <Stack spacing={2}>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}>
            <Figure
              label={translate('accounting.dashboard.arrears.total')}
              value={formatMoney(d.total)}
              color="error.main"
              testId="accounting-arrears-total"
            />
            <Figure label={translate('accounting.dashboard.arrears.units')} value={d.units} testId="accounting-arrears-units" />
          </Stack>
          <Chart
            data={d.buckets.map((b) => ({
              bucket: translate(`accounting.dashboard.arrears.buckets.${b.bucket}`),
              amount: b.amount,
            }))}
            category="bucket"
            series={[{ key: 'amount', name: translate('accounting.dashboard.amount'), color: theme.palette.error.main }]}
            height={220}
          />
        </Stack>
      )}
    </WidgetBody>
  );
}
