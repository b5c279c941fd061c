// proveedores/cuentasporpagar/create and proveedores/cuentasRecurrentes/create: a new payable (monthly by
// default on the recurring screen).
import { businessDay } from '@conjunto/core';
import { useMemo } from 'react';
import { useResourceContext } from 'react-admin';
import { CreateScreen, SimpleForm } from '../shared/FormScreens.tsx';
import { RESOURCES } from '../shared/paths.ts';
import { PayableInputs, payablePayload } from './PayableInputs.tsx';

export default function PayableCreate() {
  const resource = useResourceContext();
  const defaults = useMemo(
    () => ({ dueDate: businessDay(), recurrenceDays: resource === RESOURCES.recurringPayables ? 30 : null }),
    [resource],
  );
  return (
    <CreateScreen redirect="list" transform={payablePayload}>
      <SimpleForm defaultValues={defaults}>
        <PayableInputs />
      </SimpleForm>
    </CreateScreen>
  );
}
