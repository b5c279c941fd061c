import { SimpleForm } from '@conjunto/core/ui';
import { Edit, ListButton, TopToolbar } from 'react-admin';
import { UnitAccount, UnitLockAction } from './UnitAccount.tsx';
import { UnitInputs } from './unitInputs.tsx';

const Actions = () => (
  <TopToolbar sx={{ flexWrap: 'wrap' }}>
    <ListButton />
    <UnitLockAction />
  </TopToolbar>
);

export default function UnitEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" actions={<Actions />}>
      <UnitAccount />
      <SimpleForm>
        <UnitInputs />
      </SimpleForm>
    </Edit>
  );
}
