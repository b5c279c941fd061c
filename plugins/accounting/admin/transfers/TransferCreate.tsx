// crucecuentas/create: move money from one account to another. The origin's current balance is shown; the
// server refuses what it cannot cover ('Saldo insuficiente para realizar esta transacción.').
import { businessDay, formatMoney } from '@conjunto/core';
import { DayInput } from '@conjunto/core/ui';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { maxLength, NumberInput, required, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ACCOUNTING_MESSAGES as M } from '../../manifest.ts';
import type { Balance } from '../../schemas.ts';
import { AccountSelectInput } from '../shared/AccountSelectInput.tsx';
import { API, useApiGet } from '../shared/accountingApi.ts';
import { FormRow } from '../shared/FormRow.tsx';
import { CreateScreen, SimpleForm } from '../shared/FormScreens.tsx';
import { positiveAmount } from '../shared/validators.ts';
import { textOrNull } from '../shared/values.ts';

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
  const fromAccountId = useWatch<TransferValues, 'fromAccountId'>({ name: 'fromAccountId' });
  const { data, error } = useApiGet<Balance>(
    API.accounts,
    fromAccountId ? `${encodeURIComponent(fromAccountId)}/balance` : undefined,
    'accounting.accounts.balanceError',
  );
  if (error) return <Alert severity="error">{translate('accounting.accounts.balanceError')}</Alert>;
  if (!data) return null;
  return (
    <Alert severity="info" icon={false}>
      {translate('accounting.treasury.transfer.balance', { balance: formatMoney(data.balance) })}
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
  const defaults = useMemo(() => ({ date: businessDay() }), []);
  return (
    <CreateScreen redirect="list" transform={payload}>
      <SimpleForm defaultValues={defaults}>
        <Accounts />
        <Box sx={{ width: '100%', maxWidth: 640, mb: 2 }}>
          <OriginBalance />
        </Box>
        <FormRow columns={2}>
          <NumberInput source="amount" step={0.01} validate={[required(), positiveAmount]} />
          <DayInput source="date" validate={required()} />
        </FormRow>
        <TextInput source="description" multiline validate={maxLength(500)} sx={{ maxWidth: 640 }} />
      </SimpleForm>
    </CreateScreen>
  );
}
