// Incomes against expenses of each of the last 12 months (spec 002 §2.5 item 13, "monthly").
import { useWidgetGet, WidgetBody } from '@conjunto/core/ui';
import { useTheme } from '@mui/material/styles';
import { useLocaleState, useTranslate } from 'react-admin';
import type { DashboardMonthly } from '../../schemas.ts';
import { Chart } from './Chart.tsx';
import { shortMonth } from './months.ts';

export default function MonthlyWidget() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const theme = useTheme();
  const state = useWidgetGet<DashboardMonthly>('accounting-dashboard', 'monthly');
  return (
    <WidgetBody
      state={state}
      height={300}
      isEmpty={(d) => d.months.every((m) => m.income === 0 && m.expense === 0)}
      emptyText={translate('accounting.dashboard.monthly.empty')}
    >
      {(d) => (
        <Chart
          data={d.months.map((m) => ({ month: shortMonth(m.month, locale), income: m.income, expense: m.expense }))}
          category="month"
          series={[
            { key: 'income', name: translate('accounting.dashboard.monthly.income'), color: theme.palette.success.main },
            { key: 'expense', name: translate('accounting.dashboard.monthly.expense'), color: theme.palette.error.main },
          ]}
          height={290}
        />
      )}
    </WidgetBody>
  );
}
