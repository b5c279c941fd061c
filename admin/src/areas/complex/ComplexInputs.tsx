// The complex's fields, shared by the platform screens (conjuntos) and the administrator's "Editar Conjunto".
import { COMPLEX_LIMITS } from '@conjunto/core';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import {
  AutocompleteInput,
  BooleanInput,
  email,
  maxLength,
  minValue,
  NumberInput,
  ReferenceInput,
  required,
  TextInput,
  useTranslate,
} from 'react-admin';
import { ColorInput } from './ColorInput.tsx';

/** Ecuadorian RUC: 13 digits. */
export const ruc = (value: unknown) =>
  value == null || value === '' || /^\d{13}$/.test(String(value)) ? undefined : 'shell.validation.ruc';
const phone = (value: unknown) =>
  value == null || value === '' || /^\+?\d{7,15}$/.test(String(value)) ? undefined : 'shell.validation.phone';

const half = { xs: 12, sm: 6 } as const;

export function ComplexInputs({ platform = false, image = false }: { platform?: boolean; image?: boolean }) {
  const translate = useTranslate();
  return (
    <Grid container columnSpacing={2} sx={{ width: '100%', maxWidth: 900 }}>
      <Grid size={12}>
        <Typography variant="subtitle1" sx={{ mt: 1 }}>
          {translate('shell.complex.general')}
        </Typography>
      </Grid>
      <Grid size={half}>
        <TextInput source="name" validate={[required(), maxLength(COMPLEX_LIMITS.name)]} />
      </Grid>
      <Grid size={half}>
        <TextInput source="ruc" validate={ruc} />
      </Grid>
      <Grid size={12}>
        <TextInput source="address" validate={maxLength(COMPLEX_LIMITS.address)} />
      </Grid>
      <Grid size={half}>
        <TextInput source="city" validate={maxLength(COMPLEX_LIMITS.city)} />
      </Grid>
      <Grid size={half}>
        <TextInput source="province" validate={maxLength(COMPLEX_LIMITS.province)} />
      </Grid>
      {platform ? (
        <Grid size={half}>
          <ReferenceInput source="companyId" reference="Company">
            <AutocompleteInput optionText="name" />
          </ReferenceInput>
        </Grid>
      ) : null}
      <Grid size={half}>
        <ColorInput source="themeColor" />
      </Grid>
      {image ? (
        <Grid size={12}>
          <TextInput source="image" helperText="shell.complex.imageHelp" />
        </Grid>
      ) : null}
      <Grid size={12}>
        <Typography variant="subtitle1" sx={{ mt: 2 }}>
          {translate('shell.complex.contact')}
        </Typography>
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextInput source="contactName" validate={maxLength(COMPLEX_LIMITS.contactName)} />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextInput source="contactPhone" validate={phone} />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextInput source="contactEmail" type="email" validate={[email(), maxLength(COMPLEX_LIMITS.contactEmail)]} />
      </Grid>
      {platform ? (
        <Grid size={half}>
          {/* Declared (NumParqueaderos); the residents are counted by the server, not typed. */}
          <NumberInput source="parkingCount" min={0} step={1} defaultValue={0} validate={[required(), minValue(0)]} />
        </Grid>
      ) : null}
      {platform ? (
        <Grid size={12}>
          <BooleanInput source="isActive" helperText="shell.complex.activeHelp" />
        </Grid>
      ) : null}
    </Grid>
  );
}
