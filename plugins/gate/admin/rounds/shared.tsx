// What the shifts, rounds and guards screens share: their message keys, a confirmation with an optional text.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

/** A key of these screens' messages (messages/rounds.*.ts under gate.rounds). */
export const r = (key: string) => `gate.rounds.${key}`;
/** A field label of one of these resources. */
export const rf = (resource: string, key: string) => `resources.${resource}.fields.${key}`;

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
