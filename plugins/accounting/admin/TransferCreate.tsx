// crucecuentas/create: move money from one account to another. The origin's current balance is shown; the
// server refuses what it cannot cover ('Saldo insuficiente para realizar esta transacción.').
import { businessDay, formatMoney, MESSAGES } from '@conjunto/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useEffect, useMemo, useState } from 'react';
import { Create, DateInput, maxLength, NumberInput, required, SimpleForm, TextInput, useNotify, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ACCOUNTING_MESSAGES as M } from '../manifest.ts';
import { API, useAccountingApi, useNotifyError } from './shared/accountingApi.ts';
import { positiveAmount } from './shared/validators.ts';
import { AccountSelectInput } from './shared/AccountSelectInput.tsx';
import { FormRow, textOrNull } from './TreasuryCommon.tsx';

interface TransferValues {
  fromAccountId?: string;
  toAccountId?: string;
  amount?: number;
  date?: string;
  description?: string | null;
}

/** The body of POST /transfers: exactly the fields of TransferCreateSchema. */
const payload = (values: TransferValues) => ({
  fromAccountId: values.fromAccountId,
  toAccountId: values.toAccountId,
  amount: Number(values.amount),
  date: values.date,
  description: textOrNull(values.description),
});

const differentAccount = (value: unknown, values: TransferValues) =>
  value && value === values.fromAccountId ? M.sameAccount : undefined;

/** 'Saldo disponible: $1,234.00' of the origin, read live from GET bank-accounts/:id/balance. */
function OriginBalance() {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useAccountingApi();
  const fromAccountId = useWatch<TransferValues, 'fromAccountId'>({ name: 'fromAccountId' });
  const [state, setState] = useState<{ id: string; balance?: number; failed?: boolean }>();
  useEffect(() => {
    if (!fromAccountId) return setState(undefined);
    let live = true;
    api
      .send<{ balance: number }>(API.accounts, `${encodeURIComponent(fromAccountId)}/balance`)
      .then((b) => live && setState({ id: fromAccountId, balance: b.balance }))
      .catch(() => {
        if (!live) return;
        setState({ id: fromAccountId, failed: true });
        notify(M.balanceError, { type: 'error' });
      });
    return () => {
      live = false;
    };
  }, [fromAccountId, api, notify]);
  if (!state || state.id !== fromAccountId) return null;
  return state.failed ? (
    <Alert severity="error">{M.balanceError}</Alert>
  ) : (
    <Alert severity="info" icon={false}>
      {translate('accounting.treasury.transfer.balance', { balance: formatMoney(state.balance) })}
    </Alert>
  );
}

function Accounts() {
  return (
    <FormRow columns={2}>
      <AccountSelectInput source="fromAccountId" validate={required()} />
      <AccountSelectInput source="toAccountId" validate={[required(), differentAccount]} />
    </FormRow>
  );
}

export default function TransferCreate() {
  const notifyError = useNotifyError();
  const defaults = useMemo(() => ({ date: businessDay() }), []);
  return (
    <Create
      redirect="list"
      transform={payload}
      mutationOptions={{ onError: (error) => notifyError(error, 'accounting.treasury.errors.save') }}
    >
      <SimpleForm defaultValues={defaults}>
        <Accounts />
        <Box sx={{ width: '100%', maxWidth: 640, mb: 2 }}>
          <OriginBalance />
        </Box>
        <FormRow columns={2}>
          <NumberInput source="amount" step={0.01} validate={[required(), positiveAmount]} />
          <DateInput source="date" validate={required()} />
        </FormRow>
        <TextInput source="description" multiline validate={maxLength(500, MESSAGES.maxLength(500))} sx={{ maxWidth: 640 }} />
      </SimpleForm>
    </Create>
  );
}
