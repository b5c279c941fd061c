// A new rubro of the screen's kind, with its subrubros.
import { maxLength, TextInput } from 'react-admin';
import { CreateScreen, SimpleForm } from '../shared/FormScreens.tsx';
import { requiredValue } from '../shared/validators.ts';
import { useCategoryKind } from './categoryKind.ts';
import { SubcategoriesInput } from './SubcategoriesInput.tsx';

export default function CategoryCreate() {
  const kind = useCategoryKind();
  return (
    <CreateScreen
      redirect="list"
      transform={(data: { name?: string; subcategories?: string[] }) => ({
        kind,
        name: data.name?.trim(),
        subcategories: data.subcategories ?? [],
      })}
    >
      <SimpleForm defaultValues={{ subcategories: [] }}>
        <TextInput source="name" validate={[requiredValue, maxLength(100)]} sx={{ width: '100%', maxWidth: 400 }} />
        <SubcategoriesInput source="subcategories" />
      </SimpleForm>
    </CreateScreen>
  );
}
