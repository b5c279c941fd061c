// Edit an account: 'Cuenta actualizada correctamente'. The bank cannot change (spec 000 §5).
import { useNotify, useRedirect, useResourceContext } from 'react-admin';
import { EditScreen, SaveDeleteToolbar, SimpleForm } from '../shared/FormScreens.tsx';
import { AccountInputs, accountPayload } from './AccountInputs.tsx';
import { AccountDeleteButton } from './AccountRowActions.tsx';
import { useAccountType } from './accountKind.ts';

export default function AccountEdit() {
  const type = useAccountType();
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  return (
    <EditScreen
      transform={(values: Record<string, unknown>) => accountPayload(values, type, true)}
      mutationOptions={{
        onSuccess: () => {
          notify('accounting.accounts.updated', { type: 'success' });
          redirect('list', resource);
        },
      }}
    >
      <SimpleForm toolbar={<SaveDeleteToolbar deleteButton={<AccountDeleteButton redirectToList />} />}>
        <AccountInputs type={type} edit />
      </SimpleForm>
    </EditScreen>
  );
}
