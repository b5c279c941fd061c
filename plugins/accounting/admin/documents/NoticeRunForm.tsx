// The overdue-fees notification and the monthly statement notification (spec 002 §2.5 screen 7): the cut-off
// date, all residents or the selected ones (at least one: 'Seleccione al menos un usuario.'), additional
// e-mails copied on every mail, and an optional message. The answer names the notice number and its code.
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { businessDay } from '@conjunto/core';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { ACCOUNTING_MESSAGES } from '../../manifest.ts';
import { serverFieldErrors, useAccountingApi } from '../shared/accountingApi.ts';
import { DOCS_API, messageOf, type NoticeResult } from './documentsApi.ts';
import { EmailsInput } from './EmailsInput.tsx';
import { ResidentsPicker } from './ResidentsPicker.tsx';
import type { ResidentOption } from './useDirectory.ts';

const t = (key: string) => `accounting.documents.notices.${key}`;

export function NoticeRunForm({
  kind,
  residents,
  loadingResidents,
  nextNumber,
  onSent,
}: {
  kind: 'overdue' | 'statements';
  residents: ResidentOption[];
  loadingResidents: boolean;
  nextNumber?: number;
  onSent(result: NoticeResult): void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useAccountingApi();
  const today = businessDay();
  const [cutoffDate, setCutoffDate] = useState(today);
  const [recipients, setRecipients] = useState<'all' | 'selected'>('all');
  const [userIds, setUserIds] = useState<string[]>([]);
  const [emails, setEmails] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<NoticeResult | null>(null);

  const check = () => {
    const found: Record<string, string> = {};
    if (!cutoffDate) found.cutoffDate = translate('ra.validation.required');
    else if (cutoffDate > today) found.cutoffDate = translate(t('futureCutoff'));
    if (recipients === 'selected' && !userIds.length) found.userIds = ACCOUNTING_MESSAGES.selectUser;
    setErrors(found);
    return !Object.keys(found).length;
  };

  const send = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      const answer = await api.send<NoticeResult>(DOCS_API.notices, kind, {
        method: 'POST',
        body: {
          recipients,
          userIds: recipients === 'selected' ? userIds : undefined,
          additionalEmails: emails,
          cutoffDate,
          message: message.trim() || null,
        },
      });
      setResult(answer);
      onSent(answer);
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
        {translate(t(`${kind}Help`))}
      </Typography>
      <TextField
        type="date"
        size="small"
        label={translate(t('cutoffDate'))}
        value={cutoffDate}
        onChange={(e) => setCutoffDate(e.target.value)}
        error={Boolean(errors.cutoffDate)}
        helperText={errors.cutoffDate ?? translate(t(`${kind}CutoffHelp`))}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
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
      <div>
        <Button variant="contained" startIcon={<SendIcon />} disabled={busy} onClick={() => check() && setConfirming(true)}>
          {translate(busy ? t('sending') : t('send'))}
        </Button>
      </div>
      {result && (
        <Alert severity="success" onClose={() => setResult(null)}>
          {translate(t('result'), { number: result.number, count: result.queued, code: result.securityCode })}
          {result.skipped > 0 && ` ${translate(t(`${kind}Skipped`), { count: result.skipped })}`}
        </Alert>
      )}
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
