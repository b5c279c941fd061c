// New resident: no password here; the server e-mails them a link to create it.
import { SimpleForm } from '@conjunto/core/ui';
import { Create, useNotify, useRedirect } from 'react-admin';
import { RESIDENT_RESOURCE, ResidentInputs, residentBody } from './residentInputs.tsx';

const DEFAULTS = {
  unitId: null,
  relation: null,
  vip: false,
  paymentAgreement: false,
  prepaidGuarantee: false,
  notificationEmails: [],
  groups: [],
  isActive: true,
};

export default function ResidentCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      transform={residentBody}
      mutationOptions={{
        onSuccess: () => {
          notify('shell.resident.created', { type: 'success' });
          redirect('list', RESIDENT_RESOURCE);
        },
      }}
    >
      <SimpleForm defaultValues={DEFAULTS}>
        <ResidentInputs create />
      </SimpleForm>
    </Create>
  );
}
