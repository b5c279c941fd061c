// The selected debts at once: an overdue-fees notice to their residents (one mail each with all their overdue
// debts, as from Notificaciones), and the deletion, after a confirmation, of those without payments (a debt
// with payments stays as the ledger's history; the server refuses it too).
import { businessDay } from '@conjunto/core';
import SendIcon from '@mui/icons-material/Send';
import { useState } from 'react';
import {
  BulkDeleteButton,
  Button,
  Confirm,
  ListContextProvider,
  useCanAccess,
  useListContext,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { NoticeResult, Receivable } from '../../schemas.ts';
import { API, useAccountingApi, useNotifyError } from '../shared/accountingApi.ts';

const selectedOf = (list: ReturnType<typeof useListContext<Receivable>>) =>
  (list.data ?? []).filter((r) => list.selectedIds.includes(r.id));

function BulkOverdueNotice() {
  const list = useListContext<Receivable>();
  const api = useAccountingApi();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const translate = useTranslate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const userIds = [...new Set(selectedOf(list).flatMap((r) => (r.userId && r.overdue ? [r.userId] : [])))];
  const send = async () => {
    setBusy(true);
    try {
      const result = await api.send<NoticeResult>(API.notices, 'overdue', {
        method: 'POST',
        body: { recipients: 'selected', userIds, cutoffDate: businessDay() },
      });
      notify('accounting.documents.notices.result', {
        type: 'success',
        messageArgs: { number: result.number, count: result.queued, code: result.securityCode },
      });
      list.onUnselectItems();
    } catch (error) {
      notifyError(error, 'accounting.documents.notices.error');
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <>
      <Button label="accounting.receivables.notify" disabled={busy || !userIds.length} onClick={() => setConfirming(true)}>
        <SendIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        loading={busy}
        title="accounting.documents.notices.overdueConfirmTitle"
        content={translate('accounting.receivables.notifyContent', { smart_count: userIds.length })}
        onConfirm={send}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

/** React-admin's bulk delete, given only the selected debts without payments. */
function BulkDeleteUnpaid() {
  const list = useListContext<Receivable>();
  const deletable = selectedOf(list).filter((r) => r.paid === 0);
  return (
    <ListContextProvider value={{ ...list, selectedIds: deletable.map((r) => r.id) }}>
      <BulkDeleteButton
        mutationMode="pessimistic"
        disabled={!deletable.length}
        confirmTitle="accounting.receivables.bulkDeleteTitle"
        confirmContent="accounting.receivables.bulkDeleteContent"
      />
    </ListContextProvider>
  );
}

export function ReceivableBulkActions() {
  const { canAccess: canNotify } = useCanAccess({ resource: API.notices, action: 'overdue' });
  const { canAccess: canDelete } = useCanAccess({ action: 'delete' });
  return (
    <>
      {canNotify && <BulkOverdueNotice />}
      {canDelete && <BulkDeleteUnpaid />}
    </>
  );
}
