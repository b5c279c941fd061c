// A request and its thread. The office (/administrador/supports/:id/show) writes back, attaches an image and closes
// it; platform staff (/superAdministrador/sugerencias/:id/show) answer and move its state. Staff's replies are marked.
import { formatDateTime, refusalMessage } from '@conjunto/core';
import { ContentLoading, useRefreshOn } from '@conjunto/core/ui';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import ImageIcon from '@mui/icons-material/Image';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useState } from 'react';
import { Confirm, Show, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { REPLY_MAX, SUPPORT_STATES, SUPPORT_TOPIC } from '../manifest.ts';
import type { SupportDetail } from '../schemas.ts';
import { StateChip } from './shared.tsx';
import { OFFICE_RESOURCE, STAFF_REFETCH_MS, STAFF_RESOURCE, useSupportApi } from './supportApi.ts';

const LIVE = [SUPPORT_TOPIC];

function Thread({ staff }: { staff: boolean }) {
  const record = useRecordContext<SupportDetail>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const api = useSupportApi(staff ? STAFF_RESOURCE : OFFICE_RESOURCE);
  const [message, setMessage] = useState('');
  const [state, setState] = useState('');
  const [busy, setBusy] = useState(false);
  const [closing, setClosing] = useState(false);
  // The office's thread follows staff's replies live; staff's re-reads every STAFF_REFETCH_MS (SupportShowFor).
  useRefreshOn(LIVE, !staff);
  if (!record) return <ContentLoading />;
  const closed = record.state === 'Cerrado';
  // Opened from the list, the record is the list's row (no thread) until the request's own read answers.
  const replies = record.replies as SupportDetail['replies'] | undefined;
  const fail = (error: unknown, fallback: string) => notify(refusalMessage(error) ?? fallback, { type: 'error' });

  const send = async () => {
    setBusy(true);
    try {
      await api.reply(record.id, staff ? { ...(message.trim() ? { message } : {}), ...(state ? { state } : {}) } : { message });
      setMessage('');
      setState('');
      notify('support.notifications.replied', { type: 'success' });
      refresh();
    } catch (error) {
      fail(error, 'support.errors.send');
    } finally {
      setBusy(false);
    }
  };
  const close = async () => {
    setClosing(false);
    try {
      await api.close(record.id);
      notify('support.notifications.closed', { type: 'success' });
      refresh();
    } catch (error) {
      fail(error, 'support.errors.send');
    }
  };
  const attach = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      await api.attach(record.id, file);
      notify('support.notifications.attached', { type: 'success' });
      refresh();
    } catch (error) {
      fail(error, 'support.errors.attach');
    }
  };
  const open = async () => {
    try {
      window.open(await api.attachmentUrl(record.id), '_blank', 'noopener');
    } catch (error) {
      fail(error, 'support.errors.attachment');
    }
  };
  const canSend = staff ? Boolean(message.trim() || state) : Boolean(message.trim()) && !closed;
  const f = (key: string) => translate(`resources.supports.fields.${key}`);

  return (
    <Card>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ mr: 1 }}>
            {record.subject}
          </Typography>
          <StateChip state={record.state} />
          <Typography variant="body2" color="text.secondary">
            {translate(`support.categories.${record.category}`)}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {[record.complexName, record.requesterName, formatDateTime(record.createdAt)].filter(Boolean).join(' · ')}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', mt: 2 }}>{record.detail}</Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          {record.hasAttachment && (
            <Button size="small" startIcon={<ImageIcon />} onClick={open}>
              {translate('support.supports.viewAttachment')}
            </Button>
          )}
          {!staff && !closed && (
            <Button size="small" component="label" startIcon={<AttachFileIcon />}>
              {translate('support.supports.attach')}
              <input hidden type="file" accept="image/jpeg,image/png,image/webp" onChange={attach} />
            </Button>
          )}
          {!staff && !closed && (
            <Button size="small" color="warning" onClick={() => setClosing(true)}>
              {translate('support.supports.close')}
            </Button>
          )}
        </Stack>
        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
          {translate('support.supports.thread')}
        </Typography>
        {!replies && <ContentLoading />}
        {replies?.length === 0 && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate('support.supports.noReplies')}
          </Typography>
        )}
        <Stack spacing={1} sx={{ mb: 2 }}>
          {replies?.map((r) => (
            <Paper
              key={r.id}
              variant="outlined"
              sx={{
                p: 1.5,
                ml: r.fromStaff ? 0 : { sm: 6 },
                mr: r.fromStaff ? { sm: 6 } : 0,
                bgcolor: r.fromStaff ? 'action.hover' : undefined,
              }}
            >
              <Typography variant="caption" color="text.secondary">
                {r.fromStaff ? `${translate('support.supports.staff')} · ${r.authorName}` : r.authorName} ·{' '}
                {formatDateTime(r.createdAt)}
              </Typography>
              {r.message && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{r.message}</Typography>}
              {r.state && (
                <Typography variant="body2" color="text.secondary">
                  {translate('support.supports.stateChanged', { state: translate(`support.states.${r.state}`) })}
                </Typography>
              )}
            </Paper>
          ))}
        </Stack>
        {closed && !staff ? (
          <Alert severity="info">{translate('support.supports.closedNote')}</Alert>
        ) : (
          <Box>
            <TextField
              label={translate('support.supports.replyLabel')}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              multiline
              minRows={3}
              fullWidth
              required={!staff}
              slotProps={{ htmlInput: { maxLength: REPLY_MAX } }}
            />
            <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
              {staff && (
                <TextField
                  select
                  size="small"
                  label={translate('support.supports.newState')}
                  value={state}
                  onChange={(e) => setState(e.target.value)}
                  sx={{ minWidth: 200 }}
                >
                  <MenuItem value="">—</MenuItem>
                  {SUPPORT_STATES.filter((s) => s !== record.state).map((s) => (
                    <MenuItem key={s} value={s}>
                      {translate(`support.states.${s}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              <Box sx={{ flex: 1 }} />
              <Button variant="contained" startIcon={<SendIcon />} disabled={!canSend || busy} onClick={send}>
                {translate('support.supports.send')}
              </Button>
            </Stack>
          </Box>
        )}
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {f('replyCount')}: {record.replyCount}
        </Typography>
      </CardContent>
      <Confirm
        isOpen={closing}
        title="support.supports.close"
        content={translate('support.supports.closeConfirm', { subject: record.subject })}
        onConfirm={close}
        onClose={() => setClosing(false)}
      />
    </Card>
  );
}

export function SupportShowFor({ staff }: { staff: boolean }) {
  return (
    <Show
      component="div"
      actions={false}
      title={staff ? 'support.supports.staffTitle' : 'support.supports.title'}
      // Platform staff have no live stream (it is per complex): their open thread re-reads itself.
      queryOptions={staff ? { refetchInterval: STAFF_REFETCH_MS } : undefined}
    >
      <Thread staff={staff} />
    </Show>
  );
}

export default function SupportShow() {
  return <SupportShowFor staff={false} />;
}
