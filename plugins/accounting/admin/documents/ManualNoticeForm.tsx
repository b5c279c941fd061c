// Manual payment notice (spec 002 §2.5 screen 8): one resident, a subject, free text, an amount and an
// optional due date, by e-mail through the outbox.

import { hasTwoDecimals, isDay, MESSAGES } from '@conjunto/core';
import { DayTextField } from '@conjunto/core/ui';
import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ACCOUNTING_MESSAGES } from '../../manifest.ts';
import type { NoticeResult } from '../../schemas.ts';
import { EmailsInput } from './EmailsInput.tsx';
import { NoticeResultAlert, SendNoticeButton, noticeKey as t, useNoticeSender } from './NoticeSending.tsx';
import { residentLabel } from './ResidentsPicker.tsx';
import type { ResidentOption } from './useDirectory.ts';

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
  const { busy, errors, setErrors, result, clearResult, send: sendNotice } = useNoticeSender('manual', onSent);
  const [resident, setResident] = useState<ResidentOption | null>(null);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [amount, setAmount] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [emails, setEmails] = useState<string[]>([]);

  const check = () => {
    const found: Record<string, string> = {};
    if (!resident) found.userId = ACCOUNTING_MESSAGES.selectUser;
    if (!message.trim()) found.message = MESSAGES.required;
    const n = Number(amount);
    if (!amount.trim()) found.amount = MESSAGES.required;
    else if (!Number.isFinite(n) || n <= 0) found.amount = translate('accounting.shared.validation.positive');
    else if (!hasTwoDecimals(amount.trim())) found.amount = MESSAGES.twoDecimals;
    if (dueDate && !isDay(dueDate)) found.dueDate = translate('shell.date.invalid');
    setErrors(found);
    return !Object.keys(found).length;
  };

  const send = async () => {
    if (!check() || !resident) return;
    const sent = await sendNotice({
      userId: resident.id,
      subject: subject.trim() || null,
      message: message.trim(),
      amount: Number(amount),
      dueDate: dueDate || null,
      additionalEmails: emails,
    });
    if (!sent) return;
    setMessage('');
    setAmount('');
    setSubject('');
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
        <DayTextField
          size="small"
          label={translate(t('dueDate'))}
          value={dueDate}
          onChange={(day) => setDueDate(day ?? '')}
          error={Boolean(errors.dueDate)}
          helperText={errors.dueDate ?? ' '}
        />
      </Stack>
      <EmailsInput value={emails} onChange={setEmails} />
      <SendNoticeButton busy={busy} onClick={send} />
      <NoticeResultAlert result={result} onClose={clearResult} />
    </Stack>
  );
}
