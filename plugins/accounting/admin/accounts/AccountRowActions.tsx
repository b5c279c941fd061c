// Show, edit and delete of an account. Deleting an account with transactions is refused by the server with
// the spec's message; any other failure shows '¡Error al eliminar la cuenta!'.
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type MouseEvent, useState } from 'react';
import { Confirm, useDelete, useNotify, useRecordContext, useRedirect, useResourceContext, useTranslate } from 'react-admin';
import { ACCOUNTING_MESSAGES } from '../../manifest.ts';
import type { BankAccount } from '../../schemas.ts';
import { serverMessage } from '../shared/accountingApi.ts';
import { useCanManage } from '../shared/canManage.ts';
import { EditIconButton, RowIconButton } from '../shared/RowIconButton.tsx';

/** '¡Error al eliminar la cuenta!', or the server's reason when it refused (409). */
export function deleteErrorMessage(error: unknown): string {
  const status = (error as { status?: unknown } | null)?.status;
  return (status === 409 && serverMessage(error)) || ACCOUNTING_MESSAGES.accountDeleteError;
}

export function AccountDeleteButton({ redirectToList = false, icon = false }: { redirectToList?: boolean; icon?: boolean }) {
  const record = useRecordContext<BankAccount>();
  const resource = useResourceContext();
  const translate = useTranslate();
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
          const message = deleteErrorMessage(error);
          notify(message, { type: 'error', messageArgs: { _: message } });
        },
      },
    );
  return (
    <>
      {icon ? (
        <RowIconButton
          label="ra.action.delete"
          color="error"
          icon={<DeleteIcon fontSize="small" />}
          disabled={isPending}
          onClick={() => setOpen(true)}
        />
      ) : (
        <Button
          size="small"
          color="error"
          startIcon={<DeleteIcon />}
          disabled={isPending}
          onClick={(event: MouseEvent) => {
            event.stopPropagation();
            setOpen(true);
          }}
        >
          {translate('ra.action.delete')}
        </Button>
      )}
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
  const canManage = useCanManage();
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }} onClick={(e) => e.stopPropagation()}>
      {canManage && <EditIconButton />}
      {canManage && <AccountDeleteButton icon />}
    </Stack>
  );
}
