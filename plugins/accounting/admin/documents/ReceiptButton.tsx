// The receipt (Comprobante de ingreso) of an income as PDF: an icon button for tables and show screens.
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { type MouseEvent, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { DOCS_API, messageOf, useFiles } from './documentsApi.ts';

export function ReceiptButton({ incomeId, receiptNumber }: { incomeId: string; receiptNumber?: number | null }) {
  const translate = useTranslate();
  const notify = useNotify();
  const files = useFiles();
  const [busy, setBusy] = useState(false);
  const label = translate('accounting.documents.receipt', { number: receiptNumber ?? '' });
  const click = async (event: MouseEvent) => {
    event.stopPropagation(); // inside clickable rows
    setBusy(true);
    try {
      await files.download(
        DOCS_API.incomes,
        `${encodeURIComponent(incomeId)}/receipt.pdf`,
        `comprobante-ingreso-${receiptNumber ?? ''}.pdf`,
      );
    } catch (e) {
      notify(messageOf(e, translate('accounting.documents.downloadError')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} onClick={click} disabled={busy}>
          {busy ? <CircularProgress size={18} /> : <PictureAsPdfIcon fontSize="small" />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
