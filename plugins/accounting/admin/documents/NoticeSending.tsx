// What the notice forms share: sending a payment notice (POST notices/<kind>) with the server's per-field
// messages, the 'Enviar' button and the answer (the notice's number, the mails queued, its security code). The
// statements answer 202 with a job instead (its progress is shown by the page): `onQueued` gets its id.
import { serverFieldErrors } from '@conjunto/core';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { NoticeResult, StatementRunQueued } from '../../schemas.ts';
import { API, useAccountingApi, useNotifyError } from '../shared/accountingApi.ts';

export const noticeKey = (key: string) => `accounting.documents.notices.${key}`;

export function useNoticeSender(
  kind: 'overdue' | 'statements' | 'manual',
  onSent: (result: NoticeResult) => void,
  onQueued?: (jobId: string) => void,
) {
  const api = useAccountingApi();
  const notifyError = useNotifyError();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<NoticeResult | null>(null);
  /** Sends the notice; answers whether it went out. */
  const send = async (body: Record<string, unknown>) => {
    setBusy(true);
    try {
      const answer = await api.send<NoticeResult | StatementRunQueued>(API.notices, kind, { method: 'POST', body });
      if ('jobId' in answer) onQueued?.(answer.jobId);
      else {
        setResult(answer);
        onSent(answer);
      }
      return true;
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? {});
      notifyError(error, noticeKey('error'));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, errors, setErrors, result, clearResult: () => setResult(null), send };
}

export function SendNoticeButton({ busy, onClick }: { busy: boolean; onClick(): void }) {
  const translate = useTranslate();
  return (
    <div>
      <Button variant="contained" startIcon={<SendIcon />} disabled={busy} onClick={onClick}>
        {translate(noticeKey(busy ? 'sending' : 'send'))}
      </Button>
    </div>
  );
}

/** 'Aviso de cobro N° 12: 3 correo(s) en la bandeja de salida. Código de seguridad: …' and what was left out. */
export function NoticeResultAlert({
  result,
  skippedKey,
  onClose,
}: {
  result: NoticeResult | null;
  skippedKey?: string;
  onClose(): void;
}) {
  const translate = useTranslate();
  if (!result) return null;
  return (
    <Alert severity="success" onClose={onClose}>
      {translate(noticeKey('result'), { number: result.number, count: result.queued, code: result.securityCode })}
      {skippedKey && result.skipped > 0 && ` ${translate(noticeKey(skippedKey), { count: result.skipped })}`}
    </Alert>
  );
}
