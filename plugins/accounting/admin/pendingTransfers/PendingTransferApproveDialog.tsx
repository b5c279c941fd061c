// Approve a transfer reported by a resident: choose the bank account that received it (and the day); the
// server records the income and applies it to the reported debts.
import { businessDay, formatMoney } from '@conjunto/core';
import { DayInput } from '@conjunto/core/ui';
import DialogContentText from '@mui/material/DialogContentText';
import { useNotify, useTranslate } from 'react-admin';
import type { PendingTransfer } from '../../schemas.ts';
import { AccountSelectInput } from '../shared/AccountSelectInput.tsx';
import { API, useAccountingApi } from '../shared/accountingApi.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { requiredValue } from '../shared/validators.ts';

interface Values {
  accountId: string;
  date: string;
}

export function PendingTransferApproveDialog({ record, onClose }: { record: PendingTransfer; onClose(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useAccountingApi();
  const approve = async (values: Values) => {
    await api.send(API.pendingTransfers, `${encodeURIComponent(record.id)}/approve`, { method: 'POST', body: values });
    notify('accounting.treasury.pending.approved', { type: 'success' });
  };
  return (
    <FormDialog<Values>
      title="accounting.treasury.pending.approveTitle"
      submitLabel="accounting.treasury.pending.approve"
      onSubmit={approve}
      errorKey="accounting.shared.saveError"
      onClose={onClose}
      defaultValues={{ date: businessDay() }}
    >
      <DialogContentText sx={{ mb: 2 }}>
        {translate('accounting.treasury.pending.approveContent', { amount: formatMoney(record.amount), unit: record.unitNumber })}
      </DialogContentText>
      {/* A transfer lands in a bank account, never in a cash box. */}
      <AccountSelectInput source="accountId" methodType="Cuenta Bancaria" validate={requiredValue} />
      <DayInput source="date" validate={requiredValue} />
    </FormDialog>
  );
}
