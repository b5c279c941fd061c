// The fields of the New and Edit pet screens; the server checks everything again.
import { DayInput } from '@conjunto/core/ui';
import Grid from '@mui/material/Grid';
import { AutocompleteInput, maxLength, ReferenceInput, required, SelectInput, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { PET_LIMITS } from '../../moving.ts';
import { SPECIES_CHOICES } from './shared.tsx';

const mustHave = required('residents.moving.validation.required');
const blankToNull = (value: string) => (value === '' ? null : value);
const half = { xs: 12, sm: 6 } as const;

function OwnerInput() {
  const unitId = useWatch({ name: 'unitId' });
  return (
    <ReferenceInput
      source="ownerId"
      reference="residente"
      filter={{ unitId }}
      queryOptions={{ enabled: Boolean(unitId) }}
      sort={{ field: 'lastName', order: 'ASC' }}
    >
      <AutocompleteInput
        optionText={(r: { firstName?: string; lastName?: string }) => `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim()}
        parse={(v: string) => v || null}
        disabled={!unitId}
        helperText="residents.pets.help.owner"
      />
    </ReferenceInput>
  );
}

export function PetInputs({ create = false }: { create?: boolean }) {
  return (
    <Grid container columnSpacing={2} sx={{ width: '100%', maxWidth: 900 }}>
      <Grid size={half}>
        <TextInput source="name" validate={[mustHave, maxLength(PET_LIMITS.name)]} helperText={false} />
      </Grid>
      <Grid size={half}>
        <SelectInput source="species" choices={SPECIES_CHOICES} validate={mustHave} helperText={false} />
      </Grid>
      <Grid size={half}>
        <TextInput source="breed" parse={blankToNull} validate={maxLength(PET_LIMITS.breed)} helperText={false} />
      </Grid>
      <Grid size={half}>
        <TextInput source="color" parse={blankToNull} validate={maxLength(PET_LIMITS.color)} helperText={false} />
      </Grid>
      <Grid size={half}>
        {/* A pet stays with its unit: chosen once. */}
        <ReferenceInput source="unitId" reference="unidadesHabitacionales" sort={{ field: 'number', order: 'ASC' }}>
          <AutocompleteInput optionText="number" validate={mustHave} disabled={!create} helperText={false} />
        </ReferenceInput>
      </Grid>
      <Grid size={half}>
        <OwnerInput />
      </Grid>
      <Grid size={half}>
        <DayInput source="vaccinatedOn" helperText="residents.pets.help.vaccination" />
      </Grid>
      <Grid size={12}>
        <TextInput
          source="notes"
          multiline
          minRows={2}
          parse={blankToNull}
          validate={maxLength(PET_LIMITS.notes)}
          helperText={false}
        />
      </Grid>
    </Grid>
  );
}

const FIELDS = ['name', 'species', 'breed', 'color', 'vaccinatedOn', 'notes', 'ownerId'];
export function petBody(data: Record<string, unknown>) {
  const body: Record<string, unknown> = {};
  for (const key of FIELDS) if (Object.hasOwn(data, key)) body[key] = data[key] === '' ? null : data[key];
  return body;
}
export const petCreateBody = (data: Record<string, unknown>) => ({ ...petBody(data), unitId: data.unitId });
