// Reject transfers reported by residents (one, or the ones selected), with an optional reason.
import DialogContentText from '@mui/material/DialogContentText';
import { TextInput, useNotify, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { API, useAccountingApi } from '../shared/accountingApi.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { textOrNull } from '../shared/values.ts';
import { type ReviewDialogProps, reviewEach } from './reviewEach.ts';

const REASON_MAX = 250;

/** The reason, with how much of it is left. */
function ReasonInput() {
  const reason = (useWatch({ name: 'reason' }) as string | undefined) ?? '';
  return (
    <TextInput
      source="reason"
      label="accounting.treasury.pending.reason"
      helperText={`${reason.length}/${REASON_MAX}`}
      multiline
      minRows={2}
      slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
    />
  );
}

export function PendingTransferRejectDialog({ records, onClose, onDone }: ReviewDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useAccountingApi();
  const reject = async (values: { reason?: string }) => {
    const reason = textOrNull(values.reason);
    const { done, failed } = await reviewEach(records, (record) =>
      api.send(API.pendingTransfers, `${encodeURIComponent(record.id)}/reject`, {
        method: 'POST',
        body: reason ? { reason } : {},
      }),
    );
    if (records.length === 1) notify('accounting.treasury.pending.rejected', { type: 'info' });
    else notify('accounting.treasury.pending.rejectedMany', { type: failed ? 'warning' : 'info', messageArgs: { done, failed } });
    onDone?.();
  };
  return (
    <FormDialog
      title={records.length === 1 ? 'accounting.treasury.pending.rejectTitle' : 'accounting.treasury.pending.rejectManyTitle'}
      titleArgs={{ smart_count: records.length }}
      submitLabel="accounting.treasury.pending.reject"
      submitColor="error"
      onSubmit={reject}
      errorKey="accounting.shared.saveError"
      onClose={onClose}
    >
      <DialogContentText sx={{ mb: 2 }}>
        {records.length === 1
          ? translate('accounting.treasury.pending.rejectContent', { unit: records[0].unitNumber })
          : translate('accounting.treasury.pending.rejectManyContent', { smart_count: records.length })}
      </DialogContentText>
      <ReasonInput />
    </FormDialog>
  );
}
