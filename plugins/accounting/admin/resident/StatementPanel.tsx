// Estado de cuenta of a unit as a section (issue 12): the balance in brief, then its movements, newest first
// (charges and payments in one list that fits a phone), and the PDF. In the resident's own area it reads their unit
// (from the session); on the administrator's resident detail, the resident's unit.
import { formatDate, formatMoney } from '@conjunto/core';
import { WidgetEmpty, WidgetSkeleton } from '@conjunto/core/ui';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Statement } from '../../schemas.ts';
import { useDownload } from '../shared/accountingApi.ts';
import { methodLabel } from '../shared/choices.ts';
import { Money } from '../shared/MoneyField.tsx';
import { ROWS, type StatementSource, useStatement } from './useStatement.ts';

const k = (key: string) => `accounting.resident.${key}`;

interface Movement {
  id: string;
  date: string;
  label: string;
  detail: string;
  amount: number;
  kind: 'charge' | 'payment';
  annulled?: boolean;
}

function movementsOf(s: Statement, translate: (key: string) => string): Movement[] {
  const charges = s.receivables.map(
    (r): Movement => ({ id: r.id, date: r.dueDate, label: r.name, detail: r.category, amount: r.originalAmount, kind: 'charge' }),
  );
  const payments = s.incomes.map(
    (i): Movement => ({
      id: i.id,
      date: i.date,
      label: i.description,
      detail: [i.receiptNumber ? `#${i.receiptNumber}` : '', translate(methodLabel(i.method))].filter(Boolean).join(' · '),
      amount: i.amount,
      kind: 'payment',
      annulled: i.annulled,
    }),
  );
  return [...charges, ...payments].sort((a, b) => b.date.localeCompare(a.date));
}

/** The balance in brief: what is owed (and how much of it is overdue), or the credit in the unit's favour. */
export function Balance({ s }: { s: Statement }) {
  const translate = useTranslate();
  const inFavour = s.totals.net < 0;
  return (
    <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Box>
        <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} color={inFavour ? 'success.main' : undefined}>
          {formatMoney(Math.abs(s.totals.net))}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate(k(inFavour ? 'inFavour' : 'owed'))}
        </Typography>
      </Box>
      {s.totals.overdue > 0 ? (
        <Box>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} color="error.main">
            {formatMoney(s.totals.overdue)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate(k('overdue'))}
          </Typography>
        </Box>
      ) : null}
    </Stack>
  );
}

const SHOWN = 8;

function StatementSection({ source }: { source: StatementSource }) {
  const translate = useTranslate();
  const { where, data, error, isPending } = useStatement(source);
  const { busy, download } = useDownload();
  const [all, setAll] = useState(false);
  if (!where) return <WidgetEmpty>{translate(k('noUnit'))}</WidgetEmpty>;
  if (isPending && !data) return <WidgetSkeleton height={180} />;
  if (error || !data) return <WidgetEmpty>{translate('shell.dashboard.widgetError')}</WidgetEmpty>;
  const movements = movementsOf(data, translate);
  const shown = all ? movements : movements.slice(0, SHOWN);
  return (
    <Stack spacing={2} data-testid="accounting-statement">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Box>
          <Typography variant="body2" color="text.secondary">
            {translate(k('unit'), { unit: data.unit.number, date: formatDate(data.date) })}
          </Typography>
          <Balance s={data} />
        </Box>
        <Button
          size="small"
          variant="outlined"
          startIcon={<PictureAsPdfIcon />}
          disabled={busy}
          onClick={() => download(where.resource, `${where.path}.pdf`, `estado-de-cuenta-${data.unit.number}.pdf`)}
        >
          {translate(k('pdf'))}
        </Button>
      </Stack>
      <Divider />
      {movements.length === 0 ? (
        <WidgetEmpty>{translate(k('noMovements'))}</WidgetEmpty>
      ) : (
        <Stack component="ul" sx={ROWS}>
          {shown.map((m) => (
            <Stack component="li" key={`${m.kind}.${m.id}`} direction="row" spacing={1} sx={{ py: 1, alignItems: 'center' }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {m.label}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {formatDate(m.date)} · {m.detail}
                </Typography>
              </Box>
              {m.annulled ? <Chip size="small" label={translate(k('annulled'))} /> : null}
              <Box sx={{ textAlign: 'right', color: m.kind === 'payment' ? 'success.main' : undefined }}>
                <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
                  {m.kind === 'payment' ? '−' : '+'}
                </Typography>
                <Money value={m.amount} />
                <Typography variant="caption" component="p" color="text.secondary">
                  {translate(k(m.kind))}
                </Typography>
              </Box>
            </Stack>
          ))}
        </Stack>
      )}
      {movements.length > SHOWN ? (
        <Button size="small" onClick={() => setAll((v) => !v)} sx={{ alignSelf: 'flex-start' }}>
          {translate(k(all ? 'showLess' : 'showAll'), { count: movements.length })}
        </Button>
      ) : null}
    </Stack>
  );
}

/** Slot 'residentArea': the signed-in resident's own unit. */
export function MyStatementPanel() {
  return <StatementSection source={{ mine: true }} />;
}

/** Slot 'resident': the unit of the resident the administrator opened. */
export function ResidentStatementPanel({ unitId }: { unitId?: string | null }) {
  return <StatementSection source={{ mine: false, unitId }} />;
}
