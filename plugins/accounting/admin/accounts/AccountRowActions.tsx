// Show, edit and delete of an account. Deleting an account with transactions is refused by the server with
// the spec's message; any other failure shows '¡Error al eliminar la cuenta!'.
import { serverMessage } from '@conjunto/core';
import DeleteIcon from '@mui/icons-material/Delete';
import { type MouseEvent, useState } from 'react';
import { Confirm, useCanAccess, useDelete, useNotify, useRecordContext, useRedirect, useResourceContext } from 'react-admin';
import type { BankAccount } from '../../schemas.ts';
import { ActionButton, EditIconButton, RowActions } from '../shared/ActionButton.tsx';

/** The server's reason when it refused (409), else undefined ('¡Error al eliminar la cuenta!' is shown). */
function refusal(error: unknown): string | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 409 ? serverMessage(error) : undefined;
}

export function AccountDeleteButton({
  redirectToList = false,
  compact = false,
}: {
  redirectToList?: boolean;
  compact?: boolean;
}) {
  const record = useRecordContext<BankAccount>();
  const resource = useResourceContext();
  const notify = useNotify();
  const redirect = useRedirect();
  const [open, setOpen] = useState(false);
  const [deleteOne, { isPending }] = useDelete<BankAccount>();
  if (!record) return null;
  const remove = () =>
    deleteOne(
      resource ?? '',
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify('accounting.accounts.deleted', { type: 'success' });
          if (redirectToList) redirect('list', resource);
        },
        onError: (error) => {
          setOpen(false);
          const message = refusal(error);
          notify(message ?? 'accounting.accounts.deleteError', {
            type: 'error',
            messageArgs: message ? { _: message } : undefined,
          });
        },
      },
    );
  return (
    <>
      <ActionButton
        compact={compact}
        label="ra.action.delete"
        Icon={DeleteIcon}
        color="error"
        disabled={isPending}
        onClick={() => setOpen(true)}
      />
      <Confirm
        isOpen={open}
        loading={isPending}
        title="accounting.accounts.deleteTitle"
        content="accounting.accounts.deleteContent"
        translateOptions={{ name: record.name }}
        contentTranslateOptions={{ name: record.name }}
        confirmColor="warning"
        onConfirm={remove}
        onClose={(event: MouseEvent) => {
          event?.stopPropagation?.();
          setOpen(false);
        }}
      />
    </>
  );
}

export function AccountRowActions() {
  const { canAccess: canEdit } = useCanAccess({ action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ action: 'delete' });
  return (
    <RowActions>
      {canEdit && <EditIconButton />}
      {canDelete && <AccountDeleteButton compact />}
    </RowActions>
  );
}
