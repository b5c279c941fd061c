import { SimpleForm } from '@conjunto/core/ui';
import { Create } from 'react-admin';
import { UnitInputs } from './unitInputs.tsx';

export default function UnitCreate() {
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={{ isActive: true, rented: false, aliquot: 0 }}>
        <UnitInputs />
      </SimpleForm>
    </Create>
  );
}
