// One mail of the outbox as it was (or will be) sent: recipients, subject, text and its attachments.

import { formatDateTime, refusalMessage } from '@conjunto/core';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Identifier, useGetOne, useTranslate } from 'react-admin';
import { API, useDownload } from '../shared/accountingApi.ts';
import { MailStatus } from './MailStatus.tsx';

interface MailDetail {
  id: string;
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  createdByName: string | null;
  /** Missing while react-admin shows the list's copy of the record (it seeds getOne from getList). */
  attachments?: { id: string; filename: string; contentType: string; size: number }[];
}

const t = (key: string) => `accounting.documents.outbox.${key}`;
const field = (name: string) => `resources.${API.outbox}.fields.${name}`;
const size = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(2)} KB`
      : `${(bytes / 1024 / 1024).toFixed(2)} MB`;

type Attachment = NonNullable<MailDetail['attachments']>[number];

export function MailDetailDialog({ id, onClose }: { id: Identifier | null; onClose(): void }) {
  const translate = useTranslate();
  const { download } = useDownload();
  const { data: mail, isPending, error } = useGetOne<MailDetail>(API.outbox, { id: String(id ?? '') }, { enabled: id != null });
  const open = (file: Attachment) =>
    download(API.outbox, `${encodeURIComponent(String(id))}/attachments/${encodeURIComponent(file.id)}`, file.filename);
  const line = (label: string, value: string) => (
    <Typography variant="body2">
      <strong>{translate(label)}:</strong> {value}
    </Typography>
  );
  return (
    <Dialog open={id != null} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{mail?.subject ?? translate(t('detail'))}</DialogTitle>
      <DialogContent dividers>
        {isPending && <CircularProgress sx={{ display: 'block', mx: 'auto' }} />}
        {error != null && <Alert severity="error">{refusalMessage(error) ?? translate('accounting.shared.loadError')}</Alert>}
        {mail && (
          <Stack spacing={1}>
            {line(field('to'), mail.to.join(', '))}
            {(mail.cc ?? []).length > 0 && line(t('cc'), mail.cc.join(', '))}
            {line(field('createdAt'), formatDateTime(mail.createdAt))}
            {mail.sentAt && line(t('sentAt'), formatDateTime(mail.sentAt))}
            {mail.createdByName && line(field('createdByName'), mail.createdByName)}
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2">
                <strong>{translate(field('status'))}:</strong>
              </Typography>
              <MailStatus status={mail.status} />
            </Stack>
            {mail.status === 'local' && <Alert severity="info">{translate(t('localHelp'))}</Alert>}
            {mail.lastError && <Alert severity="warning">{mail.lastError}</Alert>}
            <Typography
              component="pre"
              variant="body2"
              sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', bgcolor: 'action.hover', p: 2, borderRadius: 1, m: 0 }}
            >
              {mail.text}
            </Typography>
            {(mail.attachments ?? []).length > 0 && (
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {(mail.attachments ?? []).map((f) => (
                  <Button key={f.id} size="small" variant="outlined" startIcon={<AttachFileIcon />} onClick={() => open(f)}>
                    {`${f.filename} (${size(f.size)})`}
                  </Button>
                ))}
              </Stack>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
