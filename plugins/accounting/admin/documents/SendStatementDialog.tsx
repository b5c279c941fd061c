// 'Enviar por correo' of the statement: queues the statement PDF to the unit's resident (and additional e-mails).
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useAccountingApi } from '../shared/accountingApi.ts';
import { DOCS_API, messageOf, type Statement } from './documentsApi.ts';
import { EmailsInput } from './EmailsInput.tsx';

export function SendStatementDialog({ open, onClose, statement }: { open: boolean; onClose(): void; statement: Statement }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useAccountingApi();
  const [emails, setEmails] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const email = statement.resident?.email;
  const send = async () => {
    setBusy(true);
    try {
      const sent = await api.send<{ to: string }>(DOCS_API.units, `${encodeURIComponent(statement.unit.id)}/statement/send`, {
        method: 'POST',
        body: { additionalEmails: emails },
      });
      notify('accounting.documents.statement.sent', { type: 'success', messageArgs: { email: sent.to } });
      setEmails([]);
      onClose();
    } catch (e) {
      notify(messageOf(e, translate('accounting.documents.statement.sendError')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('accounting.documents.statement.sendTitle', { unit: statement.unit.number })}</DialogTitle>
      <DialogContent>
        {email ? (
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate('accounting.documents.statement.sendTo', { name: statement.resident?.name ?? '', email })}
          </Typography>
        ) : (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {translate('accounting.documents.statement.noEmail')}
          </Alert>
        )}
        <EmailsInput value={emails} onChange={setEmails} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" startIcon={<SendIcon />} onClick={send} disabled={busy || !email}>
          {translate('accounting.documents.statement.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
