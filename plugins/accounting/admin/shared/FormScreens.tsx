// The frame of the create and edit screens and of every react-admin form of the plugin. Forms never let the
// browser validate (noValidate): its English pop-ups would show before the Spanish messages of the validators.
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { ReactNode } from 'react';
import {
  Create,
  type CreateProps,
  Edit,
  type EditProps,
  type FormProps,
  Form as RaForm,
  SimpleForm as RaSimpleForm,
  SaveButton,
  type SimpleFormProps,
  Toolbar,
  useTranslate,
} from 'react-admin';
import { useFormState } from 'react-hook-form';
import { useNotifyError } from './accountingApi.ts';
import { ManageOnly } from './ManageOnly.tsx';

export function SimpleForm(props: SimpleFormProps) {
  return <RaSimpleForm noValidate {...props} />;
}

export function Form<T = Record<string, unknown>>(props: FormProps<T>) {
  return <RaForm<T> noValidate {...props} />;
}

/** A refused save: the server's reason, else 'Error al guardar los datos…'. */
function useSaveError() {
  const notifyError = useNotifyError();
  return (error: unknown) => notifyError(error, 'accounting.shared.saveError');
}

/** react-admin's Create for managing roles only (the board is sent back to the list). */
export function CreateScreen<T extends Record<string, unknown> = Record<string, unknown>>({
  mutationOptions,
  ...props
}: CreateProps<T>) {
  const onError = useSaveError();
  return (
    <ManageOnly>
      <Create<T> mutationOptions={{ onError, ...mutationOptions }} {...props} />
    </ManageOnly>
  );
}

/** react-admin's Edit for managing roles only; it waits for the server before it leaves the form. */
export function EditScreen({ mutationOptions, ...props }: EditProps) {
  const onError = useSaveError();
  return (
    <ManageOnly>
      <Edit mutationMode="pessimistic" mutationOptions={{ onError, ...mutationOptions }} {...props} />
    </ManageOnly>
  );
}

/** 'Guardar' and, at the other end, the screen's delete button. */
export function SaveDeleteToolbar({ deleteButton }: { deleteButton: ReactNode }) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {deleteButton}
    </Toolbar>
  );
}

/** The submit button of a custom form: disabled, with a spinner, while the form is sent. */
export function SubmitButton({
  label,
  icon,
  color = 'primary',
  disabled = false,
}: {
  label: string;
  icon?: ReactNode;
  color?: 'primary' | 'error';
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <Button
      type="submit"
      variant="contained"
      color={color}
      disabled={isSubmitting || disabled}
      startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : icon}
    >
      {translate(label)}
    </Button>
  );
}
