// Histórico de fondos: the movements of one account over a date range (incomes, expenses, transfers in and
// out) with the running balance, from GET bank-accounts/:id/movements: the balance at the start of the range,
// each movement with the balance after it, and the balance at its end.

import { businessDay, formatDate, fromCents, isDay, refusalMessage, toCents } from '@conjunto/core';
import { ContentLoading, DayTextField, ExportButton } from '@conjunto/core/ui';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
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
import { useEffect, useMemo, useState } from 'react';
import { Title, type TranslateFunction, useStore, useTranslate } from 'react-admin';
import type { Movements } from '../../schemas.ts';
import { accountLabel, useAccounts } from '../shared/AccountSelectInput.tsx';
import { API, useApiGet } from '../shared/accountingApi.ts';
import { Money } from '../shared/MoneyField.tsx';

type Movement = Movements['movements'][number];

const firstOfMonth = () => `${businessDay().slice(0, 8)}01`;

/** The movement's text; a transfer names the other account ('Hacia Caja general · Depósito'). */
function movementText(m: Movement, translate: TranslateFunction) {
  if (!m.counterpart) return m.description;
  const other = translate(m.kind === 'transfer-out' ? 'accounting.fundHistory.toAccount' : 'accounting.fundHistory.fromAccount', {
    name: m.counterpart,
  });
  return m.description ? `${other} · ${m.description}` : other;
}

export default function FundHistory() {
  const translate = useTranslate();
  const { accounts, isPending: accountsPending } = useAccounts();
  const [accountId, setAccountId] = useStore<string>('accounting.fundHistory.accountId', '');
  const [from, setFrom] = useState(firstOfMonth);
  const [to, setTo] = useState(businessDay);
  const account = accounts.find((a) => a.id === accountId);
  const rangeError = from && to && to < from ? translate('accounting.fundHistory.rangeError') : null;
  const query =
    account && isDay(from) && isDay(to) && !rangeError
      ? `${encodeURIComponent(account.id)}/movements?from=${from}&to=${to}`
      : undefined;
  const { data: history, error } = useApiGet<Movements>(API.accounts, query);

  // The first account once they load, when none was chosen before (or it no longer exists).
  useEffect(() => {
    if (!accountsPending && accounts.length && !accounts.some((a) => a.id === accountId)) setAccountId(accounts[0].id);
  }, [accountsPending, accounts, accountId, setAccountId]);

  const totals = useMemo(() => {
    const cents = (history?.movements ?? []).map((m) => toCents(m.amount));
    return {
      in: fromCents(cents.filter((c) => c > 0).reduce((sum, c) => sum + c, 0)),
      out: fromCents(cents.filter((c) => c < 0).reduce((sum, c) => sum - c, 0)),
    };
  }, [history]);

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
                {accountLabel(a, translate)}
              </MenuItem>
            ))}
          </TextField>
          <DayTextField
            label={translate('accounting.fundHistory.from')}
            value={from}
            onChange={(day) => setFrom(day ?? '')}
            size="small"
          />
          <DayTextField
            label={translate('accounting.fundHistory.to')}
            value={to}
            onChange={(day) => setTo(day ?? '')}
            size="small"
            error={Boolean(rangeError)}
            helperText={rangeError ?? undefined}
          />
          {account && history && !rangeError && (
            // What the table shows, as a spreadsheet: the same range, balances and totals.
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', ml: { md: 'auto !important' } }}>
              {(['csv', 'xlsx'] as const).map((format) => (
                <ExportButton
                  key={format}
                  format={format}
                  list={{
                    resource: API.accounts,
                    path: `${encodeURIComponent(account.id)}/movements/export`,
                    params: { from, to },
                  }}
                />
              ))}
            </Stack>
          )}
        </Stack>
      </Card>
      {!accountsPending && accounts.length === 0 ? (
        <Alert severity="info">{translate('accounting.fundHistory.noAccounts')}</Alert>
      ) : rangeError ? null : error != null ? (
        <Alert severity="error">{refusalMessage(error) ?? translate('accounting.shared.loadError')}</Alert>
      ) : !history ? (
        <ContentLoading />
      ) : (
        <Card>
          {history.truncated && (
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
                  <TableCell>{formatDate(history.from)}</TableCell>
                  <TableCell colSpan={5}>{translate('accounting.fundHistory.opening')}</TableCell>
                  <TableCell align="right">
                    <Money value={history.openingBalance} bold />
                  </TableCell>
                </TableRow>
                {history.movements.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={7} sx={{ textAlign: 'center', color: 'text.secondary', py: 3 }}>
                      {translate('accounting.shared.empty')}
                    </TableCell>
                  </TableRow>
                )}
                {history.movements.map((m) => (
                  <TableRow key={`${m.kind}-${m.id}`} hover>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(m.date)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate(`accounting.shared.movementKinds.${m.kind}`)}</TableCell>
                    <TableCell>{m.receiptNumber ?? ''}</TableCell>
                    <TableCell>{movementText(m, translate)}</TableCell>
                    <TableCell align="right">{m.amount > 0 ? <Money value={m.amount} /> : ''}</TableCell>
                    <TableCell align="right">{m.amount < 0 ? <Money value={-m.amount} /> : ''}</TableCell>
                    <TableCell align="right">
                      <Money value={m.balance} />
                    </TableCell>
                  </TableRow>
                ))}
                <TableRow sx={{ '& td': { fontWeight: 'bold', borderBottom: 'none' } }}>
                  <TableCell>{formatDate(history.to)}</TableCell>
                  <TableCell colSpan={3}>{translate('accounting.fundHistory.closing')}</TableCell>
                  <TableCell align="right">
                    <Money value={totals.in} bold />
                  </TableCell>
                  <TableCell align="right">
                    <Money value={totals.out} bold />
                  </TableCell>
                  <TableCell align="right">
                    <Money value={history.closingBalance} bold />
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
