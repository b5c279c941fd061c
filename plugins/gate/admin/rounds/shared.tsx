// What the shifts, rounds and guards screens share: their message keys, a confirmation with an optional text.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useCallback, useEffect, useState } from 'react';
import { useCanAccess, useGetList, useTranslate } from 'react-admin';
import type { GatePost } from '../../schemas.ts';
import { usePost } from '../home/state.ts';
import { useShellCalls } from '../screens/shared.tsx';

/** A key of these screens' messages (messages/rounds.*.ts under gate.rounds). */
export const r = (key: string) => `gate.rounds.${key}`;
/** A field label of one of these resources. */
export const rf = (resource: string, key: string) => `resources.${resource}.fields.${key}`;

/**
 * What the guard's shift and round controls share: whether they may start one, their open one (`GET <resource>/current`
 * answers it under `key`; undefined while loading, null for none) and the post to start it at (the guard's post in the
 * top bar, or the only one).
 */
export function useOpenAtPost<T>(resource: string, key: 'shift' | 'round') {
  const api = useShellCalls();
  const chosen = usePost();
  const { canAccess } = useCanAccess({ resource, action: 'create' });
  const { data: posts = [] } = useGetList<GatePost>('garitas', {
    pagination: { page: 1, perPage: 50 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [open, setOpen] = useState<T | null | undefined>(undefined);
  const [postId, setPostId] = useState('');
  const load = useCallback(async () => {
    try {
      setOpen((await api.send<Record<string, T | null>>(resource, 'current'))[key]);
    } catch {
      setOpen(null);
    }
  }, [api, resource, key]);
  useEffect(() => {
    if (canAccess) void load();
  }, [canAccess, load]);
  useEffect(() => {
    if (!postId && (chosen?.id || posts.length === 1)) setPostId(chosen?.id ?? posts[0].id);
  }, [chosen, posts, postId]);
  return { canAccess, posts, open, setOpen, load, postId, setPostId };
}

/** A confirmation dialog; with `textLabel`, it asks for a text (required) and hands it to onConfirm. */
export function ConfirmDialog({
  open,
  title,
  message,
  textLabel,
  textHelp,
  maxLength = 500,
  busy,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string;
  message?: string;
  textLabel?: string;
  textHelp?: string;
  maxLength?: number;
  busy: boolean;
  onClose(): void;
  onConfirm(text: string): void;
}) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {message && <DialogContentText>{message}</DialogContentText>}
        {textLabel && (
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            margin="dense"
            label={textLabel}
            helperText={textHelp}
            value={text}
            onChange={(e) => setText(e.target.value.slice(0, maxLength))}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={busy || (Boolean(textLabel) && !text.trim())}
          onClick={() => onConfirm(text.trim())}
        >
          {translate('ra.action.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
