// proveedores/:id: edit or delete a supplier (its expenses and payables keep the name they were given).
import { ConfirmDeleteButton } from '../shared/ConfirmDeleteButton.tsx';
import { EditScreen, SaveDeleteToolbar, SimpleForm } from '../shared/FormScreens.tsx';
import { SupplierInputs, supplierPayload } from './SupplierInputs.tsx';

export default function SupplierEdit() {
  return (
    <EditScreen redirect="list" transform={supplierPayload}>
      <SimpleForm
        toolbar={
          <SaveDeleteToolbar
            deleteButton={
              <ConfirmDeleteButton
                confirmTitle="accounting.treasury.supplier.deleteTitle"
                confirmContent="accounting.treasury.supplier.deleteContent"
              />
            }
          />
        }
      >
        <SupplierInputs />
      </SimpleForm>
    </EditScreen>
  );
}
