// Edit resident, with the actions on their account (reset password, close sessions, app access, the property's
// lock) above the form, their open sessions below it, and the delete (frees the unit, anonymises) in the toolbar.
import { SimpleForm } from '@conjunto/core/ui';
import { useReducer } from 'react';
import { DeleteWithConfirmButton, Edit, ListButton, SaveButton, Toolbar, TopToolbar, useRecordContext } from 'react-admin';
import { Panels } from '../../Panels.tsx';
import { ResidentAccountActions, ResidentSessions } from './ResidentActions.tsx';
import { ResidentInputs, residentBody } from './residentInputs.tsx';

const Actions = ({ onSessionsCleared }: { onSessionsCleared: () => void }) => (
  <TopToolbar sx={{ flexWrap: 'wrap' }}>
    <ListButton />
    <ResidentAccountActions onSessionsCleared={onSessionsCleared} />
  </TopToolbar>
);

const FormToolbar = () => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton />
    <DeleteWithConfirmButton
      mutationMode="pessimistic"
      confirmTitle="shell.resident.deleteTitle"
      confirmContent="shell.resident.deleteContent"
      translateOptions={{}}
    />
  </Toolbar>
);

// The plugins' sections of the resident (family, approvers, plates, statement ...) below the form.
function ResidentPanels() {
  const record = useRecordContext<{ id: string; unitId: string | null }>();
  return record ? <Panels slot="resident" residentId={record.id} unitId={record.unitId} /> : null;
}

export default function ResidentEdit() {
  // "Cerrar sesiones" is in the actions, the sessions list below the form.
  const [sessionsVersion, sessionsCleared] = useReducer((n: number) => n + 1, 0);
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="list"
      actions={<Actions onSessionsCleared={sessionsCleared} />}
      transform={residentBody}
    >
      <SimpleForm warnWhenUnsavedChanges toolbar={<FormToolbar />}>
        <ResidentInputs />
      </SimpleForm>
      {/* Mounted again after 'Cerrar sesiones', it reads them again. */}
      <ResidentSessions key={sessionsVersion} />
      <ResidentPanels />
    </Edit>
  );
}
