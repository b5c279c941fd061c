// Incomes or expenses grouped by rubro, subrubro, account, payment method or supplier, this month or the last
// 12 months (spec 002 §2.5 item 13: "group transactions by", "expenses by", "incomes by").
import { businessDay, formatMoney, isDay } from '@conjunto/core';
import { DayTextField, useWidgetGet, WidgetBody } from '@conjunto/core/ui';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { BREAKDOWN_GROUPS, BREAKDOWN_KINDS } from '../../manifest.ts';
import type { DashboardBreakdown } from '../../schemas.ts';
import { methodLabel } from '../shared/choices.ts';
import { Chart } from './Chart.tsx';
import { lastTwelveMonthsFrom } from './months.ts';

type Kind = (typeof BREAKDOWN_KINDS)[number];
type Group = (typeof BREAKDOWN_GROUPS)[number];
const PERIODS = ['month', 'year', 'custom'] as const;
type Period = (typeof PERIODS)[number];

function periodRange(period: 'month' | 'year'): { from: string; to: string } {
  const today = businessDay();
  return { from: period === 'month' ? `${today.slice(0, 7)}-01` : lastTwelveMonthsFrom(today), to: today };
}

function Select<T extends string>({
  label,
  value,
  options,
  onChange,
  name,
  minWidth = 140,
}: {
  /** Wide enough for the longest option: a narrower box wraps to the next line instead of cutting it. */
  minWidth?: number;
  label: string;
  value: T;
  options: { id: T; name: string }[];
  onChange: (value: T) => void;
  name: string;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as T)}
      sx={{ minWidth, flex: `1 1 ${minWidth}px` }}
      slotProps={{ htmlInput: { 'data-testid': `breakdown-${name}` } }}
    >
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

export default function BreakdownWidget() {
  const translate = useTranslate();
  const theme = useTheme();
  const [kind, setKind] = useState<Kind>('expense');
  const [by, setBy] = useState<Group>('category');
  const [period, setPeriod] = useState<Period>('year');
  // A range of one's own (spec 002 §5: in the graphics the start cannot be later than the end).
  const [custom, setCustom] = useState<{ from: string | null; to: string | null }>(() => periodRange('month'));
  const t = (key: string) => translate(`accounting.dashboard.breakdown.${key}`);
  const range = period === 'custom' ? custom : periodRange(period);
  const complete = range.from !== null && range.to !== null && isDay(range.from) && isDay(range.to);
  const reversed = complete && range.to! < range.from!;
  const state = useWidgetGet<DashboardBreakdown>(
    'accounting-dashboard',
    complete && !reversed ? `breakdown?${new URLSearchParams({ kind, by, from: range.from!, to: range.to! })}` : undefined,
  );
  const groups = BREAKDOWN_GROUPS.filter((g) => kind === 'expense' || g !== 'supplier');
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
        <Select
          name="kind"
          label={t('kind')}
          value={kind}
          options={BREAKDOWN_KINDS.map((id) => ({ id, name: t(`kinds.${id}`) }))}
          onChange={(k) => {
            setKind(k);
            if (k === 'income' && by === 'supplier') setBy('category');
          }}
        />
        <Select
          name="by"
          label={t('by')}
          value={by}
          options={groups.map((id) => ({ id, name: t(`groups.${id}`) }))}
          onChange={setBy}
        />
        <Select
          name="period"
          minWidth={190}
          label={t('period')}
          value={period}
          options={PERIODS.map((id) => ({ id, name: t(`periods.${id}`) }))}
          onChange={setPeriod}
        />
      </Stack>
      {period === 'custom' ? (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
          <DayTextField
            size="small"
            label={t('from')}
            value={custom.from}
            onChange={(from) => setCustom((c) => ({ ...c, from }))}
            sx={{ flex: '1 1 160px' }}
          />
          <DayTextField
            size="small"
            label={t('to')}
            value={custom.to}
            onChange={(to) => setCustom((c) => ({ ...c, to }))}
            error={reversed}
            helperText={reversed ? t('reversed') : undefined}
            sx={{ flex: '1 1 160px' }}
          />
        </Stack>
      ) : null}
      {!complete || reversed ? null : (
        <WidgetBody state={state} height={260} isEmpty={(d) => d.total === 0} emptyText={t('empty')}>
          {(d) => {
            // Payment methods are stored as codes ('Deposito'): people read their names ('Depósito').
            const named = d.by === 'method' ? d.rows.map((r) => ({ ...r, label: translate(methodLabel(r.label)) })) : d.rows;
            const rows = [...named, ...(d.others > 0 ? [{ label: t('others'), amount: d.others }] : [])];
            return (
              <Stack spacing={1}>
                <Typography variant="body2" color="text.secondary">
                  {t('total')}: <strong data-testid="breakdown-total">{formatMoney(d.total)}</strong>
                </Typography>
                <Chart
                  data={rows}
                  category="label"
                  layout="vertical"
                  series={[
                    {
                      key: 'amount',
                      name: translate('accounting.dashboard.amount'),
                      color: kind === 'income' ? theme.palette.success.main : theme.palette.primary.main,
                    },
                  ]}
                  height={Math.max(140, rows.length * 34 + 40)}
                />
              </Stack>
            );
          }}
        </WidgetBody>
      )}
    </Stack>
  );
}
