// The voucher (Comprobante de egreso) of an expense as PDF: an icon in tables (`compact`), a labelled button on the
// expense's screen. The expense is the record in context.
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Expense } from '../../schemas.ts';
import { ActionButton } from '../shared/ActionButton.tsx';
import { API, useDownload } from '../shared/accountingApi.ts';

export function VoucherButton({ compact = false }: { compact?: boolean }) {
  const expense = useRecordContext<Expense>();
  const translate = useTranslate();
  const { busy, download } = useDownload();
  if (!expense) return null;
  const number = expense.receiptNumber;
  return (
    <ActionButton
      compact={compact}
      label={translate(compact ? 'accounting.documents.voucher' : 'accounting.documents.receiptButton', { number })}
      Icon={PictureAsPdfIcon}
      disabled={busy}
      onClick={() => download(API.expenses, `${encodeURIComponent(expense.id)}/voucher.pdf`, `comprobante-egreso-${number}.pdf`)}
    />
  );
}
