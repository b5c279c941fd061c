// A business day ('YYYY-MM-DD', America/Guayaquil) as dd/MM/yyyy. react-admin's DateField would read it as
// UTC midnight and show the day before in Ecuador.

import { formatDate } from '@conjunto/core';
import Typography from '@mui/material/Typography';
import { type FieldProps, useFieldValue } from 'react-admin';

export function DayField(props: FieldProps) {
  const value = useFieldValue(props);
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {formatDate(value)}
    </Typography>
  );
}
