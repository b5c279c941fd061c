import { SimpleForm } from '@conjunto/core/ui';
import { Create } from 'react-admin';
import { UserInputs } from './userInputs.tsx';

export default function UserCreate() {
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={{ isActive: true, roles: ['administrador'], complexIds: [] }}>
        <UserInputs create />
      </SimpleForm>
    </Create>
  );
}
