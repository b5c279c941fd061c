// The overdue-fees notification and the monthly statement notification (spec 002 §2.5 screen 7): the cut-off
// date, all residents or the selected ones (at least one: 'Seleccione al menos un usuario.'), additional
// e-mails copied on every mail, and an optional message. The answer names the notice number and its code; the
// statements are sent by a background job (onQueued), and a new run waits until the running one ends.

import { businessDay, isDay, MESSAGES } from '@conjunto/core';
import { DayTextField } from '@conjunto/core/ui';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { ACCOUNTING_MESSAGES } from '../../manifest.ts';
import type { NoticeResult } from '../../schemas.ts';
import { EmailsInput } from './EmailsInput.tsx';
import { NoticeResultAlert, SendNoticeButton, noticeKey as t, useNoticeSender } from './NoticeSending.tsx';
import { ResidentsPicker } from './ResidentsPicker.tsx';
import type { ResidentOption } from './useDirectory.ts';

export function NoticeRunForm({
  kind,
  residents,
  loadingResidents,
  nextNumber,
  onSent,
  onQueued,
  jobRunning = false,
}: {
  kind: 'overdue' | 'statements';
  residents: ResidentOption[];
  loadingResidents: boolean;
  nextNumber?: number;
  onSent(result: NoticeResult): void;
  onQueued?(jobId: string): void;
  /** A run of this kind is still going (a job): another one waits. */
  jobRunning?: boolean;
}) {
  const translate = useTranslate();
  const { busy, errors, setErrors, result, clearResult, send: sendNotice } = useNoticeSender(kind, onSent, onQueued);
  const today = businessDay();
  const [cutoffDate, setCutoffDate] = useState(today);
  const [recipients, setRecipients] = useState<'all' | 'selected'>('all');
  const [userIds, setUserIds] = useState<string[]>([]);
  const [emails, setEmails] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const [confirming, setConfirming] = useState(false);

  const check = () => {
    const found: Record<string, string> = {};
    if (!cutoffDate) found.cutoffDate = MESSAGES.required;
    else if (!isDay(cutoffDate)) found.cutoffDate = translate('shell.date.invalid');
    else if (cutoffDate > today) found.cutoffDate = translate(t('futureCutoff'));
    if (recipients === 'selected' && !userIds.length) found.userIds = ACCOUNTING_MESSAGES.selectUser;
    setErrors(found);
    return !Object.keys(found).length;
  };

  const send = () => {
    setConfirming(false);
    void sendNotice({
      recipients,
      userIds: recipients === 'selected' ? userIds : undefined,
      additionalEmails: emails,
      cutoffDate,
      message: message.trim() || null,
    });
  };

  return (
    <Stack spacing={2.5} sx={{ maxWidth: 760 }}>
      <Typography variant="body2" color="text.secondary">
        {translate(t(`${kind}Help`))}
      </Typography>
      <DayTextField
        size="small"
        label={translate(t('cutoffDate'))}
        value={cutoffDate}
        onChange={(day) => setCutoffDate(day ?? '')}
        error={Boolean(errors.cutoffDate)}
        helperText={errors.cutoffDate ?? translate(t(`${kind}CutoffHelp`))}
        sx={{ maxWidth: 240 }}
      />
      <div>
        <Typography variant="subtitle2">{translate(t('recipients'))}</Typography>
        <RadioGroup row value={recipients} onChange={(e) => setRecipients(e.target.value as 'all' | 'selected')}>
          <FormControlLabel value="all" control={<Radio size="small" />} label={translate(t('all'))} />
          <FormControlLabel value="selected" control={<Radio size="small" />} label={translate(t('selected'))} />
        </RadioGroup>
      </div>
      {recipients === 'selected' && (
        <ResidentsPicker
          residents={residents}
          loading={loadingResidents}
          value={userIds}
          onChange={setUserIds}
          error={errors.userIds}
        />
      )}
      <EmailsInput value={emails} onChange={setEmails} />
      <TextField
        size="small"
        multiline
        minRows={3}
        label={translate(t('message'))}
        value={message}
        onChange={(e) => setMessage(e.target.value.slice(0, 1000))}
        helperText={translate(t('messageHelp'))}
      />
      {jobRunning && (
        <Typography variant="body2" color="text.secondary">
          {translate(t(`${kind}Running`))}
        </Typography>
      )}
      <SendNoticeButton busy={busy || jobRunning} onClick={() => check() && setConfirming(true)} />
      <NoticeResultAlert result={result} skippedKey={`${kind}Skipped`} onClose={clearResult} />
      <Confirm
        isOpen={confirming}
        title={translate(t(`${kind}ConfirmTitle`))}
        content={translate(t('confirm'), {
          number: nextNumber ?? '',
          who: recipients === 'all' ? translate(t('allWho')) : translate(t('selectedWho'), { count: userIds.length }),
        })}
        confirm={t('send')}
        onConfirm={send}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
