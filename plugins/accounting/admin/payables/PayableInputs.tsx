// The fields of a payable (cuenta por pagar): ProveedorNombre, Detalle, Costo, Plazo, and how often it recurs.
// The same form serves proveedores/cuentasporpagar and proveedores/cuentasRecurrentes (recurrence required).
import { DayInput } from '@conjunto/core/ui';
import {
  AutocompleteInput,
  maxLength,
  NumberInput,
  ReferenceInput,
  required,
  SelectInput,
  TextInput,
  useResourceContext,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { Payable } from '../../schemas.ts';
import { FormRow } from '../shared/FormRow.tsx';
import { RESOURCES } from '../shared/paths.ts';
import { positiveAmount, requiredValue } from '../shared/validators.ts';
import { idOrNull } from '../shared/values.ts';

/** Recurring payables come back every 7, 30 or 365 days (spec 002 §4). */
const RECURRENCES = [
  { id: 7, name: 'accounting.treasury.recurrence.7' },
  { id: 30, name: 'accounting.treasury.recurrence.30' },
  { id: 365, name: 'accounting.treasury.recurrence.365' },
];

/** The body of POST / PUT /payables: exactly the fields of PayableCreateSchema. */
export const payablePayload = (values: Partial<Payable>) => ({
  supplierId: idOrNull(values.supplierId),
  supplierName: (values.supplierName ?? '').trim(),
  detail: (values.detail ?? '').trim(),
  amount: Number(values.amount),
  dueDate: values.dueDate,
  recurrenceDays: values.recurrenceDays ? Number(values.recurrenceDays) : null,
});

export function PayableInputs() {
  const resource = useResourceContext();
  const recurring = resource === RESOURCES.recurringPayables;
  const { setValue } = useFormContext();
  return (
    <>
      <FormRow columns={2}>
        <ReferenceInput source="supplierId" reference={RESOURCES.suppliers} sort={{ field: 'name', order: 'ASC' }}>
          <AutocompleteInput
            optionText="name"
            label="resources.proveedores/cuentasporpagar.fields.supplierId"
            helperText="accounting.treasury.payable.supplierHelp"
            onChange={(_value, record) => {
              const name = record ? (record as { name?: string }).name : undefined;
              if (name) setValue('supplierName', name, { shouldDirty: true, shouldValidate: true });
            }}
          />
        </ReferenceInput>
        <TextInput source="supplierName" validate={[required(), requiredValue, maxLength(150)]} />
      </FormRow>
      <TextInput source="detail" multiline validate={[required(), requiredValue, maxLength(500)]} sx={{ maxWidth: 640 }} />
      <FormRow columns={2}>
        <NumberInput source="amount" step={0.01} validate={[required(), positiveAmount]} />
        <DayInput source="dueDate" validate={required()} />
        <SelectInput
          source="recurrenceDays"
          choices={RECURRENCES}
          validate={recurring ? required() : undefined}
          emptyText="accounting.treasury.recurrence.none"
        />
      </FormRow>
    </>
  );
}
