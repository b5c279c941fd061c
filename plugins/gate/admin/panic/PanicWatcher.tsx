// The guard's side of panic alerts, in the top bar (spec 002 §8): every alert raised in the complex arrives live
// ('gate.panic.raised') as the 'Ayuda!!!' snackbar and the 'Necesito ayuda' dialog (the resident's data, the
// detail, the complex, 'Detalle' to /guardia/alerta) with the siren at most once a minute. When the stream
// (re)opens, the latest open alert the guard has not closed here shows again. A red badge counts the open ones.
import { formatDateTime, STREAM_OPENED, shellCalls } from '@conjunto/core';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useCreatePath, useDataProvider, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import { GATE_TOPICS } from '../../gate.ts';
import type { PanicAlertItem } from '../../schemas.ts';
import { playSiren } from './siren.ts';

export const PANIC_RESOURCE = 'alerta';
const k = (key: string) => `gate.panic.${key}`;
const SEEN_KEY = 'conjunto.panicSeen';
const seen = (): string[] => {
  try {
    return JSON.parse(sessionStorage.getItem(SEEN_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
};
const OPEN_QUERY = `?filter=${encodeURIComponent('{"status":1}')}&range=${encodeURIComponent('[0,49]')}&sort=${encodeURIComponent('["raisedAt","DESC"]')}`;

export default function PanicWatcher() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const dataProvider = useDataProvider();
  const calls = useMemo(() => shellCalls(dataProvider), [dataProvider]);
  const [alert, setAlert] = useState<PanicAlertItem>();
  const [snackbar, setSnackbar] = useState(false);
  const [open, setOpen] = useState<PanicAlertItem[]>([]);

  const show = useCallback(
    async (id: string) => {
      const found = await calls.send<PanicAlertItem>(PANIC_RESOURCE, encodeURIComponent(id));
      if (found.status !== 1) return;
      setAlert(found);
      setSnackbar(true);
      playSiren();
    },
    [calls],
  );
  const reload = useCallback(async () => {
    const list = await calls.send<PanicAlertItem[]>(PANIC_RESOURCE, OPEN_QUERY).catch(() => undefined);
    if (!list) return list;
    setOpen(list);
    return list;
  }, [calls]);

  useEffect(() => {
    const off = [
      calls.subscribe(GATE_TOPICS.panicRaised, (payload) => {
        void show((payload as { id: string }).id).catch(() => undefined);
        void reload();
      }),
      calls.subscribe(GATE_TOPICS.panicClosed, () => void reload()),
      // Events are not replayed: on each (re)connection, the latest open alert not yet acknowledged here.
      calls.subscribe(STREAM_OPENED, () => {
        void reload().then((list) => {
          const latest = list?.find((a) => !seen().includes(a.id));
          if (latest) void show(latest.id).catch(() => undefined);
        });
      }),
    ];
    return () => {
      for (const unsubscribe of off) unsubscribe();
    };
  }, [calls, show, reload]);

  const acknowledge = () => {
    if (alert) sessionStorage.setItem(SEEN_KEY, JSON.stringify([...seen(), alert.id].slice(-50)));
    setAlert(undefined);
    setSnackbar(false);
  };
  const details = () => {
    acknowledge();
    navigate(createPath({ resource: PANIC_RESOURCE, type: 'list' }));
  };

  return (
    <>
      {open.length > 0 && (
        <Tooltip title={translate(k('openCount'), { count: open.length })}>
          <IconButton color="inherit" onClick={details} aria-label={translate(k('openCount'), { count: open.length })}>
            <Badge badgeContent={open.length} color="error">
              <NotificationsActiveIcon />
            </Badge>
          </IconButton>
        </Tooltip>
      )}
      <Snackbar open={snackbar} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
        <Alert severity="error" variant="filled" onClose={() => setSnackbar(false)}>
          {translate(k('snackbar'))}
        </Alert>
      </Snackbar>
      <Dialog open={Boolean(alert)} onClose={acknowledge} fullWidth maxWidth="xs" data-panic-alert={alert?.id}>
        <DialogTitle sx={{ bgcolor: 'error.main', color: 'error.contrastText' }}>{translate(k('dialog'))}</DialogTitle>
        {alert && (
          <DialogContent sx={{ pt: '16px !important' }}>
            <Typography variant="h6">{alert.residentName}</Typography>
            <Typography>
              {[alert.unitNumber && `U.H. ${alert.unitNumber}`, alert.residentPhone].filter(Boolean).join(' · ')}
            </Typography>
            <Typography sx={{ my: 1.5 }}>{alert.detail ?? translate(k('noDetail'))}</Typography>
            <Typography variant="body2" color="text.secondary">
              {`${translate(k('complex'))}: ${alert.complexName ?? ''}`}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate(k('raisedAt'), { at: formatDateTime(alert.raisedAt) })}
            </Typography>
          </DialogContent>
        )}
        <DialogActions>
          <Button onClick={acknowledge}>{translate(k('close'))}</Button>
          <Button variant="contained" color="error" onClick={details}>
            {translate(k('details'))}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
