// conciliar/create: reconcile an account up to a day. A confirmation explains what it does: every income and
// expense of the account dated up to the end of that day becomes Conciliado and can no longer be edited.
import { businessDay, formatDate } from '@conjunto/core';
import { DayInput } from '@conjunto/core/ui';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import Alert from '@mui/material/Alert';
import MuiButton from '@mui/material/Button';
import { useMemo, useState } from 'react';
import { Confirm, required, Toolbar, useSaveContext, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { AccountSelectInput, useAccounts } from '../shared/AccountSelectInput.tsx';
import { FormRow } from '../shared/FormRow.tsx';
import { CreateScreen, SimpleForm } from '../shared/FormScreens.tsx';

interface ReconcileValues {
  accountId?: string;
  untilDate?: string;
}

const payload = (values: ReconcileValues) => ({ accountId: values.accountId, untilDate: values.untilDate });

/** Validates the form, asks for confirmation, then saves. */
function ReconcileToolbar() {
  const translate = useTranslate();
  const { handleSubmit, getValues } = useFormContext<ReconcileValues>();
  const { save, saving } = useSaveContext();
  const { accounts } = useAccounts();
  const [open, setOpen] = useState(false);
  const values = getValues();
  const account = accounts.find((a) => a.id === values.accountId);
  return (
    <Toolbar>
      <MuiButton variant="contained" startIcon={<FactCheckIcon />} disabled={saving} onClick={handleSubmit(() => setOpen(true))}>
        {translate('accounting.treasury.reconciliation.create')}
      </MuiButton>
      <Confirm
        isOpen={open}
        loading={saving}
        title="accounting.treasury.reconciliation.confirmTitle"
        content="accounting.treasury.reconciliation.confirmContent"
        translateOptions={{ account: account?.name ?? '', day: formatDate(values.untilDate) }}
        confirm="accounting.treasury.reconciliation.create"
        onConfirm={async () => {
          setOpen(false);
          await save?.(getValues());
        }}
        onClose={() => setOpen(false)}
      />
    </Toolbar>
  );
}

export default function ReconciliationCreate() {
  const translate = useTranslate();
  const defaults = useMemo(() => ({ untilDate: businessDay() }), []);
  return (
    <CreateScreen redirect="edit" transform={payload}>
      <SimpleForm defaultValues={defaults} toolbar={<ReconcileToolbar />}>
        <Alert severity="info" sx={{ mb: 2, maxWidth: 640 }}>
          {translate('accounting.treasury.reconciliation.help')}
        </Alert>
        <FormRow columns={2}>
          <AccountSelectInput source="accountId" validate={required()} />
          <DayInput source="untilDate" validate={required()} />
        </FormRow>
      </SimpleForm>
    </CreateScreen>
  );
}
