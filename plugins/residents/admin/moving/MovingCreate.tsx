// New moving request (the administrator records it for a unit; it starts pending).
import { SimpleForm } from '@conjunto/core/ui';
import { Create } from 'react-admin';
import { MovingInputs, movingCreateBody } from './movingInputs.tsx';

export default function MovingCreate() {
  return (
    <Create redirect="show" transform={movingCreateBody}>
      <SimpleForm>
        <MovingInputs create />
      </SimpleForm>
    </Create>
  );
}
