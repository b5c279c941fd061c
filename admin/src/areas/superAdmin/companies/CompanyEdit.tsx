import { SimpleForm } from '@conjunto/core/ui';
import { Edit } from 'react-admin';
import { CompanyInputs } from './companyInputs.tsx';

export default function CompanyEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm warnWhenUnsavedChanges>
        <CompanyInputs />
      </SimpleForm>
    </Edit>
  );
}
