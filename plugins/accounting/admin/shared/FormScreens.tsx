// The frame of the create and edit screens and of every react-admin form of the plugin. Forms never let the
// browser validate (noValidate): its English pop-ups would show before the Spanish messages of the validators.
import { FocusFirstError } from '@conjunto/core/ui';
import Button from '@mui/material/Button';
import { type ReactNode, useEffect } from 'react';
import {
  CanAccess,
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
  useRedirect,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { useFormState } from 'react-hook-form';
import { useNotifyError } from './accountingApi.ts';

export function SimpleForm({ children, ...props }: SimpleFormProps) {
  return (
    <RaSimpleForm noValidate {...props}>
      {children}
      <FocusFirstError />
    </RaSimpleForm>
  );
}

export function Form<T = Record<string, unknown>>({ children, ...props }: FormProps<T>) {
  return (
    <RaForm<T> noValidate {...props}>
      {children}
      <FocusFirstError />
    </RaForm>
  );
}

/** A refused save: the server's reason, else 'Error al guardar los datos…'. */
function useSaveError() {
  const notifyError = useNotifyError();
  return (error: unknown) => notifyError(error, 'accounting.shared.saveError');
}

/** A role the access table denies a create or edit screen (the board) is sent back to the list. */
export function BackToList() {
  const redirect = useRedirect();
  const resource = useResourceContext();
  useEffect(() => redirect('list', resource), [redirect, resource]);
  return null;
}

/** react-admin's Create for the roles the plugin's access table lets create (the board is sent back to the list). */
export function CreateScreen<T extends Record<string, unknown> = Record<string, unknown>>({
  mutationOptions,
  ...props
}: CreateProps<T>) {
  const onError = useSaveError();
  return (
    <CanAccess action="create" accessDenied={<BackToList />}>
      <Create<T> mutationOptions={{ onError, ...mutationOptions }} {...props} />
    </CanAccess>
  );
}

/** react-admin's Edit for the roles the access table lets edit; it waits for the server before it leaves the form. */
export function EditScreen({ mutationOptions, ...props }: EditProps) {
  const onError = useSaveError();
  return (
    <CanAccess action="edit" accessDenied={<BackToList />}>
      <Edit mutationMode="pessimistic" mutationOptions={{ onError, ...mutationOptions }} {...props} />
    </CanAccess>
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
      loading={isSubmitting}
      loadingPosition="start"
      startIcon={icon}
    >
      {translate(label)}
    </Button>
  );
}
