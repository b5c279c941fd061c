// egresos/create: record an expense. The payment method depends on the account's type, cheques take the next
// number of the cheque numbering (editable), and it may settle a payable of the supplier. The value is the sum
// of its lines ('Pagos'), each with a rubro/subrubro of the expense categories.
import { businessDay, formatDate, formatMoney, fromCents } from '@conjunto/core';
import { DayInput } from '@conjunto/core/ui';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef } from 'react';
import {
  ArrayInput,
  AutocompleteInput,
  maxLength,
  NumberInput,
  ReferenceInput,
  required,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useGetList,
  useSourceContext,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { CHEQUE_METHODS, methodsFor } from '../../manifest.ts';
import type { Payable, Settings } from '../../schemas.ts';
import { AccountSelectInput, useAccounts } from '../shared/AccountSelectInput.tsx';
import { API, useAccountingApi } from '../shared/accountingApi.ts';
import { CategoryInput, SubcategoryInput } from '../shared/CategoryInputs.tsx';
import { methodChoices } from '../shared/choices.ts';
import { FormRow } from '../shared/FormRow.tsx';
import { CreateScreen, SimpleForm } from '../shared/FormScreens.tsx';
import { RESOURCES } from '../shared/paths.ts';
import { integerBetween, positiveAmount, requiredValue } from '../shared/validators.ts';
import { centsOf, idOrNull, textOrNull } from '../shared/values.ts';
import { TotalLine } from './ExpenseFields.tsx';

interface LineValues {
  description?: string;
  category?: string;
  subcategory?: string | null;
  amount?: number | string | null;
}

interface ExpenseValues {
  accountId?: string;
  method?: string;
  supplierId?: string | null;
  payeeName?: string | null;
  date?: string;
  description?: string;
  invoice?: string | null;
  chequeNumber?: number | null;
  payableId?: string | null;
  lines?: LineValues[];
}

const isCheque = (method: unknown) => typeof method === 'string' && CHEQUE_METHODS.includes(method);

/** The body of POST /expenses: exactly the fields of ExpenseCreateSchema. */
function expensePayload(values: ExpenseValues) {
  return {
    accountId: values.accountId,
    method: values.method,
    supplierId: idOrNull(values.supplierId),
    payeeName: textOrNull(values.payeeName),
    date: values.date,
    description: (values.description ?? '').trim(),
    invoice: textOrNull(values.invoice),
    ...(isCheque(values.method) && values.chequeNumber ? { chequeNumber: Number(values.chequeNumber) } : {}),
    payableId: idOrNull(values.payableId),
    lines: (values.lines ?? []).map((l) => ({
      description: (l.description ?? '').trim(),
      category: l.category ?? '',
      subcategory: idOrNull(l.subcategory),
      amount: Number(l.amount),
    })),
  };
}

const lineDefaults = (): LineValues => ({ description: '', category: '', subcategory: null, amount: null });

const chequeNumberValid = integerBetween(1, Number.MAX_SAFE_INTEGER, 'accounting.treasury.expense.chequeInvalid');

/** Account and method: the methods offered are those of the account's type (Caja or bank). */
function AccountAndMethod() {
  const { accounts } = useAccounts();
  const { setValue, getValues } = useFormContext<ExpenseValues>();
  const accountId = useWatch<ExpenseValues, 'accountId'>({ name: 'accountId' });
  const account = accounts.find((a) => a.id === accountId);
  const methods = account ? methodsFor(account.methodType) : [];
  // biome-ignore lint/correctness/useExhaustiveDependencies: the account (and its type) is the trigger
  useEffect(() => {
    if (!account) return;
    const method = getValues('method');
    if (method && !methodsFor(account.methodType).includes(method)) setValue('method', '', { shouldDirty: true });
  }, [account?.id]);
  return (
    <>
      <AccountSelectInput source="accountId" validate={required()} />
      <SelectInput
        source="method"
        choices={methodChoices(methods)}
        validate={required()}
        disabled={!account}
        helperText={account ? false : 'accounting.treasury.expense.pickAccount'}
      />
    </>
  );
}

/** The cheque number, shown for cheque methods and prefilled with the next number of the numbering. */
function ChequeNumber() {
  const api = useAccountingApi();
  const method = useWatch<ExpenseValues, 'method'>({ name: 'method' });
  const { setValue, getValues } = useFormContext<ExpenseValues>();
  const wasCheque = useRef(false);
  const cheque = isCheque(method);
  useEffect(() => {
    const entering = cheque && !wasCheque.current;
    wasCheque.current = cheque;
    if (!entering || getValues('chequeNumber')) return;
    let live = true;
    api
      .send<Settings>(API.settings, '')
      .then((s) => live && !getValues('chequeNumber') && setValue('chequeNumber', s.nextChequeNumber))
      .catch(() => undefined); // left empty: the server numbers it
    return () => {
      live = false;
    };
  }, [cheque, api, getValues, setValue]);
  if (!cheque) return null;
  return (
    <NumberInput
      source="chequeNumber"
      step={1}
      min={1}
      validate={chequeNumberValid}
      helperText="accounting.treasury.expense.chequeHelp"
    />
  );
}

/** The supplier (optional) or the payee's name. */
function Party() {
  const { setValue } = useFormContext<ExpenseValues>();
  return (
    <>
      <ReferenceInput source="supplierId" reference={RESOURCES.suppliers} sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput
          optionText="name"
          label="resources.egresos.fields.supplierId"
          onChange={() => setValue('payableId', null)}
        />
      </ReferenceInput>
      <TextInput source="payeeName" validate={maxLength(150)} helperText="accounting.treasury.expense.payeeHelp" />
    </>
  );
}

/** An unpaid payable of the chosen supplier that this expense settles. */
function PayableInput() {
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext<ExpenseValues>();
  const supplierId = useWatch<ExpenseValues, 'supplierId'>({ name: 'supplierId' });
  const payableId = useWatch<ExpenseValues, 'payableId'>({ name: 'payableId' });
  const { data: payables = [] } = useGetList<Payable>(
    API.payables,
    {
      filter: supplierId ? { supplierId, paid: false } : { paid: false },
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'dueDate', order: 'ASC' },
    },
    { enabled: Boolean(supplierId || payableId) },
  );
  const choices = payables.map((p) => ({
    id: p.id,
    name: `${p.detail} · ${formatMoney(p.amount)} · ${translate('accounting.treasury.payable.due')} ${formatDate(p.dueDate)}`,
  }));
  /** Choosing a payable fills an empty first line with its detail and cost. */
  const onPayable = (id: unknown) => {
    const payable = payables.find((p) => p.id === id);
    if (!payable) return;
    const lines = getValues('lines') ?? [];
    const first = lines[0];
    if (lines.length <= 1 && (!first || (!first.description && !first.amount))) {
      setValue('lines', [{ ...lineDefaults(), ...first, description: payable.detail, amount: payable.amount }], {
        shouldDirty: true,
      });
    }
    if (!getValues('description')) setValue('description', payable.detail, { shouldDirty: true });
  };
  if (!supplierId && !payableId) return null;
  return (
    <Box sx={{ gridColumn: { md: 'span 2' } }}>
      <SelectInput
        source="payableId"
        choices={choices}
        emptyText="accounting.treasury.expense.noPayable"
        onChange={(event) => onPayable(event?.target?.value)}
      />
    </Box>
  );
}

