// The resident's panic button (issue 13; spec 002 §3 Panic alert), a section of their area: one press asks once
// (an optional word of what happens), then every guard of the complex gets it at once. The server folds a second
// alert within a minute into the first, so pressing again is safe.
import { refusalMessage, shellCalls } from '@conjunto/core';
import CampaignIcon from '@mui/icons-material/Campaign';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { GATE_LIMITS } from '../../gate.ts';
import { PANIC_RESOURCE } from './PanicWatcher.tsx';

const k = (key: string) => `gate.panic.${key}`;

export default function PanicButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const [open, setOpen] = useState(false);
  const [detail, setDetail] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      await shellCalls(dataProvider).send(PANIC_RESOURCE, '', { method: 'POST', body: { detail: detail.trim() || null } });
      notify(k('sent'), { type: 'success' });
      setOpen(false);
      setDetail('');
    } catch (error) {
      notify(refusalMessage(error) ?? k('sendError'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {translate(k('buttonHelp'))}
      </Typography>
      <Button variant="contained" color="error" size="large" fullWidth startIcon={<CampaignIcon />} onClick={() => setOpen(true)}>
        {translate(k('button'))}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>{translate(k('confirmTitle'))}</DialogTitle>
        <DialogContent>
          <TextField
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            label={translate(k('confirmDetail'))}
            value={detail}
            onChange={(e) => setDetail(e.target.value)}
            slotProps={{ htmlInput: { maxLength: GATE_LIMITS.panicDetail } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" color="error" onClick={send} disabled={busy}>
            {translate(k('send'))}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
