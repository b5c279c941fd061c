// placas/:id, tags/:id: edit a plate or tag (a blocked one keeps its status until unblocked), or delete it.
import {
  CanAccess,
  DeleteWithConfirmButton,
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useNotify,
  useRecordContext,
  useRedirect,
  useResourceContext,
} from 'react-admin';
import type { Vehicle } from '../../vehicles.schemas.ts';
import { useKind, useNotifyError } from './kinds.ts';
import { VehicleInputs, vehiclePayload } from './VehicleInputs.tsx';

function EditToolbar() {
  const { t } = useKind();
  const notifyError = useNotifyError();
  const record = useRecordContext<Vehicle>();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <CanAccess action="delete">
        <DeleteWithConfirmButton
          mutationMode="pessimistic"
          confirmTitle={t('delete.title')}
          confirmContent={t('delete.content')}
          translateOptions={{ value: record?.value ?? '' }}
          mutationOptions={{ onError: (error) => notifyError(error, t('errors.delete')) }}
        />
      </CanAccess>
    </Toolbar>
  );
}

function Inputs() {
  const record = useRecordContext<Vehicle>();
  return <VehicleInputs blocked={record?.status === 'blocked'} />;
}

export default function VehicleEdit() {
  const { kind, t } = useKind();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const redirect = useRedirect();
  // redirect('list') needs the resource named: without it react-admin throws instead of leaving the form.
  const resource = useResourceContext();
  return (
    <CanAccess action="edit">
      <Edit
        title={t('edit')}
        mutationMode="pessimistic"
        transform={vehiclePayload(kind)}
        mutationOptions={{
          onSuccess: () => {
            notify(t('notifications.updated'), { type: 'success' });
            redirect('list', resource);
          },
          onError: (error) => notifyError(error, t('errors.save')),
        }}
      >
        <SimpleForm noValidate toolbar={<EditToolbar />}>
          <Inputs />
        </SimpleForm>
      </Edit>
    </CanAccess>
  );
}
