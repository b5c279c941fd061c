// What the pet screens share: the resource name, the record and the vaccination chip.
import { useTranslate } from 'react-admin';
import { PET_SPECIES } from '../../moving.ts';
import { ToneChip } from '../moving/shared.tsx';

export const PETS = 'mascotas';

export interface Pet {
  id: string;
  unitId: string;
  unitNumber: string | null;
  ownerId: string | null;
  ownerName: string | null;
  name: string;
  species: 'perro' | 'gato' | 'otro';
  breed: string | null;
  color: string | null;
  vaccinatedOn: string | null;
  vaccination: 'vigente' | 'vencida' | 'sinRegistro';
  notes: string | null;
  hasPhoto: boolean;
  photoUrl: string | null;
  createdAt: string;
}

export const SPECIES_CHOICES = PET_SPECIES.map((id) => ({ id, name: `residents.pets.species.${id}` }));
export const VACCINATION_CHOICES = (['vigente', 'vencida', 'sinRegistro'] as const).map((id) => ({
  id,
  name: `residents.pets.vaccination.${id}`,
}));

const TONE = { vigente: 'success', vencida: 'error', sinRegistro: 'neutral' } as const;

/** 'Vacunación vencida' a year after the last vaccination; 'Sin registro' without one. */
export function VaccinationChip({ value }: { value: Pet['vaccination'] | undefined }) {
  const translate = useTranslate();
  if (!value) return null;
  return <ToneChip tone={TONE[value]} label={translate(`residents.pets.vaccination.${value}`)} />;
}
