// Edit a rubro: its name (refused by the server while the rubro is in use) and its subrubros.
import { Edit, maxLength, SimpleForm, TextInput } from 'react-admin';
import { ManageOnly } from '../shared/ManageOnly.tsx';
import { requiredValue } from '../shared/validators.ts';
import { SubcategoriesInput } from './SubcategoriesInput.tsx';

export default function CategoryEdit() {
  return (
    <ManageOnly>
      <Edit
        mutationMode="pessimistic"
        redirect="list"
        transform={(data: { name?: string; subcategories?: string[] }) => ({
          name: data.name?.trim(),
          subcategories: data.subcategories ?? [],
        })}
      >
        <SimpleForm noValidate>
          <TextInput source="name" validate={[requiredValue, maxLength(100)]} sx={{ width: '100%', maxWidth: 400 }} />
          <SubcategoriesInput source="subcategories" />
        </SimpleForm>
      </Edit>
    </ManageOnly>
  );
}
