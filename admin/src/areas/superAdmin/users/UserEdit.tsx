import { SimpleForm } from '@conjunto/core/ui';
import { Edit } from 'react-admin';
import { UserInputs } from './userInputs.tsx';

export default function UserEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm warnWhenUnsavedChanges>
        <UserInputs />
      </SimpleForm>
    </Edit>
  );
}
