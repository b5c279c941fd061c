import { SimpleForm } from '@conjunto/core/ui';
import { Edit } from 'react-admin';
import { UnitInputs } from './unitInputs.tsx';

export default function UnitEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm>
        <UnitInputs />
      </SimpleForm>
    </Edit>
  );
}
