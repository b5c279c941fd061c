// The inputs of an account (spec 000 §5): a cash box needs only its name, initial balance and cut-off date;
// a bank account every field. In edit the bank, the initial balance and the cut-off date are fixed.

import { businessDay } from '@conjunto/core';
import { DayInput } from '@conjunto/core/ui';
import Grid from '@mui/material/Grid';
import { email, maxLength, maxValue, minValue, NumberInput, regex, SelectInput, TextInput, useGetList } from 'react-admin';
import { BANK_ACCOUNT_KINDS, LIMITS, ACCOUNTING_MESSAGES as M } from '../../manifest.ts';
import { API } from '../shared/accountingApi.ts';
import { idTypeChoices, toChoices } from '../shared/choices.ts';
import { requiredValue, twoDecimals } from '../shared/validators.ts';
import { textOrNull } from '../shared/values.ts';

const kindChoices = toChoices(BANK_ACCOUNT_KINDS);

const validateName = [requiredValue, maxLength(LIMITS.accountName)];
const validateNumber = [regex(/^[0-9]*$/, M.onlyDigits), maxLength(LIMITS.accountNumber)];
const validateEmail = [email(), maxLength(LIMITS.accountEmail)];
const validateIdNumber = [maxLength(LIMITS.accountIdNumber)];
const validateBalance = [requiredValue, minValue(0), maxValue(LIMITS.initialBalanceMax), twoDecimals];

function BankInput({ disabled }: { disabled?: boolean }) {
  const { data } = useGetList<{ id: string; name: string }>(API.banks, {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  return (
    <SelectInput
      source="bankId"
      choices={data ?? []}
      validate={disabled ? undefined : requiredValue}
      disabled={disabled}
      helperText={disabled ? 'accounting.accounts.bankLocked' : undefined}
    />
  );
}

const half = { xs: 12, sm: 6 } as const;

export function AccountInputs({ type, edit = false }: { type: 'Cuenta Bancaria' | 'Caja'; edit?: boolean }) {
  const bank = type !== 'Caja';
  return (
    <Grid container columnSpacing={2} sx={{ width: '100%', maxWidth: 800 }}>
      {bank && (
        <Grid size={half}>
          <BankInput disabled={edit} />
        </Grid>
      )}
      <Grid size={half}>
        <TextInput source="name" validate={validateName} />
      </Grid>
      {bank && (
        <>
          <Grid size={half}>
            <TextInput source="number" validate={validateNumber} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          </Grid>
          <Grid size={half}>
            <SelectInput source="accountType" choices={kindChoices} validate={requiredValue} />
          </Grid>
          <Grid size={half}>
            <SelectInput source="idType" choices={idTypeChoices} validate={requiredValue} />
          </Grid>
          <Grid size={half}>
            <TextInput source="idNumber" validate={validateIdNumber} />
          </Grid>
          <Grid size={half}>
            <TextInput source="email" validate={validateEmail} />
          </Grid>
          <Grid size={half}>
            <TextInput source="logo" validate={maxLength(300)} helperText="accounting.accounts.logoHelp" />
          </Grid>
        </>
      )}
      <Grid size={half}>
        <NumberInput
          source="initialBalance"
          validate={edit ? undefined : validateBalance}
          min={0}
          max={LIMITS.initialBalanceMax}
          step={0.01}
          disabled={edit}
        />
      </Grid>
      <Grid size={half}>
        <DayInput source="cutoffDate" validate={edit ? undefined : requiredValue} disabled={edit} />
      </Grid>
    </Grid>
  );
}

export const accountDefaults = (type: string) => ({ methodType: type, initialBalance: 0, cutoffDate: businessDay() });

/** Only the fields the API takes, blanks as null. */
export function accountPayload(values: Record<string, unknown>, type: string, edit: boolean) {
  const common = { name: String(values.name ?? '').trim() };
  const bankFields =
    type === 'Caja'
      ? {}
      : {
          number: textOrNull(values.number),
          accountType: values.accountType ?? null,
          idType: values.idType ?? null,
          idNumber: textOrNull(values.idNumber),
          email: textOrNull(values.email),
          logo: textOrNull(values.logo),
        };
  if (edit) return { ...common, ...bankFields };
  return {
    ...common,
    ...bankFields,
    methodType: type,
    ...(type === 'Caja' ? {} : { bankId: values.bankId }),
    initialBalance: Number(values.initialBalance ?? 0),
    cutoffDate: values.cutoffDate,
  };
}
