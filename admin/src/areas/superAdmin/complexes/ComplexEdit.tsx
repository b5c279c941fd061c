// Platform: a complex's data, and below it its module switches. A complex is never deleted (its history
// stays): it is deactivated, which blocks its users' sign-in.
import { SimpleForm } from '@conjunto/core/ui';
import { Edit, SaveButton, Toolbar, useRecordContext } from 'react-admin';
import { ComplexInputs } from '../../complex/ComplexInputs.tsx';
import { ComplexToolLinks } from './ComplexTools.tsx';
import { ModuleSwitches } from './ModuleSwitches.tsx';

/** Complex names already say "Conjunto ...": the title is the name alone. */
function ComplexTitle() {
  const record = useRecordContext<{ name?: string }>();
  return <span>{record?.name ?? ''}</span>;
}

export default function ComplexEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect={false} title={<ComplexTitle />}>
      <ComplexToolLinks />
      <SimpleForm
        warnWhenUnsavedChanges
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <ComplexInputs platform />
      </SimpleForm>
      <ModuleSwitches />
    </Edit>
  );
}
