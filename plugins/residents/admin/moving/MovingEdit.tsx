// Edit a pending or approved moving request (the server refuses the others with its message).
import { SimpleForm } from '@conjunto/core/ui';
import { Edit } from 'react-admin';
import { MovingInputs, movingBody } from './movingInputs.tsx';

export default function MovingEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="show" transform={movingBody}>
      <SimpleForm warnWhenUnsavedChanges>
        <MovingInputs />
      </SimpleForm>
    </Edit>
  );
}
