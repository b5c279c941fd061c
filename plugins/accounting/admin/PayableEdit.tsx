// proveedores/cuentasporpagar/:id and proveedores/cuentasRecurrentes/:id: edit or delete a payable.
import { DeleteButton, Edit, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { PayableInputs, payablePayload } from './PayableInputs.tsx';
import { useNotifyError } from './shared/accountingApi.ts';

function EditToolbar() {
  const notifyError = useNotifyError();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton
        mutationMode="pessimistic"
        confirmTitle="accounting.treasury.payable.deleteTitle"
        confirmContent="accounting.treasury.payable.deleteContent"
        mutationOptions={{ onError: (error) => notifyError(error, 'accounting.treasury.errors.delete') }}
      />
    </Toolbar>
  );
}

export default function PayableEdit() {
  const notifyError = useNotifyError();
  return (
    <Edit
      redirect="list"
      mutationMode="pessimistic"
      transform={payablePayload}
      mutationOptions={{ onError: (error) => notifyError(error, 'accounting.treasury.errors.save') }}
    >
      <SimpleForm toolbar={<EditToolbar />}>
        <PayableInputs />
      </SimpleForm>
    </Edit>
  );
}
