// proveedores/cuentasporpagar/:id and proveedores/cuentasRecurrentes/:id: edit or delete a payable.
import { ConfirmDeleteButton } from '../shared/ConfirmDeleteButton.tsx';
import { EditScreen, SaveDeleteToolbar, SimpleForm } from '../shared/FormScreens.tsx';
import { PayableInputs, payablePayload } from './PayableInputs.tsx';

export default function PayableEdit() {
  return (
    <EditScreen redirect="list" transform={payablePayload}>
      <SimpleForm
        toolbar={
          <SaveDeleteToolbar
            deleteButton={
              <ConfirmDeleteButton
                confirmTitle="accounting.treasury.payable.deleteTitle"
                confirmContent="accounting.treasury.payable.deleteContent"
              />
            }
          />
        }
      >
        <PayableInputs />
      </SimpleForm>
    </EditScreen>
  );
}
