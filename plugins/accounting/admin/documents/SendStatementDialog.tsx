// 'Enviar por correo' of the statement: queues the statement PDF to the unit's resident (and additional e-mails).
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { Statement, StatementSent } from '../../schemas.ts';
import { API, useAccountingApi } from '../shared/accountingApi.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { EmailsInput } from './EmailsInput.tsx';

export function SendStatementDialog({ statement, onClose }: { statement: Statement; onClose(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useAccountingApi();
  const [emails, setEmails] = useState<string[]>([]);
  const email = statement.resident?.email;
  const send = async () => {
    const sent = await api.send<StatementSent>(API.units, `${encodeURIComponent(statement.unit.id)}/statement/send`, {
      method: 'POST',
      body: { additionalEmails: emails },
    });
    notify('accounting.documents.statement.sent', { type: 'success', messageArgs: { email: sent.to } });
  };
  return (
    <FormDialog
      title="accounting.documents.statement.sendTitle"
      titleArgs={{ unit: statement.unit.number }}
      submitLabel="accounting.documents.statement.send"
      submitIcon={<SendIcon />}
      onSubmit={send}
      errorKey="accounting.documents.statement.sendError"
      onClose={onClose}
      isBlocked={() => !email}
    >
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
    </FormDialog>
  );
}
