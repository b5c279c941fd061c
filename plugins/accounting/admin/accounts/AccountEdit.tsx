// Edit an account: 'Cuenta actualizada correctamente'. The bank cannot change (spec 000 §5).
import { Edit, SaveButton, SimpleForm, Toolbar, useNotify, useRedirect, useResourceContext } from 'react-admin';
import { useNotifyError } from '../shared/accountingApi.ts';
import { ManageOnly } from '../shared/ManageOnly.tsx';
import { AccountDeleteButton } from './AccountRowActions.tsx';
import { useAccountType } from './accountKind.ts';
import { AccountInputs, accountPayload } from './accountInputs.tsx';

function EditToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <AccountDeleteButton redirectToList />
    </Toolbar>
  );
}

export default function AccountEdit() {
  const type = useAccountType();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const redirect = useRedirect();
  const resource = useResourceContext();
  return (
    <ManageOnly>
      <Edit
        mutationMode="pessimistic"
        transform={(values: Record<string, unknown>) => accountPayload(values, type, true)}
        mutationOptions={{
          onSuccess: () => {
            notify('accounting.accounts.updated', { type: 'success' });
            redirect('list', resource);
          },
          onError: (error) => notifyError(error, 'accounting.shared.saveError'),
        }}
      >
        <SimpleForm noValidate toolbar={<EditToolbar />}>
          <AccountInputs type={type} edit />
        </SimpleForm>
      </Edit>
    </ManageOnly>
  );
}
