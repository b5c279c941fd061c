// "Notificaciones en este dispositivo" (Mi perfil): subscribes this browser to Web Push with the server's VAPID key
// (GET /api/push/public-key) and saves the subscription (POST /api/push/subscriptions); the service worker
// admin/public/sw.js shows what arrives. Disabling forgets it on both sides.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { HttpError, useTranslate } from 'react-admin';
import { apiJson, errorMessage } from '../../api.ts';

type State = 'loading' | 'unsupported' | 'unavailable' | 'denied' | 'off' | 'on';

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

const keyBytes = (base64url: string) => {
  const text = atob(
    base64url
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(base64url.length / 4) * 4, '='),
  );
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
};

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export function PushNotifications() {
  const translate = useTranslate();
  const [state, setState] = useState<State>('loading');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!supported()) return setState('unsupported');
    if (Notification.permission === 'denied') return setState('denied');
    let live = true;
    currentSubscription()
      .then((subscription) => live && setState(subscription && Notification.permission === 'granted' ? 'on' : 'off'))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  const enable = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const { publicKey } = await apiJson<{ publicKey: string | null }>('/push/public-key');
      if (!publicKey) return setState('unavailable');
      if ((await Notification.requestPermission()) !== 'granted') return setState('denied');
      const registration = await navigator.serviceWorker.register('/sw.js');
      await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      });
      const { endpoint, keys } = subscription.toJSON();
      await apiJson('/push/subscriptions', {
        method: 'POST',
        body: { endpoint, keys: { p256dh: keys?.p256dh, auth: keys?.auth } },
      });
      setState('on');
    } catch (e) {
      // The API's answers are Spanish already; the browser's own errors (no push service, private window) are not.
      setError(e instanceof HttpError ? errorMessage(e) : translate('shell.residentArea.pushFailed'));
    } finally {
      setBusy(false);
    }
  };

  const disable = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        const saved = await apiJson<{ id: string; endpoint: string }[]>('/push/subscriptions');
        const mine = saved.find((s) => s.endpoint === subscription.endpoint);
        if (mine) await apiJson(`/push/subscriptions/${mine.id}`, { method: 'DELETE' });
        await subscription.unsubscribe();
      }
      setState('off');
    } catch (e) {
      // The API's answers are Spanish already; the browser's own errors (no push service, private window) are not.
      setError(e instanceof HttpError ? errorMessage(e) : translate('shell.residentArea.pushFailed'));
    } finally {
      setBusy(false);
    }
  };

  if (state === 'loading') return null;
  const notice = { unsupported: 'pushUnsupported', unavailable: 'pushUnavailable', denied: 'pushDenied' } as const;
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }} data-testid="push-notifications">
      {state in notice ? (
        <Alert severity="info">{translate(`shell.residentArea.${notice[state as keyof typeof notice]}`)}</Alert>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            {translate(state === 'on' ? 'shell.residentArea.pushOn' : 'shell.residentArea.pushHelp')}
          </Typography>
          <Button variant={state === 'on' ? 'outlined' : 'contained'} disabled={busy} onClick={state === 'on' ? disable : enable}>
            {translate(state === 'on' ? 'shell.residentArea.pushDisable' : 'shell.residentArea.pushEnable')}
          </Button>
        </>
      )}
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}
