// The voucher (Comprobante de egreso) of the expense in context as PDF: an icon in tables (`compact`), a labelled
// button on the expense's screen.
import { useRecordContext, useTranslate } from 'react-admin';
import type { Expense } from '../../schemas.ts';
import { API } from '../shared/accountingApi.ts';
import { PdfButton } from './PdfButton.tsx';

export function VoucherButton({ compact = false }: { compact?: boolean }) {
  const expense = useRecordContext<Expense>();
  const translate = useTranslate();
  if (!expense) return null;
  const number = expense.receiptNumber;
  return (
    <PdfButton
      compact={compact}
      label={translate(compact ? 'accounting.documents.voucher' : 'accounting.documents.receiptButton', { number })}
      resource={API.expenses}
      path={`${encodeURIComponent(expense.id)}/voucher.pdf`}
      fileName={`comprobante-egreso-${number}.pdf`}
    />
  );
}
