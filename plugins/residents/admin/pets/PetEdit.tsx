// Edit a pet, its photo above the form.
import { SimpleForm } from '@conjunto/core/ui';
import { Edit } from 'react-admin';
import { PetPhoto } from './PetPhoto.tsx';
import { PetInputs, petBody } from './petInputs.tsx';

export default function PetEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={petBody}>
      <SimpleForm warnWhenUnsavedChanges>
        <PetPhoto />
        <PetInputs />
      </SimpleForm>
    </Edit>
  );
}
