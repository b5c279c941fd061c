// A new bank account or cash box: 'Cuenta añadida correctamente'.
import { Create, SimpleForm, useNotify, useRedirect, useResourceContext } from 'react-admin';
import { useNotifyError } from '../shared/accountingApi.ts';
import { ManageOnly } from '../shared/ManageOnly.tsx';
import { useAccountType } from './accountKind.ts';
import { AccountInputs, accountDefaults, accountPayload } from './accountInputs.tsx';

export default function AccountCreate() {
  const type = useAccountType();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const redirect = useRedirect();
  const resource = useResourceContext();
  return (
    <ManageOnly>
      <Create
        transform={(values: Record<string, unknown>) => accountPayload(values, type, false)}
        mutationOptions={{
          onSuccess: () => {
            notify('accounting.accounts.added', { type: 'success' });
            redirect('list', resource);
          },
          onError: (error) => notifyError(error, 'accounting.shared.saveError'),
        }}
      >
        <SimpleForm noValidate defaultValues={accountDefaults(type)}>
          <AccountInputs type={type} />
        </SimpleForm>
      </Create>
    </ManageOnly>
  );
}
