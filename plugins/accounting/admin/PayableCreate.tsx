// proveedores/cuentasporpagar/create and proveedores/cuentasRecurrentes/create: a new payable.
import { businessDay } from '@conjunto/core';
import { useMemo } from 'react';
import { Create, SimpleForm, useResourceContext } from 'react-admin';
import { PayableInputs, payablePayload } from './PayableInputs.tsx';
import { useNotifyError } from './shared/accountingApi.ts';
import { TREASURY } from './TreasuryCommon.tsx';

export default function PayableCreate() {
  const notifyError = useNotifyError();
  const resource = useResourceContext();
  const defaults = useMemo(
    () => ({ dueDate: businessDay(), recurrenceDays: resource === TREASURY.recurring ? 30 : null }),
    [resource],
  );
  return (
    <Create
      redirect="list"
      transform={payablePayload}
      mutationOptions={{ onError: (error) => notifyError(error, 'accounting.treasury.errors.save') }}
    >
      <SimpleForm defaultValues={defaults}>
        <PayableInputs />
      </SimpleForm>
    </Create>
  );
}