/** One payment line: description, rubro, subrubro (of that rubro) and value. */
function LineInputs() {
  const source = useSourceContext();
  return (
    <>
      <TextInput
        source="description"
        label="accounting.shared.line.description"
        validate={[required(), requiredValue, maxLength(250)]}
        fullWidth={false}
        sx={{ width: 250 }}
      />
      <CategoryInput
        kind="expense"
        source="category"
        subcategorySource={source.getSource('subcategory')}
        label="accounting.shared.line.category"
        validate={required()}
        fullWidth={false}
        sx={{ width: 220 }}
      />
      <SubcategoryInput
        kind="expense"
        source="subcategory"
        categorySource={source.getSource('category')}
        label="accounting.shared.line.subcategory"
        fullWidth={false}
        sx={{ width: 230 }}
      />
      <NumberInput
        source="amount"
        label="accounting.shared.line.amount"
        step={0.01}
        validate={[required(), positiveAmount]}
        fullWidth={false}
        sx={{ width: 140 }}
      />
    </>
  );
}

function Lines() {
  const translate = useTranslate();
  const lines = useWatch<ExpenseValues, 'lines'>({ name: 'lines' });
  // A half-typed amount counts as nothing until it is one.
  const total = fromCents((lines ?? []).reduce((cents, l) => cents + centsOf(l?.amount), 0));
  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="h6" sx={{ mt: 2 }}>
        {translate('accounting.treasury.expense.lines')}
      </Typography>
      <ArrayInput
        source="lines"
        label={false}
        validate={(v: unknown[]) => (v?.length ? undefined : 'accounting.treasury.expense.linesRequired')}
      >
        <SimpleFormIterator inline disableReordering disableClear>
          <LineInputs />
        </SimpleFormIterator>
      </ArrayInput>
      <TotalLine value={total} />
    </Box>
  );
}

export default function ExpenseCreate() {
  const defaults = useMemo(() => ({ date: businessDay(), lines: [lineDefaults()] }), []);
  return (
    <CreateScreen redirect="show" transform={expensePayload}>
      <SimpleForm defaultValues={defaults} sanitizeEmptyValues={false}>
        <FormRow>
          <AccountAndMethod />
          <DayInput source="date" validate={required()} />
        </FormRow>
        <FormRow>
          <Party />
          <TextInput source="invoice" validate={maxLength(50)} />
        </FormRow>
        <FormRow>
          <ChequeNumber />
          <PayableInput />
        </FormRow>
        <TextInput source="description" multiline validate={[required(), requiredValue, maxLength(500)]} sx={{ maxWidth: 960 }} />
        <Lines />
      </SimpleForm>
    </CreateScreen>
  );
}
