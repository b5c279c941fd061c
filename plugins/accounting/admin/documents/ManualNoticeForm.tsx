// Manual payment notice (spec 002 §2.5 screen 8): one resident, a subject, free text, an amount and an
// optional due date, by e-mail through the outbox.
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { hasTwoDecimals, MESSAGES } from '@conjunto/core';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { ACCOUNTING_MESSAGES } from '../../manifest.ts';
import { serverFieldErrors, useAccountingApi } from '../shared/accountingApi.ts';
import { DOCS_API, messageOf, type NoticeResult } from './documentsApi.ts';
import { EmailsInput } from './EmailsInput.tsx';
import { residentLabel } from './ResidentsPicker.tsx';
import type { ResidentOption } from './useDirectory.ts';

const t = (key: string) => `accounting.documents.notices.${key}`;

export function ManualNoticeForm({
  residents,
  loadingResidents,
  onSent,
}: {
  residents: ResidentOption[];
  loadingResidents: boolean;
  onSent(result: NoticeResult): void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useAccountingApi();
  const [resident, setResident] = useState<ResidentOption | null>(null);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [amount, setAmount] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [emails, setEmails] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<NoticeResult | null>(null);

  const check = () => {
    const found: Record<string, string> = {};
    if (!resident) found.userId = ACCOUNTING_MESSAGES.selectUser;
    if (!message.trim()) found.message = MESSAGES.required;
    const n = Number(amount);
    if (!amount.trim()) found.amount = MESSAGES.required;
    else if (!Number.isFinite(n) || n <= 0) found.amount = translate(t('positive'));
    else if (!hasTwoDecimals(amount.trim())) found.amount = MESSAGES.twoDecimals;
    setErrors(found);
    return !Object.keys(found).length;
  };

  const send = async () => {
    if (!check() || !resident) return;
    setBusy(true);
    try {
      const answer = await api.send<NoticeResult>(DOCS_API.notices, 'manual', {
        method: 'POST',
        body: {
          userId: resident.id,
          subject: subject.trim() || null,
          message: message.trim(),
          amount: Number(amount),
          dueDate: dueDate || null,
          additionalEmails: emails,
        },
      });
      setResult(answer);
      onSent(answer);
      setMessage('');
      setAmount('');
      setSubject('');
    } catch (e) {
      setErrors(serverFieldErrors(e) ?? {});
      notify(messageOf(e, translate(t('error'))), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2.5} sx={{ maxWidth: 760 }}>
      <Typography variant="body2" color="text.secondary">
        {translate(t('manualHelp'))}
      </Typography>
      <Autocomplete
        options={residents}
        value={resident}
        loading={loadingResidents}
        onChange={(_, v) => setResident(v)}
        getOptionLabel={residentLabel}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        noOptionsText={translate('ra.navigation.no_results')}
        loadingText={translate('ra.page.loading')}
        renderInput={(params) => (
          <TextField
            {...params}
            size="small"
            required
            label={translate(t('resident'))}
            error={Boolean(errors.userId)}
            helperText={errors.userId ?? (resident ? resident.email : ' ')}
          />
        )}
      />
      <TextField
        size="small"
        label={translate(t('subject'))}
        value={subject}
        onChange={(e) => setSubject(e.target.value.slice(0, 150))}
        helperText={translate(t('subjectHelp'))}
      />
      <TextField
        size="small"
        required
        multiline
        minRows={4}
        label={translate(t('body'))}
        value={message}
        onChange={(e) => setMessage(e.target.value.slice(0, 2000))}
        error={Boolean(errors.message)}
        helperText={errors.message ?? ' '}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          size="small"
          required
          label={translate(t('amount'))}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={Boolean(errors.amount)}
          helperText={errors.amount ?? ' '}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField
          size="small"
          type="date"
          label={translate(t('dueDate'))}
          value={dueDate}
          onChange={(e) => setDueDate(e.target.value)}
          error={Boolean(errors.dueDate)}
          helperText={errors.dueDate ?? ' '}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      <EmailsInput value={emails} onChange={setEmails} />
      <div>
        <Button variant="contained" startIcon={<SendIcon />} disabled={busy} onClick={send}>
          {translate(busy ? t('sending') : t('send'))}
        </Button>
      </div>
      {result && (
        <Alert severity="success" onClose={() => setResult(null)}>
          {translate(t('result'), { number: result.number, count: result.queued, code: result.securityCode })}
        </Alert>
      )}
    </Stack>
  );
}
