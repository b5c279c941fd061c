// Pieces the family and approvers panels share: validators with the spec's messages, the delete confirmation,
// and the panel's header row (the add button and the export).
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslate, type Validator } from 'react-admin';

// isRequired: react-admin puts the '*' on the label, as it does for required().
export const requiredText: Validator = Object.assign(
  (value: unknown) => (typeof value !== 'string' || value.trim() === '' ? 'residents.validation.required' : undefined),
  { isRequired: true },
);

export const maxText =
  (max: number): Validator =>
  (value: unknown) =>
    typeof value === 'string' && value.trim().length > max ? { message: 'residents.validation.max', args: { max } } : undefined;

export const digitsOnly: Validator = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && !/^[0-9]+$/.test(value.trim()) ? 'residents.validation.numeric' : undefined;

/** The filter of a panel: the resident shown; none in the resident's own area (the server answers their own). */
export const householdFilter = (residentId: string | undefined) => (residentId ? { residentId } : {});

/** "¿Desea eliminar a X?" with Cancel / Delete; `onConfirm` runs the deletion. */
export function useConfirmDelete(titleKey: string, contentKey: string) {
  const translate = useTranslate();
  const [target, setTarget] = useState<{ name: string; run(): Promise<void> }>();
  const [busy, setBusy] = useState(false);
  const dialog = (
    <Dialog open={target !== undefined} onClose={() => setTarget(undefined)} aria-labelledby="household-delete-title">
      <DialogTitle id="household-delete-title">{translate(titleKey)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate(contentKey, { name: target?.name ?? '' })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setTarget(undefined)}>{translate('residents.actions.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await target?.run();
            } finally {
              setBusy(false);
              setTarget(undefined);
            }
          }}
        >
          {translate('residents.actions.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
  return { confirm: (name: string, run: () => Promise<void>) => setTarget({ name, run }), dialog };
}
