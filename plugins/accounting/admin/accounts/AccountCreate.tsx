// A new bank account or cash box: 'Cuenta añadida correctamente'.
import { useNotify, useRedirect, useResourceContext } from 'react-admin';
import { CreateScreen, SimpleForm } from '../shared/FormScreens.tsx';
import { AccountInputs, accountDefaults, accountPayload } from './AccountInputs.tsx';
import { useAccountType } from './accountKind.ts';

export default function AccountCreate() {
  const type = useAccountType();
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  return (
    <CreateScreen
      transform={(values: Record<string, unknown>) => accountPayload(values, type, false)}
      mutationOptions={{
        onSuccess: () => {
          notify('accounting.accounts.added', { type: 'success' });
          redirect('list', resource);
        },
      }}
    >
      <SimpleForm defaultValues={accountDefaults(type)}>
        <AccountInputs type={type} />
      </SimpleForm>
    </CreateScreen>
  );
}
