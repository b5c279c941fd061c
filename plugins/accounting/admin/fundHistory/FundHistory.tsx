// Histórico de fondos: the movements of one account over a date range (incomes, expenses, transfers in and
// out) with the running balance. Built from the list endpoints: the opening balance is the live balance less
// every movement from the first day of the range on.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { businessDay, formatDate, fromCents, toCents } from '@conjunto/core';
import { useEffect, useMemo, useState } from 'react';
import { Title, useStore, useTranslate } from 'react-admin';
import type { Expense, Income } from '../../schemas.ts';
import { API, serverMessage, useAccountingApi } from '../shared/accountingApi.ts';
import { useAccounts } from '../shared/AccountSelectInput.tsx';
import { Money } from '../shared/MoneyField.tsx';

interface Transfer {
  id: string;
  fromAccountId: string;
  fromAccountName: string;
  toAccountId: string;
  toAccountName: string;
  amount: number;
  date: string;
  description: string | null;
  createdAt: string;
}

export interface Movement {
  id: string;
  date: string;
  kind: 'income' | 'expense' | 'transferIn' | 'transferOut';
  receipt: string;
  description: string;
  /** Signed cents: money in is positive. */
  cents: number;
  createdAt: string;
}

/** Movements in date order (then by creation) with the balance after each one. */
export function withRunningBalance(openingCents: number, movements: Movement[]) {
  const sorted = [...movements].sort((a, b) => a.date.localeCompare(b.date) || a.createdAt.localeCompare(b.createdAt));
  let balance = openingCents;
  return sorted.map((m) => {
    balance += m.cents;
    return { ...m, balanceCents: balance };
  });
}

const firstOfMonth = () => `${businessDay().slice(0, 8)}01`;

interface Loaded {
  openingCents: number;
  rows: (Movement & { balanceCents: number })[];
  truncated: boolean;
}

