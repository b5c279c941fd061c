// proveedores/create: a new supplier.
import { Create, SimpleForm } from 'react-admin';
import { useNotifyError } from './shared/accountingApi.ts';
import { SupplierInputs, supplierPayload } from './SupplierInputs.tsx';

export default function SupplierCreate() {
  const notifyError = useNotifyError();
  return (
    <Create
      redirect="list"
      transform={supplierPayload}
      mutationOptions={{ onError: (error) => notifyError(error, 'accounting.treasury.errors.save') }}
    >
      <SimpleForm>
        <SupplierInputs />
      </SimpleForm>
    </Create>
  );
}
