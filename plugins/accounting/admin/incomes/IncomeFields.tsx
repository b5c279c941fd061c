// Small fields of the income screens: Conciliado (Sí / No) and the 'Anulado' chip.
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Income } from '../../schemas.ts';

export function ReconciledField() {
  const record = useRecordContext<Income>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Typography variant="body2">{translate(record.reconciled ? 'accounting.shared.yes' : 'accounting.shared.no')}</Typography>
  );
}

export function AnnulledField() {
  const record = useRecordContext<Income>();
  const translate = useTranslate();
  if (!record?.annulled) return null;
  return <Chip size="small" color="error" label={translate('accounting.incomes.status.annulled')} />;
}

/** Conciliado and, when it applies, Anulado (the show screen). */
export function StatusField() {
  const record = useRecordContext<Income>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={0.5}>
      <Chip
        size="small"
        variant="outlined"
        color={record.reconciled ? 'success' : 'default'}
        label={translate(record.reconciled ? 'accounting.incomes.status.reconciled' : 'accounting.incomes.status.notReconciled')}
      />
      <AnnulledField />
    </Stack>
  );
}
