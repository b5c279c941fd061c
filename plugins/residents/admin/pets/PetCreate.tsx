// New pet: saved first, then its edit screen takes the photo.
import { SimpleForm } from '@conjunto/core/ui';
import Typography from '@mui/material/Typography';
import { Create, useTranslate } from 'react-admin';
import { PetInputs, petCreateBody } from './petInputs.tsx';

export default function PetCreate() {
  const translate = useTranslate();
  return (
    <Create redirect="edit" transform={petCreateBody}>
      <SimpleForm>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('residents.pets.photo.afterCreate')}
        </Typography>
        <PetInputs create />
      </SimpleForm>
    </Create>
  );
}
