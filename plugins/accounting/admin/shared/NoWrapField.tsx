// A text cell on one line ('Dpto 12', receipt numbers); '—' when empty.
import Typography from '@mui/material/Typography';
import { type FieldProps, useFieldValue } from 'react-admin';

export function NoWrapField(props: FieldProps) {
  const value = useFieldValue(props);
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {value == null || value === '' ? '—' : String(value)}
    </Typography>
  );
}
