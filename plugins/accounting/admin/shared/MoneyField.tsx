// Money as $0,0.00 (spec 002 §9), right-aligned in tables.

import { formatMoney } from '@conjunto/core';
import Typography from '@mui/material/Typography';
import { type FieldProps, useFieldValue } from 'react-admin';

export function MoneyField(props: FieldProps) {
  const value = useFieldValue(props);
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {formatMoney(value ?? 0)}
    </Typography>
  );
}
MoneyField.textAlign = 'right';

/** A money amount outside a record context. */
export function Money({ value, bold }: { value: unknown; bold?: boolean }) {
  return (
    <Typography
      component="span"
      variant="body2"
      sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', fontWeight: bold ? 'bold' : undefined }}
    >
      {formatMoney(value ?? 0)}
    </Typography>
  );
}
