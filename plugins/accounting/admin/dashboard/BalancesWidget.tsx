// The live balance of every bank account and cash box, and their total.
import { formatMoney } from '@conjunto/core';
import { useWidgetGet, WidgetBody } from '@conjunto/core/ui';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { DashboardBalances } from '../../schemas.ts';

function Row({ label, hint, amount, strong }: { label: string; hint?: string; amount: number; strong?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
      <Typography variant="body2" sx={{ fontWeight: strong ? 600 : 400, minWidth: 0, overflowWrap: 'anywhere' }}>
        {label}
        {hint ? (
          <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
            {hint}
          </Typography>
        ) : null}
      </Typography>
      <Typography
        variant="body2"
        sx={{ fontWeight: strong ? 600 : 500, whiteSpace: 'nowrap', color: amount < 0 ? 'error.main' : undefined }}
        data-testid={strong ? 'accounting-balance-total' : undefined}
      >
        {formatMoney(amount)}
      </Typography>
    </Stack>
  );
}

export default function BalancesWidget() {
  const translate = useTranslate();
  const state = useWidgetGet<DashboardBalances>('accounting-dashboard', 'balances');
  return (
    <WidgetBody
      state={state}
      isEmpty={(d) => d.accounts.length === 0}
      emptyText={translate('accounting.dashboard.balances.empty')}
    >
      {(d) => (
        <Stack spacing={1} data-testid="accounting-balances">
          {d.accounts.map((a) => (
            <Row
              key={a.id}
              label={a.name}
              hint={translate(a.methodType === 'Caja' ? 'accounting.shared.cashBox' : 'accounting.dashboard.balances.bank')}
              amount={a.balance}
            />
          ))}
          <Divider />
          <Row label={translate('accounting.dashboard.balances.total')} amount={d.total} strong />
        </Stack>
      )}
    </WidgetBody>
  );
}
