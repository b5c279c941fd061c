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
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useCanAccess, useNotify, useRecordContext, useRefresh, useResourceContext, useTranslate } from 'react-admin';
import type { Static } from 'typebox';
import type { CompareFacesSchema } from '../../camera-schemas.ts';
import type { GateEntry } from '../../schemas.ts';
import { s, useNotifyError, useShellCalls } from './shared.tsx';

type Comparison = Static<typeof CompareFacesSchema>;

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
  // CompareFaces: the server answers the pictures to compare while the switch is on (else 404: no comparison).
  const [comparison, setComparison] = useState<Comparison>();
  const { canAccess } = useCanAccess({ resource, action: 'exit' });
  if (!record || record.exitedAt || record.rejected || !canAccess) return null;
  const openDialog = () => {
    setOpen(true);
    setComparison(undefined);
    api.send<Comparison>(resource, `${encodeURIComponent(record.id)}/compare`).then(setComparison, () => undefined);
  };
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
          <IconButton size="small" color="primary" aria-label={translate(s('entries.exit'))} onClick={openDialog}>
            <LogoutIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Button size="small" startIcon={<LogoutIcon />} onClick={openDialog} sx={{ whiteSpace: 'nowrap' }}>
          {translate(s('entries.exit'))}
        </Button>
      )}
      <Dialog open={open} onClose={() => !busy && setOpen(false)} maxWidth={comparison ? 'md' : 'sm'}>
        <DialogTitle>{translate(s('entries.exit'))}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {translate(s('entries.exitConfirm'), { name: `${record.firstName} ${record.lastName}`.trim() })}
          </DialogContentText>
          {comparison && <FacesToCompare comparison={comparison} />}
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

function FacesToCompare({ comparison }: { comparison: Comparison }) {
  const translate = useTranslate();
  const now = comparison.now.items.filter((i) => i.image);
  if (!comparison.entered.length && !now.length) return null;
  const picture = (src: string, alt: string, key: string) => (
    <Box key={key} component="img" src={src} alt={alt} sx={{ width: '100%', borderRadius: 1, display: 'block', mb: 1 }} />
  );
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {translate(s('entries.compareHelp'))}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={6}>
          <Typography variant="subtitle2">{translate(s('entries.compareEntered'))}</Typography>
          {comparison.entered.map((i) => picture(i.url, i.source, i.fileId))}
        </Grid>
        <Grid size={6}>
          <Typography variant="subtitle2">{translate(s('entries.compareNow'))}</Typography>
          {now.map((i) => picture(`data:${i.contentType};base64,${i.image}`, i.source, i.cameraId))}
        </Grid>
      </Grid>
    </Box>
  );
}
