// placas/create, tags/create: a new plate or tag (required fields marked).
import { CanAccess, Create, SimpleForm, useNotify, useRedirect, useResourceContext } from 'react-admin';
import { useKind, useNotifyError } from './kinds.ts';
import { VehicleInputs, vehiclePayload } from './VehicleInputs.tsx';

export default function VehicleCreate() {
  const { kind, t } = useKind();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const redirect = useRedirect();
  // redirect('list') needs the resource named: without it react-admin throws instead of leaving the form.
  const resource = useResourceContext();
  return (
    <CanAccess action="create">
      <Create
        title={t('create')}
        transform={vehiclePayload(kind)}
        mutationOptions={{
          onSuccess: () => {
            notify(t('notifications.created'), { type: 'success' });
            redirect('list', resource);
          },
          onError: (error) => notifyError(error, t('errors.save')),
        }}
      >
        {/* noValidate: the browser's English pop-ups must not show before the Spanish messages. */}
        <SimpleForm noValidate defaultValues={{ status: 'active' }}>
          <VehicleInputs />
        </SimpleForm>
      </Create>
    </CanAccess>
  );
}
