// A pet's photo (a short-lived signed URL from the list) or its species' icon.
import PetsIcon from '@mui/icons-material/Pets';
import Avatar from '@mui/material/Avatar';
import { useTranslate } from 'react-admin';
import type { Pet } from './shared.tsx';

export function PetAvatar({ pet, size = 40 }: { pet: Pick<Pet, 'name' | 'photoUrl'>; size?: number }) {
  const translate = useTranslate();
  return (
    <Avatar
      src={pet.photoUrl ?? undefined}
      alt={translate('residents.pets.photo.alt', { name: pet.name })}
      variant="rounded"
      sx={{ width: size, height: size }}
    >
      <PetsIcon />
    </Avatar>
  );
}
