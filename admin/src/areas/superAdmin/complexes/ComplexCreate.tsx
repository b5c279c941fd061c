import { SimpleForm } from '@conjunto/core/ui';
import { Create } from 'react-admin';
import { ComplexInputs } from '../../complex/ComplexInputs.tsx';

export default function ComplexCreate() {
  return (
    <Create redirect="edit">
      <SimpleForm defaultValues={{ isActive: true }}>
        <ComplexInputs platform />
      </SimpleForm>
    </Create>
  );
}
