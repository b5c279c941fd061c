// Collected vs billed this month: receivables due in the month against incomes paid by units dated in it.
import { formatMoney, formatPercentage } from '@conjunto/core';
import { Figure, useWidgetGet, WidgetBody } from '@conjunto/core/ui';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import type { DashboardMonth } from '../../schemas.ts';
import { longMonth } from './months.ts';

export default function CollectionWidget() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const state = useWidgetGet<DashboardMonth>('accounting-dashboard', 'month');
  return (
    <WidgetBody
      state={state}
      height={120}
      isEmpty={(d) => d.billed === 0 && d.collected === 0}
      emptyText={translate('accounting.dashboard.collection.empty')}
    >
      {(d) => {
        const rate = d.billed > 0 ? (d.collected * 100) / d.billed : undefined;
        return (
          <Stack spacing={1.5}>
            <Typography variant="body2" color="text.secondary">
              {longMonth(d.month, locale)}
            </Typography>
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}>
              <Figure
                label={translate('accounting.dashboard.collection.collected')}
                value={formatMoney(d.collected)}
                color="success.main"
                testId="accounting-collected"
              />
              <Figure
                label={translate('accounting.dashboard.collection.billed')}
                value={formatMoney(d.billed)}
                testId="accounting-billed"
              />
            </Stack>
            {rate !== undefined ? (
              <>
                <LinearProgress
                  aria-label={translate('accounting.dashboard.collection.rate', { rate: formatPercentage(rate, locale, 1) })}
                  variant="determinate"
                  value={Math.min(rate, 100)}
                  color="success"
                  sx={{ height: 8, borderRadius: 4 }}
                />
                <Typography variant="body2" color="text.secondary">
                  {translate('accounting.dashboard.collection.rate', { rate: formatPercentage(rate, locale, 1) })}
                </Typography>
              </>
            ) : null}
          </Stack>
        );
      }}
    </WidgetBody>
  );
}
