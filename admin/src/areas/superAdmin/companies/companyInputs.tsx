import Grid from '@mui/material/Grid';
import { BooleanInput, email, maxLength, required, TextInput } from 'react-admin';
import { ColorInput } from '../../complex/ColorInput.tsx';
import { ruc } from '../../complex/ComplexInputs.tsx';

const half = { xs: 12, sm: 6 } as const;

export function CompanyInputs() {
  return (
    <Grid container columnSpacing={2} sx={{ width: '100%', maxWidth: 900 }}>
      <Grid size={half}>
        <TextInput source="name" validate={[required(), maxLength(100)]} />
      </Grid>
      <Grid size={half}>
        <TextInput source="ruc" validate={ruc} />
      </Grid>
      <Grid size={half}>
        <ColorInput source="color" />
      </Grid>
      <Grid size={half} />
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextInput source="contactName" validate={maxLength(100)} />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextInput source="contactPhone" validate={maxLength(20)} />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextInput source="contactEmail" type="email" validate={[email(), maxLength(100)]} />
      </Grid>
      <Grid size={12}>
        <BooleanInput source="isActive" />
      </Grid>
    </Grid>
  );
}
