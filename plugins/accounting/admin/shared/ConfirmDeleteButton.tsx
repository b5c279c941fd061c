// 'Eliminar' after a confirmation, waiting for the server: a refusal shows its reason (a rubro in use, a
// reconciled expense), anything else 'Ha ocurrido un error inesperado, vuelve a intentarlo'.
import { DeleteWithConfirmButton, type DeleteWithConfirmButtonProps } from 'react-admin';
import { useNotifyError } from './accountingApi.ts';

export function ConfirmDeleteButton(props: DeleteWithConfirmButtonProps) {
  const notifyError = useNotifyError();
  return (
    <DeleteWithConfirmButton
      mutationMode="pessimistic"
      mutationOptions={{ onError: (error) => notifyError(error, 'accounting.shared.deleteError') }}
      {...props}
    />
  );
}
