// The fields of a supplier (proveedor): Nombre, RUC/Cédula, Correo, Teléfono, Dirección.
import { email, maxLength, regex, required, TextInput } from 'react-admin';
import { ACCOUNTING_MESSAGES as M } from '../../manifest.ts';
import type { Supplier } from '../../schemas.ts';
import { FormRow } from '../shared/FormRow.tsx';
import { requiredValue } from '../shared/validators.ts';
import { textOrNull } from '../shared/values.ts';

/** The body of POST / PUT /suppliers: exactly the fields of SupplierCreateSchema. */
export const supplierPayload = (values: Partial<Supplier>) => ({
  name: (values.name ?? '').trim(),
  idNumber: textOrNull(values.idNumber),
  email: textOrNull(values.email),
  phone: textOrNull(values.phone),
  address: textOrNull(values.address),
});

export function SupplierInputs() {
  return (
    <>
      <TextInput source="name" validate={[required(), requiredValue, maxLength(150)]} sx={{ maxWidth: 640 }} />
      <FormRow columns={2}>
        <TextInput source="idNumber" validate={[regex(/^[0-9]*$/, M.onlyDigits), maxLength(20)]} />
        <TextInput
          source="phone"
          validate={[regex(/^\+?[0-9 ]*$/, 'accounting.treasury.supplier.phoneInvalid'), maxLength(20)]}
        />
      </FormRow>
      <TextInput source="email" type="email" validate={[email(), maxLength(100)]} sx={{ maxWidth: 640 }} />
      <TextInput source="address" multiline validate={maxLength(250)} sx={{ maxWidth: 640 }} />
    </>
  );
}
