// The receipt (Comprobante de ingreso) of an income as PDF: an icon in tables (`compact`), a labelled button on
// the income's screen. The income is the record in context, or the one given.
import { useRecordContext, useTranslate } from 'react-admin';
import type { Income } from '../../schemas.ts';
import { API } from '../shared/accountingApi.ts';
import { PdfButton } from './PdfButton.tsx';

export function ReceiptButton({
  compact = false,
  income: given,
}: {
  compact?: boolean;
  income?: Pick<Income, 'id' | 'receiptNumber'>;
}) {
  const record = useRecordContext<Income>();
  const income = given ?? record;
  const translate = useTranslate();
  if (!income) return null;
  const number = income.receiptNumber ?? '';
  return (
    <PdfButton
      compact={compact}
      label={translate(compact ? 'accounting.documents.receipt' : 'accounting.documents.receiptButton', { number })}
      resource={API.incomes}
      path={`${encodeURIComponent(income.id)}/receipt.pdf`}
      fileName={`comprobante-ingreso-${number}.pdf`}
    />
  );
}
