// The selected debts deleted at once, after a confirmation: only debts without payments can be selected (a
// debt with a payment is kept as the ledger's history; the server refuses it too).
import { BulkDeleteButton, useCanAccess } from 'react-admin';
import type { Receivable } from '../../schemas.ts';

export const isDeletable = (record: Receivable) => record.paid === 0;

export function ReceivableBulkDelete() {
  const { canAccess } = useCanAccess({ action: 'delete' });
  if (!canAccess) return null;
  return (
    <BulkDeleteButton
      mutationMode="pessimistic"
      confirmTitle="accounting.receivables.bulkDeleteTitle"
      confirmContent="accounting.receivables.bulkDeleteContent"
    />
  );
}
