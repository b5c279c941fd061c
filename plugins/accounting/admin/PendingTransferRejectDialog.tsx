// Reject a transfer reported by a resident, with an optional reason.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import type { PendingTransfer } from './PendingTransferApproveDialog.tsx';
import { useAccountingApi, useNotifyError } from './shared/accountingApi.ts';
import { TREASURY } from './TreasuryCommon.tsx';

const REASON_MAX = 250;

export default function PendingTransferRejectDialog({
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
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);

  const reject = async () => {
    setSaving(true);
    try {
      const body = reason.trim() ? { reason: reason.trim() } : {};
      await api.send(TREASURY.pending, `${encodeURIComponent(record.id)}/reject`, { method: 'POST', body });
      notify('accounting.treasury.pending.rejected', { type: 'info' });
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
      <DialogTitle>{translate('accounting.treasury.pending.rejectTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {translate('accounting.treasury.pending.rejectContent', { unit: record.unitNumber })}
        </DialogContentText>
        <TextField
          label={translate('accounting.treasury.pending.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value.slice(0, REASON_MAX))}
          helperText={`${reason.length}/${REASON_MAX}`}
          multiline
          minRows={2}
          fullWidth
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={reject} disabled={saving}>
          {translate('accounting.treasury.pending.reject')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
