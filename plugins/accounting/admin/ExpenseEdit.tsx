// egresos/:id: what may change in an expense that is not reconciled (description, date, invoice, payee,
// supplier). Account, method, lines and value stay: delete the expense and record it again instead.
import { MESSAGES } from '@conjunto/core';
import Alert from '@mui/material/Alert';
import {
  AutocompleteInput,
  DateInput,
  Edit,
  maxLength,
  ReferenceInput,
  required,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { Expense } from '../schemas.ts';
import { useNotifyError } from './shared/accountingApi.ts';
import { requiredValue } from './shared/validators.ts';
import { FormRow, idOrNull, TREASURY, textOrNull } from './TreasuryCommon.tsx';

/** The body of PUT /expenses/:id: exactly the fields of ExpenseUpdateSchema. */
const payload = (values: Partial<Expense>) => ({
  description: (values.description ?? '').trim(),
  date: values.date,
  invoice: textOrNull(values.invoice),
  payeeName: textOrNull(values.payeeName),
  supplierId: idOrNull(values.supplierId),
});

function EditToolbar() {
  const record = useRecordContext<Expense>();
  return <Toolbar>{!record?.reconciled && <SaveButton />}</Toolbar>;
}

function ReconciledNotice() {
  const record = useRecordContext<Expense>();
  const translate = useTranslate();
  if (!record?.reconciled) return null;
  return <Alert severity="warning">{translate('accounting.treasury.reconciledNotice')}</Alert>;
}

export default function ExpenseEdit() {
  const notifyError = useNotifyError();
  return (
    <Edit
      redirect="show"
      mutationMode="pessimistic"
      transform={payload}
      mutationOptions={{ onError: (error) => notifyError(error, 'accounting.treasury.errors.save') }}
    >
      <SimpleForm toolbar={<EditToolbar />}>
        <ReconciledNotice />
        <FormRow columns={2}>
          <DateInput source="date" validate={required()} />
          <TextInput source="invoice" validate={maxLength(50, MESSAGES.maxLength(50))} />
        </FormRow>
        <FormRow columns={2}>
          <ReferenceInput source="supplierId" reference={TREASURY.suppliers} sort={{ field: 'name', order: 'ASC' }}>
            <AutocompleteInput optionText="name" label={`resources.${TREASURY.expenses}.fields.supplierId`} />
          </ReferenceInput>
          <TextInput source="payeeName" validate={maxLength(150, MESSAGES.maxLength(150))} />
        </FormRow>
        <TextInput
          source="description"
          multiline
          sx={{ maxWidth: 640 }}
          validate={[required(), requiredValue, maxLength(500, MESSAGES.maxLength(500))]}
        />
      </SimpleForm>
    </Edit>
  );
}
