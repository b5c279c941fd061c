import { COMPANY_LIMITS } from '@conjunto/core';
import Grid from '@mui/material/Grid';
import { BooleanInput, email, maxLength, required, TextInput } from 'react-admin';
import { ColorInput } from '../../complex/ColorInput.tsx';
import { ruc } from '../../complex/ComplexInputs.tsx';

const half = { xs: 12, sm: 6 } as const;

export function CompanyInputs() {
  return (
    <Grid container columnSpacing={2} sx={{ width: '100%', maxWidth: 900 }}>
      <Grid size={half}>
        <TextInput source="name" validate={[required(), maxLength(COMPANY_LIMITS.name)]} />
      </Grid>
      <Grid size={half}>
        <TextInput source="ruc" validate={ruc} />
      </Grid>
      <Grid size={half}>
        <ColorInput source="color" />
      </Grid>
      <Grid size={half} />
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextInput source="contactName" validate={maxLength(COMPANY_LIMITS.contactName)} />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextInput source="contactPhone" validate={maxLength(COMPANY_LIMITS.contactPhone)} />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextInput source="contactEmail" type="email" validate={[email(), maxLength(COMPANY_LIMITS.contactEmail)]} />
      </Grid>
      <Grid size={12}>
        <BooleanInput source="isActive" />
      </Grid>
    </Grid>
  );
}
