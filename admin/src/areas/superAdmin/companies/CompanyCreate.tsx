import { SimpleForm } from '@conjunto/core/ui';
import { Create } from 'react-admin';
import { CompanyInputs } from './companyInputs.tsx';

export default function CompanyCreate() {
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={{ isActive: true }}>
        <CompanyInputs />
      </SimpleForm>
    </Create>
  );
}
