import { Create, SimpleForm } from 'react-admin';
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
