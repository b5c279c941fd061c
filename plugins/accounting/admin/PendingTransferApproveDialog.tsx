// Approve a transfer reported by a resident: choose the bank account that received it (and the day); the
// server records the income and applies it to the reported debts.
import { businessDay, formatMoney } from '@conjunto/core';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import type { Static } from 'typebox';
import type { PendingTransferSchema } from '../schemas.ts';
import { useAccountingApi, useNotifyError } from './shared/accountingApi.ts';
import { useAccounts } from './shared/AccountSelectInput.tsx';
import { TREASURY } from './TreasuryCommon.tsx';

export type PendingTransfer = Static<typeof PendingTransferSchema>;

export default function PendingTransferApproveDialog({
  record,
  open,
  onClose,
}: {
  record: PendingTransfer;
  open: boolean;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const api = useAccountingApi();
  // A transfer lands in a bank account, never in a cash box.
  const { accounts: banks } = useAccounts('Cuenta Bancaria');
  const [accountId, setAccountId] = useState('');
  const [date, setDate] = useState(businessDay());
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);

  const approve = async () => {
    setTouched(true);
    if (!accountId || !date) return;
    setSaving(true);
    try {
      await api.send(TREASURY.pending, `${encodeURIComponent(record.id)}/approve`, { method: 'POST', body: { accountId, date } });
      notify('accounting.treasury.pending.approved', { type: 'success' });
      refresh();
      onClose();
    } catch (error) {
      notifyError(error, 'accounting.treasury.errors.save');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('accounting.treasury.pending.approveTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {translate('accounting.treasury.pending.approveContent', {
            amount: formatMoney(record.amount),
            unit: record.unitNumber,
          })}
        </DialogContentText>
        <Stack spacing={2}>
          <TextField
            select
            label={translate(`resources.${TREASURY.pending}.fields.accountId`)}
            value={accountId}
            onChange={(event) => setAccountId(event.target.value)}
            error={touched && !accountId}
            helperText={touched && !accountId ? translate('accounting.treasury.required') : ' '}
            required
            fullWidth
          >
            {banks.map((a) => (
              <MenuItem key={a.id} value={a.id}>
                {a.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            label={translate(`resources.${TREASURY.pending}.fields.date`)}
            value={date}
            onChange={(event) => setDate(event.target.value)}
            error={touched && !date}
            slotProps={{ inputLabel: { shrink: true } }}
            required
            fullWidth
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={approve} disabled={saving}>
          {translate('accounting.treasury.pending.approve')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
