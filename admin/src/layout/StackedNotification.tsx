// react-admin's notifications, at most 3 on screen at once (spec 002 §9), stacked bottom-centre; the
// rest wait in react-admin's queue. Undoable ones keep react-admin's undo: their mutation runs when the
// snackbar closes, or is cancelled by "Deshacer". Only one undoable shows at a time, because react-admin
// keeps undoable mutations in a FIFO queue that must be taken in order.
import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Slide from '@mui/material/Slide';
import Stack from '@mui/material/Stack';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CloseNotificationContext,
  type NotificationPayload,
  useNotificationContext,
  useTakeUndoableMutation,
  useTranslate,
} from 'react-admin';

export const MAX_SNACKBARS = 3;
const AUTO_HIDE_MS = 4000;
/** react-admin sends its "saved" notices as info; they read as successes (green), like the spec's. */
const SAVED = /^(ra\.notification|resources\.[^.]+\.notifications)\.(created|updated|deleted)$/;

interface Shown {
  key: number;
  notification: NotificationPayload;
}

let nextKey = 0;

export function StackedNotification() {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const takeMutationRef = useRef(takeMutation);
  takeMutationRef.current = takeMutation;
  const [shown, setShown] = useState<Shown[]>([]);
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const closed = useRef(new Set<number>());

  useEffect(() => {
    if (notifications.length === 0 || shown.length >= MAX_SNACKBARS) return;
    const next = notifications[0];
    if (next.notificationOptions?.undoable && shown.some((s) => s.notification.notificationOptions?.undoable)) return;
    const taken = takeNotification();
    if (taken) setShown((list) => [...list, { key: nextKey++, notification: taken }]);
  }, [notifications, shown, takeNotification]);

  const close = useCallback((key: number, undo = false) => {
    const item = shownRef.current.find((s) => s.key === key);
    if (!item || closed.current.has(key)) return; // the timer and a click may both close it
    closed.current.add(key);
    if (item.notification.notificationOptions?.undoable) takeMutationRef.current()?.({ isUndo: undo });
    setShown((list) => list.filter((s) => s.key !== key));
  }, []);

  if (shown.length === 0) return null;
  return (
    <Stack
      spacing={1}
      sx={{
        position: 'fixed',
        bottom: 24,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: (theme) => theme.zIndex.snackbar,
        width: 'max-content',
        maxWidth: 'calc(100vw - 32px)',
      }}
    >
      {shown.map((s) => (
        <Snack key={s.key} item={s} onClose={close} />
      ))}
    </Stack>
  );
}

function Snack({ item, onClose }: { item: Shown; onClose: (key: number, undo?: boolean) => void }) {
  const translate = useTranslate();
  const { message, type, notificationOptions = {} } = item.notification;
  const { autoHideDuration, messageArgs, undoable } = notificationOptions;
  const duration = autoHideDuration === undefined ? AUTO_HIDE_MS : autoHideDuration;
  const closeThis = useCallback(() => onClose(item.key), [onClose, item.key]);

  useEffect(() => {
    if (duration == null || duration <= 0) return;
    const timer = setTimeout(closeThis, duration);
    return () => clearTimeout(timer);
  }, [duration, closeThis]);

  const severity: AlertColor =
    type === 'error' || type === 'warning' || type === 'success' ? type : SAVED.test(String(message)) ? 'success' : 'info';
  const text = typeof message === 'string' ? translate(message, { _: message, ...messageArgs }) : message;
  return (
    <CloseNotificationContext.Provider value={closeThis}>
      <Slide direction="up" in mountOnEnter>
        <Alert
          variant="filled"
          severity={severity}
          onClose={closeThis}
          closeText={translate('ra.action.close')}
          action={
            undoable ? (
              <Button color="inherit" size="small" onClick={() => onClose(item.key, true)}>
                {translate('ra.action.undo')}
              </Button>
            ) : undefined
          }
          sx={{ minWidth: 288, boxShadow: 6, alignItems: 'center' }}
        >
          {text}
        </Alert>
      </Slide>
    </CloseNotificationContext.Provider>
  );
}
