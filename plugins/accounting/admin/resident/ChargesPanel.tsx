// Valores pendientes y por vencer (issue 12): what the unit owes today, overdue first, and the charges due later,
// each with its balance and due date, from the unit's statement.
import { formatDate } from '@conjunto/core';
import { WidgetEmpty, WidgetSkeleton } from '@conjunto/core/ui';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Money } from '../shared/MoneyField.tsx';
import { type Charge, ROWS, type StatementSource, splitCharges, useStatement } from './useStatement.ts';

const k = (key: string) => `accounting.resident.${key}`;

export function ChargeList({ charges, testId }: { charges: Charge[]; testId: string }) {
  const translate = useTranslate();
  return (
    <Stack component="ul" sx={ROWS} data-testid={testId}>
      {charges.map((c) => (
        <Stack component="li" key={c.id} direction="row" spacing={1} sx={{ py: 1, alignItems: 'center' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              {c.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {translate(k('due'), { date: formatDate(c.dueDate) })}
            </Typography>
          </Box>
          {c.overdue ? (
            <Chip
              size="small"
              color="error"
              variant="outlined"
              label={translate(k('daysOverdue'), { smart_count: c.daysOverdue })}
            />
          ) : null}
          <Money value={c.balance} bold={c.overdue} />
        </Stack>
      ))}
    </Stack>
  );
}

function ChargesSection({ source }: { source: StatementSource }) {
  const translate = useTranslate();
  const { where, data, error, isPending } = useStatement(source);
  if (!where) return <WidgetEmpty>{translate(k('noUnit'))}</WidgetEmpty>;
  if (isPending && !data) return <WidgetSkeleton height={120} />;
  if (error || !data) return <WidgetEmpty>{translate('shell.dashboard.widgetError')}</WidgetEmpty>;
  const { pending, future } = splitCharges(data);
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="subtitle2" component="h3">
          {translate(k('pending'))}
        </Typography>
        {pending.length ? (
          <ChargeList charges={pending} testId="accounting-pending-charges" />
        ) : (
          <WidgetEmpty>{translate(k('noPending'))}</WidgetEmpty>
        )}
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3">
          {translate(k('future'))}
        </Typography>
        {future.length ? (
          <ChargeList charges={future} testId="accounting-future-charges" />
        ) : (
          <WidgetEmpty>{translate(k('noFuture'))}</WidgetEmpty>
        )}
      </Box>
    </Stack>
  );
}

export function MyChargesPanel() {
  return <ChargesSection source={{ mine: true }} />;
}

export function ResidentChargesPanel({ unitId }: { unitId?: string | null }) {
  return <ChargesSection source={{ mine: false, unitId }} />;
}
