// egresos/create: record an expense. The payment method depends on the account's type, cheques take the next
// number of the cheque numbering (editable), and it may settle a payable of the supplier. The value is the sum
// of its lines ('Pagos'), each with a rubro/subrubro of the expense categories.
import { businessDay, formatDate, formatMoney, MESSAGES, toCents } from '@conjunto/core';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef } from 'react';
import {
  ArrayInput,
  AutocompleteInput,
  Create,
  DateInput,
  maxLength,
  NumberInput,
  ReferenceInput,
  required,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  useGetList,
  useSimpleFormIteratorItem,
  useSourceContext,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { CHEQUE_METHODS, methodsFor } from '../manifest.ts';
import type { Category } from '../schemas.ts';
import { API, useAccountingApi, useNotifyError } from './shared/accountingApi.ts';
import { positiveAmount, requiredValue } from './shared/validators.ts';
import { AccountSelectInput, useAccounts } from './shared/AccountSelectInput.tsx';
import { FormRow, idOrNull, TotalLine, TREASURY, textOrNull } from './TreasuryCommon.tsx';

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

interface PayableRow {
  id: string;
  supplierName: string;
  detail: string;
  amount: number;
  dueDate: string;
}

const isCheque = (method: unknown) => typeof method === 'string' && CHEQUE_METHODS.includes(method);

/** The body of POST /expenses: exactly the fields of ExpenseCreateSchema. */
export function expensePayload(values: ExpenseValues) {
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

const chequeNumberValid = (value: unknown) =>
  value === null || value === undefined || value === '' || (Number.isInteger(Number(value)) && Number(value) >= 1)
    ? undefined
    : 'accounting.treasury.expense.chequeInvalid';

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
        choices={methods.map((m) => ({ id: m, name: m }))}
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
      .send<{ nextChequeNumber: number }>(API.settings, '')
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
      <ReferenceInput source="supplierId" reference={TREASURY.suppliers} sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput
          optionText="name"
          label={`resources.${TREASURY.expenses}.fields.supplierId`}
          onChange={() => setValue('payableId', null)}
        />
      </ReferenceInput>
      <TextInput
        source="payeeName"
        validate={maxLength(150, MESSAGES.maxLength(150))}
        helperText="accounting.treasury.expense.payeeHelp"
      />
    </>
  );
}

/** An unpaid payable of the chosen supplier that this expense settles. */
function PayableInput() {
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext<ExpenseValues>();
  const supplierId = useWatch<ExpenseValues, 'supplierId'>({ name: 'supplierId' });
  const payableId = useWatch<ExpenseValues, 'payableId'>({ name: 'payableId' });
  const { data: payables = [] } = useGetList<PayableRow>(
    'payables',
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
function LineInputs({ categories }: { categories: Category[] }) {
  const source = useSourceContext();
  const { index } = useSimpleFormIteratorItem();
  const { setValue } = useFormContext();
  const category = useWatch({ name: source.getSource('category') }) as string | undefined;
  const subs = categories.find((c) => c.name === category)?.subcategories ?? [];
  return (
    <>
      <TextInput
        source="description"
        label="accounting.treasury.line.description"
        validate={[required(), requiredValue, maxLength(250, MESSAGES.maxLength(250))]}
        fullWidth={false}
        sx={{ width: 250 }}
      />
      <SelectInput
        source="category"
        label="accounting.treasury.line.category"
        choices={categories.map((c) => ({ id: c.name, name: c.name }))}
        validate={required()}
        onChange={() => setValue(`lines.${index}.subcategory`, null)}
        fullWidth={false}
        sx={{ width: 220 }}
      />
      <SelectInput
        source="subcategory"
        label="accounting.treasury.line.subcategory"
        choices={subs.map((s) => ({ id: s, name: s }))}
        disabled={!subs.length}
        fullWidth={false}
        sx={{ width: 230 }}
      />
      <NumberInput
        source="amount"
        label="accounting.treasury.line.amount"
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
  const { data: categories = [] } = useGetList<Category>(API.categories, {
    filter: { kind: 'expense' },
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
  const lines = useWatch<ExpenseValues, 'lines'>({ name: 'lines' });
  const total = useMemo(() => {
    let cents = 0;
    for (const l of lines ?? []) {
      try {
        cents += toCents(Number(l?.amount ?? 0));
      } catch {
        // a half-typed amount counts as nothing until it is a number
      }
    }
    return cents / 100;
  }, [lines]);
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
          <LineInputs categories={categories} />
        </SimpleFormIterator>
      </ArrayInput>
      <TotalLine labelKey="accounting.treasury.total" value={total} />
    </Box>
  );
}

export default function ExpenseCreate() {
  const notifyError = useNotifyError();
  const defaults = useMemo(() => ({ date: businessDay(), lines: [lineDefaults()] }), []);
  return (
    <Create
      redirect="show"
      transform={expensePayload}
      mutationOptions={{ onError: (error) => notifyError(error, 'accounting.treasury.errors.save') }}
    >
      <SimpleForm defaultValues={defaults} sanitizeEmptyValues={false}>
        <FormRow>
          <AccountAndMethod />
          <DateInput source="date" validate={required()} />
        </FormRow>
        <FormRow>
          <Party />
          <TextInput source="invoice" validate={maxLength(50, MESSAGES.maxLength(50))} />
        </FormRow>
        <FormRow>
          <ChequeNumber />
          <PayableInput />
        </FormRow>
        <TextInput
          source="description"
          multiline
          validate={[required(), requiredValue, maxLength(500, MESSAGES.maxLength(500))]}
          sx={{ maxWidth: 960 }}
        />
        <Lines />
      </SimpleForm>
    </Create>
  );
}
