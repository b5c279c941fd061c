// Edit resident, with the actions on their account (reset password, close sessions, app access) above the form.
import { SimpleForm } from '@conjunto/core/ui';
import { Edit, ListButton, SaveButton, Toolbar, TopToolbar, useRecordContext } from 'react-admin';
import { Panels } from '../../Panels.tsx';
import { ResidentAccountActions } from './ResidentActions.tsx';
import { ResidentInputs, residentBody } from './residentInputs.tsx';

const Actions = () => (
  <TopToolbar sx={{ flexWrap: 'wrap' }}>
    <ListButton />
    <ResidentAccountActions />
  </TopToolbar>
);

// Save only: residents are not deleted here (the API has no such route); taking their access away is the way out.
const FormToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

// The plugins' sections of the resident (family, approvers, plates, statement ...) below the form.
function ResidentPanels() {
  const record = useRecordContext<{ id: string; unitId: string | null }>();
  return record ? <Panels slot="resident" residentId={record.id} unitId={record.unitId} /> : null;
}

export default function ResidentEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" actions={<Actions />} transform={residentBody}>
      <SimpleForm warnWhenUnsavedChanges toolbar={<FormToolbar />}>
        <ResidentInputs />
      </SimpleForm>
      <ResidentPanels />
    </Edit>
  );
}
