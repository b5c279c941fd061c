// Small pieces of the expense screens: who was paid, the total under the payment lines, the reconciled notice.
import { formatMoney } from '@conjunto/core';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Expense } from '../../schemas.ts';

/** The supplier's name, or the payee's when the expense has no supplier (the spec's Proveedor/Nombre). */
export const partyName = (r: { supplierName?: string | null; payeeName?: string | null }) => r.supplierName || r.payeeName || '';

/** 'Total: $12.50'. */
export function TotalLine({ value }: { value: unknown }) {
  const translate = useTranslate();
  return (
    <Typography variant="subtitle1" sx={{ fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' }}>
      {translate('accounting.treasury.total')}: {formatMoney(value ?? 0)}
    </Typography>
  );
}

/** 'Registro conciliado…' of a reconciled expense, which can no longer change. */
export function ReconciledNotice({ severity = 'info' }: { severity?: AlertColor }) {
  const record = useRecordContext<Expense>();
  const translate = useTranslate();
  if (!record?.reconciled) return null;
  return (
    <Alert severity={severity} sx={{ mb: 1 }}>
      {translate('accounting.treasury.reconciledNotice')}
    </Alert>
  );
}
