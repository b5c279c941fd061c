// The inputs shared by the create and edit screens of a housing unit; type and sub-complex are picked from the
// complex's catalogues (tiposUnidades, listaSubconjuntos).
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
  useGetList,
  useRecordContext,
} from 'react-admin';

/** A select of a catalogue's names (stored by name on the unit); a name the catalogue lost still shows. */
function CatalogueInput({ source, reference }: { source: 'type' | 'subComplex'; reference: string }) {
  const record = useRecordContext<{ type?: string | null; subComplex?: string | null }>();
  const { data, isPending } = useGetList<{ id: string; name: string }>(reference, {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
  const names = new Set((data ?? []).map((d) => d.name));
  const current = record?.[source];
  if (current) names.add(current);
  return (
    <AutocompleteInput
      source={source}
      choices={[...names].map((name) => ({ id: name, name }))}
      isPending={isPending}
      validate={maxLength(source === 'type' ? UNIT_LIMITS.type : UNIT_LIMITS.subComplex)}
    />
  );
}

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
        <CatalogueInput source="type" reference="tiposUnidades" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <CatalogueInput source="subComplex" reference="listaSubconjuntos" />
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
      <Grid size={12}>
        <TextInput source="address" validate={maxLength(UNIT_LIMITS.address)} helperText="shell.unit.addressHelp" />
      </Grid>
      {(
        [
          'ownerLivesIn',
          'ownerMaySeeTenant',
          'ownerMayBlockTenant',
          'tenantAccessBlocked',
          'tenantVisitsBlocked',
          'tenantReservationsBlocked',
        ] as const
      ).map((source) => (
        <Grid key={source} size={{ xs: 12, sm: 6 }}>
          <BooleanInput source={source} />
        </Grid>
      ))}
    </Grid>
  );
}
