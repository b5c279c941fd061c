// The receipt (Comprobante de ingreso) of an income as PDF: an icon in tables (`compact`), a labelled button on
// the income's screen. The income is the record in context, or the one given.
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Income } from '../../schemas.ts';
import { ActionButton } from '../shared/ActionButton.tsx';
import { API, useDownload } from '../shared/accountingApi.ts';

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
  const { busy, download } = useDownload();
  if (!income) return null;
  const number = income.receiptNumber ?? '';
  return (
    <ActionButton
      compact={compact}
      label={translate(compact ? 'accounting.documents.receipt' : 'accounting.documents.receiptButton', { number })}
      Icon={PictureAsPdfIcon}
      disabled={busy}
      onClick={() => download(API.incomes, `${encodeURIComponent(income.id)}/receipt.pdf`, `comprobante-ingreso-${number}.pdf`)}
    />
  );
}
