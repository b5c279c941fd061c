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

/** What the form writes: not the ledger's derived fields nor the lock (its own button), which the server keeps. */
const writable = ({
  lastPaymentDate: _a,
  lastFee: _b,
  ownerBalance: _c,
  tenantBalance: _d,
  inArrears: _e,
  locked: _f,
  ...rest
}: Record<string, unknown>) => rest;

export default function UnitEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" actions={<Actions />} transform={writable}>
      <UnitAccount />
      <SimpleForm>
        <UnitInputs />
      </SimpleForm>
    </Edit>
  );
}
