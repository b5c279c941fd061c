// The camera pictures an entry kept (taken when it was registered at a post with cameras), and the guard's
// 'Enviar correo': the security e-mail of the entry with up to 3 of them (spec 002 §7, §8).
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useCanAccess, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { EntryImage } from '../../camera-schemas.ts';
import { CAMERA_LIMITS } from '../../cameras.ts';
import { GATE_LIMITS } from '../../gate.ts';
import type { GateEntry } from '../../schemas.ts';
import { useShellCalls } from '../screens/shared.tsx';

const c = (key: string) => `gateCameras.${key}`;

export function EntryImages() {
  const entry = useRecordContext<GateEntry & { images?: EntryImage[] }>();
  const translate = useTranslate();
  if (!entry?.images?.length) return null;
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {translate(c('images'))}
        </Typography>
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
          {entry.images.map((image) => (
            <Box key={image.fileId} component="figure" sx={{ m: 0 }}>
              <Box
                component="img"
                src={image.url}
                alt={image.source}
                sx={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 1, bgcolor: 'grey.900' }}
              />
              <Typography component="figcaption" variant="caption">
                {image.source}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

export function NotifyButton() {
  const entry = useRecordContext<GateEntry>();
  const translate = useTranslate();
  const notify = useNotify();
  const calls = useShellCalls();
  const { canAccess } = useCanAccess({ resource: 'bitacoraDigital', action: 'notify' });
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const [observation, setObservation] = useState('');
  const [sending, setSending] = useState(false);
  if (!entry || !canAccess) return null;
  const send = async () => {
    setSending(true);
    try {
      await calls.send('bitacoraDigital', `${encodeURIComponent(entry.id)}/notify`, {
        method: 'POST',
        body: { to: to.trim() || null, reason: reason.trim() || null, observation: observation.trim() || null },
      });
      notify(c('mailSent'), { type: 'success' });
      setOpen(false);
    } catch {
      // Spec 002 §8: the one text of a failed notification.
      notify(c('mailError'), { type: 'error' });
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <Button size="small" startIcon={<SendIcon />} onClick={() => setOpen(true)}>
        {translate(c('notify'))}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{translate(c('notifyTitle'))}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField
            label={translate(c('notifyTo'))}
            type="email"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            slotProps={{ htmlInput: { maxLength: GATE_LIMITS.email } }}
          />
          <TextField
            label={translate(c('reason'))}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            multiline
            slotProps={{ htmlInput: { maxLength: CAMERA_LIMITS.mailText } }}
          />
          <TextField
            label={translate(c('observation'))}
            value={observation}
            onChange={(e) => setObservation(e.target.value)}
            multiline
            slotProps={{ htmlInput: { maxLength: CAMERA_LIMITS.mailText } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate(c('cancel'))}</Button>
          <Button variant="contained" onClick={() => void send()} disabled={sending}>
            {translate(c('send'))}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