export default function FundHistory() {
  const translate = useTranslate();
  const api = useAccountingApi();
  const { accounts, isPending: accountsPending } = useAccounts();
  const [accountId, setAccountId] = useStore<string>('accounting.fundHistory.accountId', '');
  const [from, setFrom] = useState(firstOfMonth);
  const [to, setTo] = useState(businessDay);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const account = accounts.find((a) => a.id === accountId);
  const rangeError = from && to && to < from ? translate('accounting.fundHistory.rangeError') : null;

  // The first account once they load, when none was chosen before (or it no longer exists).
  useEffect(() => {
    if (!accountsPending && accounts.length && !accounts.some((a) => a.id === accountId)) setAccountId(accounts[0].id);
  }, [accountsPending, accounts, accountId, setAccountId]);

  useEffect(() => {
    if (!accountId || !from || !to || rangeError) return;
    let live = true;
    setLoading(true);
    setError(null);
    const since = { date_gte: from };
    const byDate = { field: 'date', order: 'ASC' as const };
    Promise.all([
      api.send<{ balance: number }>(API.accounts, `${encodeURIComponent(accountId)}/balance`),
      api.all<Income>(API.incomes, { accountId, annulled: false, ...since }, byDate),
      api.all<Expense>(API.expenses, { accountId, ...since }, byDate),
      api.all<Transfer>(API.transfers, { fromAccountId: accountId, ...since }, byDate),
      api.all<Transfer>(API.transfers, { toAccountId: accountId, ...since }, byDate),
    ]).then(
      ([balance, incomes, expenses, outs, ins]) => {
        if (!live) return;
        const all: Movement[] = [
          ...incomes.data.map((i) => ({
            id: `i-${i.id}`,
            date: i.date,
            kind: 'income' as const,
            receipt: i.receiptNumber == null ? '' : String(i.receiptNumber),
            description: [i.description, i.unitNumber].filter(Boolean).join(' · '),
            cents: toCents(i.amount),
            createdAt: i.createdAt,
          })),
          ...expenses.data.map((e) => ({
            id: `e-${e.id}`,
            date: e.date,
            kind: 'expense' as const,
            receipt: String(e.receiptNumber),
            description: [e.description, e.supplierName ?? e.payeeName].filter(Boolean).join(' · '),
            cents: -toCents(e.amount),
            createdAt: e.createdAt,
          })),
          ...outs.data.map((t) => ({
            id: `o-${t.id}`,
            date: t.date,
            kind: 'transferOut' as const,
            receipt: '',
            description:
              translate('accounting.fundHistory.toAccount', { name: t.toAccountName }) +
              (t.description ? ` · ${t.description}` : ''),
            cents: -toCents(t.amount),
            createdAt: t.createdAt,
          })),
          ...ins.data.map((t) => ({
            id: `t-${t.id}`,
            date: t.date,
            kind: 'transferIn' as const,
            receipt: '',
            description:
              translate('accounting.fundHistory.fromAccount', { name: t.fromAccountName }) +
              (t.description ? ` · ${t.description}` : ''),
            cents: toCents(t.amount),
            createdAt: t.createdAt,
          })),
        ];
        const sinceCents = all.reduce((sum, m) => sum + m.cents, 0);
        const openingCents = toCents(balance.balance) - sinceCents;
        const rows = withRunningBalance(openingCents, all).filter((m) => m.date <= to);
        const truncated = [incomes, expenses, outs, ins].some((r) => r.total > r.data.length);
        setLoaded({ openingCents, rows, truncated });
        setLoading(false);
      },
      (e: unknown) => {
        if (!live) return;
        setError(serverMessage(e) ?? translate('accounting.shared.loadError'));
        setLoaded(null);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [api, accountId, from, to, rangeError, translate]);

  const totals = useMemo(() => {
    const rows = loaded?.rows ?? [];
    const inCents = rows.filter((r) => r.cents > 0).reduce((s, r) => s + r.cents, 0);
    const outCents = rows.filter((r) => r.cents < 0).reduce((s, r) => s - r.cents, 0);
    return { inCents, outCents, closingCents: (loaded?.openingCents ?? 0) + inCents - outCents };
  }, [loaded]);

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="accounting.ledgerMenu.fundHistory" />
      <Card sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField
            select
            label={translate('accounting.fundHistory.account')}
            value={account ? accountId : ''}
            onChange={(e) => setAccountId(e.target.value)}
            sx={{ minWidth: 320 }}
            size="small"
          >
            {accounts.map((a) => (
              <MenuItem key={a.id} value={a.id}>
                {a.methodType === 'Caja'
                  ? `${a.name} (${translate('accounting.shared.cashBox')})`
                  : a.bankName
                    ? `${a.name} · ${a.bankName}`
                    : a.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            label={translate('accounting.fundHistory.from')}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            size="small"
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            label={translate('accounting.fundHistory.to')}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            size="small"
            error={Boolean(rangeError)}
            helperText={rangeError ?? undefined}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
      </Card>
      {!accountsPending && accounts.length === 0 ? (
        <Alert severity="info">{translate('accounting.fundHistory.noAccounts')}</Alert>
      ) : error ? (
        <Alert severity="error">{error}</Alert>
      ) : loading || !loaded ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress aria-label={translate('ra.page.loading')} />
        </Box>
      ) : (
        <Card>
          {loaded.truncated && (
            <Alert severity="warning" sx={{ m: 2 }}>
              {translate('accounting.fundHistory.truncated')}
            </Alert>
          )}
          <TableContainer>
            <Table size="small" aria-label={translate('accounting.ledgerMenu.fundHistory')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('accounting.fundHistory.date')}</TableCell>
                  <TableCell>{translate('accounting.fundHistory.kind')}</TableCell>
                  <TableCell>{translate('accounting.fundHistory.receipt')}</TableCell>
                  <TableCell>{translate('accounting.fundHistory.description')}</TableCell>
                  <TableCell align="right">{translate('accounting.fundHistory.in')}</TableCell>
                  <TableCell align="right">{translate('accounting.fundHistory.out')}</TableCell>
                  <TableCell align="right">{translate('accounting.fundHistory.balance')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                <TableRow sx={{ '& td': { fontWeight: 'bold' } }}>
                  <TableCell>{formatDate(from)}</TableCell>
                  <TableCell colSpan={5}>{translate('accounting.fundHistory.opening')}</TableCell>
                  <TableCell align="right">
                    <Money value={fromCents(loaded.openingCents)} bold />
                  </TableCell>
                </TableRow>
                {loaded.rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={7} sx={{ textAlign: 'center', color: 'text.secondary', py: 3 }}>
                      {translate('accounting.shared.empty')}
                    </TableCell>
                  </TableRow>
                )}
                {loaded.rows.map((m) => (
                  <TableRow key={m.id} hover>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(m.date)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate(`accounting.fundHistory.kinds.${m.kind}`)}</TableCell>
                    <TableCell>{m.receipt}</TableCell>
                    <TableCell>{m.description}</TableCell>
                    <TableCell align="right">{m.cents > 0 ? <Money value={fromCents(m.cents)} /> : ''}</TableCell>
                    <TableCell align="right">{m.cents < 0 ? <Money value={fromCents(-m.cents)} /> : ''}</TableCell>
                    <TableCell align="right">
                      <Money value={fromCents(m.balanceCents)} />
                    </TableCell>
                  </TableRow>
                ))}
                <TableRow sx={{ '& td': { fontWeight: 'bold', borderBottom: 'none' } }}>
                  <TableCell>{formatDate(to)}</TableCell>
                  <TableCell colSpan={3}>{translate('accounting.fundHistory.closing')}</TableCell>
                  <TableCell align="right">
                    <Money value={fromCents(totals.inCents)} bold />
                  </TableCell>
                  <TableCell align="right">
                    <Money value={fromCents(totals.outCents)} bold />
                  </TableCell>
                  <TableCell align="right">
                    <Money value={fromCents(totals.closingCents)} bold />
                  </TableCell>
                </TableRow>
              </TableBody>
            </Table>
          </TableContainer>
        </Card>
      )}
      {account && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {translate('accounting.fundHistory.note')}
        </Typography>
      )}
    </Box>
  );
}
