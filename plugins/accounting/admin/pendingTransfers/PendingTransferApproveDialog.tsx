// Approve transfers reported by residents (one, or the ones selected): choose the bank account that received
// them (and the day); the server records each income and applies it to the debts its unit reported.
import { businessDay, formatMoney } from '@conjunto/core';
import { DayInput } from '@conjunto/core/ui';
import DialogContentText from '@mui/material/DialogContentText';
import { useNotify, useTranslate } from 'react-admin';
import { AccountSelectInput } from '../shared/AccountSelectInput.tsx';
import { API, useAccountingApi } from '../shared/accountingApi.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { requiredValue } from '../shared/validators.ts';
import { type ReviewDialogProps, reviewEach } from './reviewEach.ts';

interface Values {
  accountId: string;
  date: string;
}

export function PendingTransferApproveDialog({ records, onClose, onDone }: ReviewDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useAccountingApi();
  const approve = async (values: Values) => {
    const { done, failed } = await reviewEach(records, (record) =>
      api.send(API.pendingTransfers, `${encodeURIComponent(record.id)}/approve`, { method: 'POST', body: values }),
    );
    if (records.length === 1) notify('accounting.treasury.pending.approved', { type: 'success' });
    else
      notify('accounting.treasury.pending.approvedMany', { type: failed ? 'warning' : 'success', messageArgs: { done, failed } });
    onDone?.();
  };
  const [one] = records;
  const total = records.reduce((sum, r) => sum + Number(r.amount), 0);
  return (
    <FormDialog<Values>
      title={records.length === 1 ? 'accounting.treasury.pending.approveTitle' : 'accounting.treasury.pending.approveManyTitle'}
      titleArgs={{ smart_count: records.length }}
      submitLabel="accounting.treasury.pending.approve"
      onSubmit={approve}
      errorKey="accounting.shared.saveError"
      onClose={onClose}
      defaultValues={{ date: businessDay() }}
    >
      <DialogContentText sx={{ mb: 2 }}>
        {records.length === 1
          ? translate('accounting.treasury.pending.approveContent', { amount: formatMoney(one.amount), unit: one.unitNumber })
          : translate('accounting.treasury.pending.approveManyContent', {
              smart_count: records.length,
              amount: formatMoney(total),
            })}
      </DialogContentText>
      {/* A transfer lands in a bank account, never in a cash box. */}
      <AccountSelectInput source="accountId" methodType="Cuenta Bancaria" validate={requiredValue} />
      <DayInput source="date" validate={requiredValue} />
    </FormDialog>
  );
}
