// The frame of the plugin's form dialogs: a title, the inputs, then 'Cancelar' and the submit button. While the
// form is sent the dialog stays open and the submit button spins; a refusal shows the server's reason (and its
// per-field messages under the inputs), a success refreshes the screen behind and closes the dialog.
import { serverFieldErrors } from '@conjunto/core';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type MouseEvent, type ReactNode, useId, useState } from 'react';
import { useRefresh, useTranslate } from 'react-admin';
import { type FieldValues, useWatch } from 'react-hook-form';
import { useNotifyError } from './accountingApi.ts';
import { Form, SubmitButton } from './FormScreens.tsx';

export interface FormDialogProps<T extends FieldValues> {
  title: string;
  titleArgs?: Record<string, unknown>;
  submitLabel: string;
  submitIcon?: ReactNode;
  submitColor?: 'primary' | 'error';
  /** Sends the form (and says what was done); the dialog closes once it resolves. */
  onSubmit(values: T): Promise<unknown>;
  /** The message when the server refuses without a reason of its own. */
  errorKey: string;
  onClose(): void;
  defaultValues?: Partial<T>;
  /** Keeps the submit button disabled while the form's values say so. */
  isBlocked?(values: T): boolean;
  maxWidth?: DialogProps['maxWidth'];
  children: ReactNode;
}

export function FormDialog<T extends FieldValues = FieldValues>({
  title,
  titleArgs,
  submitLabel,
  submitIcon,
  submitColor = 'primary',
  onSubmit,
  errorKey,
  onClose,
  defaultValues,
  isBlocked,
  maxWidth = 'sm',
  children,
}: FormDialogProps<T>) {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const titleId = useId();
  const [busy, setBusy] = useState(false);

  const submit = async (values: T) => {
    setBusy(true);
    try {
      await onSubmit(values);
      refresh();
      onClose();
      return undefined;
    } catch (error) {
      notifyError(error, errorKey);
      return serverFieldErrors(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    // Opened from a table row: its clicks (bubbling through the portal) must not open the row's record.
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      onClick={(event: MouseEvent) => event.stopPropagation()}
    >
      <Form<FieldValues> onSubmit={(values: FieldValues) => submit(values as T)} defaultValues={defaultValues as FieldValues}>
        <DialogTitle id={titleId}>{translate(title, titleArgs)}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <DialogSubmit<T> label={submitLabel} icon={submitIcon} color={submitColor} isBlocked={isBlocked} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

function DialogSubmit<T extends FieldValues>({
  isBlocked,
  ...props
}: {
  label: string;
  icon?: ReactNode;
  color: 'primary' | 'error';
  isBlocked?(values: T): boolean;
}) {
  const values = useWatch() as T;
  return <SubmitButton {...props} disabled={Boolean(isBlocked?.(values))} />;
}
