// /administrador/editarConjunto: the current complex's own data (GET/PUT /api/complexes/:id).
// A saved name or colour updates the picker and the theme at once.

import { SimpleForm } from '@conjunto/core/ui';
import Alert from '@mui/material/Alert';
import { Edit, SaveButton, Toolbar, useNotify, useTranslate } from 'react-admin';
import { type SessionComplex, session, useSession } from '../../session.ts';
import { ComplexInputs } from '../complex/ComplexInputs.tsx';
import { CURRENT_COMPLEX } from './resources.ts';

export default function EditComplex() {
  const { complex } = useSession();
  const translate = useTranslate();
  const notify = useNotify();
  if (!complex) return <Alert severity="warning">{translate('shell.complex.noneSelected')}</Alert>;
  return (
    <Edit
      resource={CURRENT_COMPLEX}
      id={complex.id}
      title={translate('shell.menu.editComplex')}
      redirect={false}
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: (saved) => {
          const data = saved as Partial<SessionComplex>;
          session.patchComplex(complex.id, { name: data.name ?? complex.name, themeColor: data.themeColor ?? null });
          notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
        },
      }}
      actions={false}
    >
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
        warnWhenUnsavedChanges
      >
        <ComplexInputs image />
      </SimpleForm>
    </Edit>
  );
}
