// Edit a rubro: its name (refused by the server while the rubro is in use) and its subrubros.
import { maxLength, TextInput } from 'react-admin';
import { EditScreen, SimpleForm } from '../shared/FormScreens.tsx';
import { requiredValue } from '../shared/validators.ts';
import { SubcategoriesInput } from './SubcategoriesInput.tsx';

export default function CategoryEdit() {
  return (
    <EditScreen
      redirect="list"
      transform={(data: { name?: string; subcategories?: string[] }) => ({
        name: data.name?.trim(),
        subcategories: data.subcategories ?? [],
      })}
    >
      <SimpleForm>
        <TextInput source="name" validate={[requiredValue, maxLength(100)]} sx={{ width: '100%', maxWidth: 400 }} />
        <SubcategoriesInput source="subcategories" />
      </SimpleForm>
    </EditScreen>
  );
}
