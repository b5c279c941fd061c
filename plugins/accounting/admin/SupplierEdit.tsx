// proveedores/:id: edit or delete a supplier (its expenses and payables keep the name they were given).
import { DeleteButton, Edit, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { useNotifyError } from './shared/accountingApi.ts';
import { SupplierInputs, supplierPayload } from './SupplierInputs.tsx';

function EditToolbar() {
  const notifyError = useNotifyError();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton
        mutationMode="pessimistic"
        confirmTitle="accounting.treasury.supplier.deleteTitle"
        confirmContent="accounting.treasury.supplier.deleteContent"
        mutationOptions={{ onError: (error) => notifyError(error, 'accounting.treasury.errors.delete') }}
      />
    </Toolbar>
  );
}

export default function SupplierEdit() {
  const notifyError = useNotifyError();
  return (
    <Edit
      redirect="list"
      mutationMode="pessimistic"
      transform={supplierPayload}
      mutationOptions={{ onError: (error) => notifyError(error, 'accounting.treasury.errors.save') }}
    >
      <SimpleForm toolbar={<EditToolbar />}>
        <SupplierInputs />
      </SimpleForm>
    </Edit>
  );
}
