// Reject a transfer reported by a resident, with an optional reason.
import DialogContentText from '@mui/material/DialogContentText';
import { TextInput, useNotify, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { PendingTransfer } from '../../schemas.ts';
import { API, useAccountingApi } from '../shared/accountingApi.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { textOrNull } from '../shared/values.ts';

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

export function PendingTransferRejectDialog({ record, onClose }: { record: PendingTransfer; onClose(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useAccountingApi();
  const reject = async (values: { reason?: string }) => {
    const reason = textOrNull(values.reason);
    await api.send(API.pendingTransfers, `${encodeURIComponent(record.id)}/reject`, {
      method: 'POST',
      body: reason ? { reason } : {},
    });
    notify('accounting.treasury.pending.rejected', { type: 'info' });
  };
  return (
    <FormDialog
      title="accounting.treasury.pending.rejectTitle"
      submitLabel="accounting.treasury.pending.reject"
      submitColor="error"
      onSubmit={reject}
      errorKey="accounting.shared.saveError"
      onClose={onClose}
    >
      <DialogContentText sx={{ mb: 2 }}>
        {translate('accounting.treasury.pending.rejectContent', { unit: record.unitNumber })}
      </DialogContentText>
      <ReasonInput />
    </FormDialog>
  );
}
