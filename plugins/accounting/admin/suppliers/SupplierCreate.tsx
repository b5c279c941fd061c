// proveedores/create: a new supplier.
import { CreateScreen, SimpleForm } from '../shared/FormScreens.tsx';
import { SupplierInputs, supplierPayload } from './SupplierInputs.tsx';

export default function SupplierCreate() {
  return (
    <CreateScreen redirect="list" transform={supplierPayload}>
      <SimpleForm>
        <SupplierInputs />
      </SimpleForm>
    </CreateScreen>
  );
}
