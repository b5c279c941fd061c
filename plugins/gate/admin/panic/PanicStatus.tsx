// Estado of a panic alert (spec 002 §4: 1 open, 0 closed) as a chip: the guard's and the platform's lists.
import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import type { PanicAlertItem } from '../../schemas.ts';

export function PanicStatus({ row }: { row: Pick<PanicAlertItem, 'status'> }) {
  const translate = useTranslate();
  return row.status === 1 ? (
    <Chip size="small" color="error" label={translate('gate.panic.open')} />
  ) : (
    <Chip size="small" variant="outlined" label={translate('gate.panic.closed')} />
  );
}
