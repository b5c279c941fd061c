// egresos/:id: what may change in an expense that is not reconciled (description, date, invoice, payee,
// supplier). Account, method, lines and value stay: delete the expense and record it again instead.
import { DayInput } from '@conjunto/core/ui';
import {
  AutocompleteInput,
  maxLength,
  ReferenceInput,
  required,
  SaveButton,
  TextInput,
  Toolbar,
  useRecordContext,
} from 'react-admin';
import type { Expense } from '../../schemas.ts';
import { FormRow } from '../shared/FormRow.tsx';
import { EditScreen, SimpleForm } from '../shared/FormScreens.tsx';
import { RESOURCES } from '../shared/paths.ts';
import { requiredValue } from '../shared/validators.ts';
import { idOrNull, textOrNull } from '../shared/values.ts';
import { ReconciledNotice } from './ExpenseFields.tsx';

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

export default function ExpenseEdit() {
  return (
    <EditScreen redirect="show" transform={payload}>
      <SimpleForm toolbar={<EditToolbar />}>
        <ReconciledNotice severity="warning" />
        <FormRow columns={2}>
          <DayInput source="date" validate={required()} />
          <TextInput source="invoice" validate={maxLength(50)} />
        </FormRow>
        <FormRow columns={2}>
          <ReferenceInput source="supplierId" reference={RESOURCES.suppliers} sort={{ field: 'name', order: 'ASC' }}>
            <AutocompleteInput optionText="name" label="resources.egresos.fields.supplierId" />
          </ReferenceInput>
          <TextInput source="payeeName" validate={maxLength(150)} />
        </FormRow>
        <TextInput source="description" multiline sx={{ maxWidth: 640 }} validate={[required(), requiredValue, maxLength(500)]} />
      </SimpleForm>
    </EditScreen>
  );
}
