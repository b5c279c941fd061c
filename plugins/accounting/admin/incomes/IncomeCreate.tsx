// A new income (ingresos) or an unidentified one (ingresosNoIdentificados: no unit until it is assigned).
// The payment method follows the chosen account's type; the unit's pending debts become charge lines.

import { businessDay } from '@conjunto/core';
import { DayInput } from '@conjunto/core/ui';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useMemo } from 'react';
import {
  maxLength,
  NumberInput,
  SelectInput,
  TextInput,
  useNotify,
  useRedirect,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { methodsFor } from '../../manifest.ts';
import type { Income } from '../../schemas.ts';
import { AccountSelectInput, useAccounts } from '../shared/AccountSelectInput.tsx';
import { methodChoices } from '../shared/choices.ts';
import { CreateScreen, SimpleForm } from '../shared/FormScreens.tsx';
import { RESOURCES } from '../shared/paths.ts';
import { UnitInput } from '../shared/UnitInput.tsx';
import { nonNegativeAmount, requiredValue } from '../shared/validators.ts';
import { textOrNull } from '../shared/values.ts';
import { IncomeChargeLines, IncomeTotals } from './IncomeChargeLines.tsx';
import type { LineValue } from './incomeMath.ts';

/** The methods of the chosen account's type; a method that does not fit the new account is replaced. */
function MethodInput() {
  const accountId = useWatch({ name: 'accountId' }) as string | undefined;
  const method = useWatch({ name: 'method' }) as string | undefined;
  const { setValue } = useFormContext();
  const { accounts } = useAccounts();
  const type = accounts.find((a) => a.id === accountId)?.methodType;
  const methods = useMemo(() => (type ? methodsFor(type) : []), [type]);
  useEffect(() => {
    if (type && !methods.includes(method ?? '')) setValue('method', methods[0] ?? null, { shouldDirty: true });
  }, [type, methods, method, setValue]);
  return <SelectInput source="method" choices={methodChoices(methods)} validate={requiredValue} disabled={!type} />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%', mb: 1 }}>
      <Typography variant="h6" sx={{ fontSize: '1rem', mb: 1 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}

const half = { xs: 12, sm: 6, md: 4 } as const;

function IncomeForm({ unidentified }: { unidentified: boolean }) {
  const unitId = useWatch({ name: 'unitId' }) as string | undefined;
  return (
    <>
      <Section title="accounting.incomes.sections.data">
        <Grid container columnSpacing={2} sx={{ width: '100%' }}>
          <Grid size={half}>
            <AccountSelectInput source="accountId" validate={requiredValue} />
          </Grid>
          <Grid size={half}>
            <MethodInput />
          </Grid>
          {!unidentified && (
            <Grid size={half}>
              <UnitInput source="unitId" validate={requiredValue} />
            </Grid>
          )}
          <Grid size={half}>
            <DayInput source="date" validate={requiredValue} />
          </Grid>
          <Grid size={half}>
            <TextInput source="transactionReference" validate={maxLength(50)} />
          </Grid>
          <Grid size={{ xs: 12 }}>
            <TextInput source="description" validate={[requiredValue, maxLength(500)]} multiline />
          </Grid>
        </Grid>
      </Section>
      <Divider flexItem sx={{ mb: 2 }} />
      <Section title="accounting.incomes.sections.lines">
        <IncomeChargeLines unitId={unidentified ? null : unitId} />
      </Section>
      <Divider flexItem sx={{ my: 2 }} />
      <Section title="accounting.incomes.sections.totals">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
          <Stack direction="row" spacing={2}>
            <NumberInput source="discount" validate={nonNegativeAmount} min={0} step={0.01} />
            {!unidentified && (
              <NumberInput
                source="advance"
                validate={nonNegativeAmount}
                min={0}
                step={0.01}
                helperText="accounting.incomes.advanceHelp"
              />
            )}
          </Stack>
          <Box sx={{ flex: 1 }} />
          <IncomeTotals />
        </Stack>
      </Section>
    </>
  );
}

interface FormValues {
  accountId: string;
  method: string;
  unitId?: string | null;
  date: string;
  description: string;
  transactionReference?: string | null;
  discount?: number | null;
  advance?: number | null;
  lines?: LineValue[];
}

function incomePayload(values: FormValues, unidentified: boolean) {
  return {
    accountId: values.accountId,
    ...(unidentified ? {} : { unitId: values.unitId }),
    date: values.date,
    description: String(values.description ?? '').trim(),
    method: values.method,
    transactionReference: textOrNull(values.transactionReference),
    discount: Number(values.discount ?? 0) || 0,
    ...(unidentified ? {} : { advance: Number(values.advance ?? 0) || 0 }),
    lines: (values.lines ?? []).map((l) => ({
      receivableId: l.receivableId ?? null,
      description: String(l.description ?? '').trim(),
      category: String(l.category ?? ''),
      subcategory: l.subcategory || null,
      amount: Number(l.amount),
    })),
  };
}

export default function IncomeCreate() {
  const resource = useResourceContext();
  const unidentified = resource === RESOURCES.unidentifiedIncomes;
  const notify = useNotify();
  const redirect = useRedirect();
  const defaults = useMemo(
    () => ({ date: businessDay(), description: '', discount: 0, advance: 0, lines: [] as LineValue[] }),
    [],
  );
  return (
    <CreateScreen<Income>
      title={unidentified ? 'accounting.incomes.createUnidentified' : 'accounting.incomes.create'}
      transform={(values: FormValues) => incomePayload(values, unidentified)}
      mutationOptions={{
        onSuccess: (income: Income) => {
          notify('accounting.incomes.created', { type: 'success', messageArgs: { number: income.receiptNumber ?? '' } });
          redirect('show', resource, income.id);
        },
      }}
    >
      <SimpleForm defaultValues={defaults} sx={{ maxWidth: 1100 }}>
        <IncomeForm unidentified={unidentified} />
      </SimpleForm>
    </CreateScreen>
  );
}
