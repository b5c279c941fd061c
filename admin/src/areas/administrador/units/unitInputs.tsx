// The inputs shared by the create and edit screens of a housing unit.
import { UNIT_LIMITS } from '@conjunto/core';
import Grid from '@mui/material/Grid';
import {
  AutocompleteInput,
  BooleanInput,
  maxLength,
  maxValue,
  minValue,
  NumberInput,
  ReferenceInput,
  required,
  TextInput,
} from 'react-admin';

/** Type and sub-complex names are stored in uppercase (spec 002 §3). */
const upper = (value: string) => (typeof value === 'string' ? value.toUpperCase() : value);

const residentName = (r: { firstName?: string; lastName?: string }) => `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim();

export function UnitInputs() {
  return (
    <Grid container columnSpacing={2} sx={{ width: '100%', maxWidth: 800 }}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextInput source="number" validate={[required(), maxLength(UNIT_LIMITS.number)]} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <NumberInput source="aliquot" validate={[minValue(0), maxValue(UNIT_LIMITS.aliquotMax)]} step={0.001} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextInput source="type" parse={upper} validate={maxLength(UNIT_LIMITS.type)} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextInput source="subComplex" parse={upper} validate={maxLength(UNIT_LIMITS.subComplex)} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <ReferenceInput source="ownerId" reference="residente">
          <AutocompleteInput optionText={residentName} />
        </ReferenceInput>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <ReferenceInput source="tenantId" reference="residente">
          <AutocompleteInput optionText={residentName} />
        </ReferenceInput>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <BooleanInput source="rented" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <BooleanInput source="isActive" />
      </Grid>
    </Grid>
  );
}
