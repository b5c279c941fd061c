// 'Registrar salida' of an open entry: after a confirmation, waiting for the server (of two guards pressing at once,
// the second is told the exit was already registered).

import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useCanAccess, useNotify, useRecordContext, useRefresh, useResourceContext, useTranslate } from 'react-admin';
import type { GateEntry } from '../../schemas.ts';
import { s, useNotifyError, useShellCalls } from './shared.tsx';

/** `compact`: an icon with a tooltip (the log's table is wide: a text button made it scroll at 1366 px). */
export function ExitButton({ compact = false }: { compact?: boolean }) {
  const record = useRecordContext<GateEntry>();
  const resource = useResourceContext() ?? 'bitacoraDigital';
  const translate = useTranslate();
  const api = useShellCalls();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const { canAccess } = useCanAccess({ resource, action: 'exit' });
  if (!record || record.exitedAt || record.rejected || !canAccess) return null;
  const confirm = async () => {
    setBusy(true);
    try {
      await api.send(resource, `${encodeURIComponent(record.id)}/exit`, { method: 'POST' });
      notify(s('entries.exited'), { type: 'success' });
      setOpen(false);
      refresh();
    } catch (error) {
      notifyError(error, s('entries.exitError'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="span" onClick={(e) => e.stopPropagation()}>
      {compact ? (
        <Tooltip title={translate(s('entries.exit'))}>
          <IconButton size="small" color="primary" aria-label={translate(s('entries.exit'))} onClick={() => setOpen(true)}>
            <LogoutIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Button size="small" startIcon={<LogoutIcon />} onClick={() => setOpen(true)} sx={{ whiteSpace: 'nowrap' }}>
          {translate(s('entries.exit'))}
        </Button>
      )}
      <Dialog open={open} onClose={() => !busy && setOpen(false)}>
        <DialogTitle>{translate(s('entries.exit'))}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {translate(s('entries.exitConfirm'), { name: `${record.firstName} ${record.lastName}`.trim() })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button variant="contained" onClick={confirm} disabled={busy}>
            {translate('ra.action.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
