import { EMAIL } from '@conjunto/core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useEffect, useState } from 'react';
import {
  Create,
  DataTable,
  required,
  SearchInput,
  SimpleForm,
  TextInput,
  useCanAccess,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { GuardItem } from '../../rounds-schemas.ts';
import { Empty, GateList, orDash, PhoneRow, useNotifyError, usePhone, useShellCalls } from '../screens/shared.tsx';
import { ConfirmDialog, r, rf } from './shared.tsx';

const RESOURCE = 'gestionarGuardias';
const f = (key: string) => rf(RESOURCE, key);

/** Whether the office may remove guards here (DeleteGuards), as the server answers it. */
function useCanDelete(): boolean {
  const api = useShellCalls();
  const { canAccess } = useCanAccess({ resource: RESOURCE, action: 'delete' });
  const [can, setCan] = useState(false);
  useEffect(() => {
    if (!canAccess) return;
    api
      .send<{ canDelete: boolean }>(RESOURCE, 'settings')
      .then((answer) => setCan(answer.canDelete))
      .catch(() => setCan(false));
  }, [api, canAccess]);
  return Boolean(canAccess) && can;
}

function GuardActions({ canDelete }: { canDelete: boolean }) {
  const guard = useRecordContext<GuardItem>();
  const translate = useTranslate();
  const api = useShellCalls();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource: RESOURCE, action: 'deactivate' });
  const [asking, setAsking] = useState<'deactivate' | 'remove' | null>(null);
  const [busy, setBusy] = useState(false);
  if (!guard || !canAccess) return null;
  const run = async (what: 'deactivate' | 'activate' | 'remove') => {
    setBusy(true);
    try {
      if (what === 'remove') await api.send(RESOURCE, encodeURIComponent(guard.id), { method: 'DELETE' });
      else await api.send(RESOURCE, `${encodeURIComponent(guard.id)}/${what}`, { method: 'POST' });
      notify(r(what === 'remove' ? 'guards.removed' : what === 'activate' ? 'guards.activated' : 'guards.deactivated'), {
        type: 'success',
      });
      setAsking(null);
      refresh();
    } catch (error) {
      notifyError(error, r('guards.error'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="span" onClick={(e) => e.stopPropagation()} sx={{ whiteSpace: 'nowrap' }}>
      {guard.isActive ? (
        <Button size="small" onClick={() => setAsking('deactivate')}>
          {translate(r('guards.deactivate'))}
        </Button>
      ) : (
        <Button size="small" disabled={busy} onClick={() => run('activate')}>
          {translate(r('guards.activate'))}
        </Button>
      )}
      {canDelete && (
        <Button size="small" color="error" onClick={() => setAsking('remove')}>
          {translate(r('guards.remove'))}
        </Button>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={translate(r(asking === 'remove' ? 'guards.remove' : 'guards.deactivate'))}
        message={translate(r(asking === 'remove' ? 'guards.removeConfirm' : 'guards.deactivateConfirm'), { name: guard.name })}
        busy={busy}
        onClose={() => setAsking(null)}
        onConfirm={() => asking && run(asking)}
      />
    </Box>
  );
}

export default function GuardList() {
  const translate = useTranslate();
  const phone = usePhone();
  const canDelete = useCanDelete();
  const yes = (value: boolean) => translate(r(value ? 'guards.yes' : 'guards.no'));
  const duty = (g: GuardItem) =>
    g.onDuty ? <Chip size="small" color="success" label={g.onDutyPostName ?? yes(true)} /> : yes(false);
  return (
    <GateList
      title={translate(r('guards.title'))}
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder={translate(r('guards.search'))} sx={{ minWidth: { sm: 300 } }} />,
      ]}
      sort={{ field: 'lastName', order: 'ASC' }}
      create={r('guards.create')}
    >
      <DataTable rowClick={false} bulkActionButtons={false} empty={<Empty text={r('guards.empty')} />}>
        {phone ? (
          <DataTable.Col
            source="lastName"
            label={f('name')}
            render={(g: GuardItem) => (
              <Box>
                <PhoneRow
                  title={g.name}
                  details={[g.idNumber, g.phone, g.email, g.isActive ? null : translate(r('guards.no'))]}
                />
                <GuardActions canDelete={canDelete} />
              </Box>
            )}
          />
        ) : (
          [
            <DataTable.Col key="lastName" source="lastName" label={f('lastName')} />,
            <DataTable.Col key="firstName" source="firstName" label={f('firstName')} />,
            <DataTable.Col
              key="idNumber"
              source="idNumber"
              label={f('idNumber')}
              disableSort
              render={(g: GuardItem) => orDash(g.idNumber)}
            />,
            <DataTable.Col key="email" source="email" label={f('email')} render={(g: GuardItem) => orDash(g.email)} />,
            <DataTable.Col
              key="phone"
              source="phone"
              label={f('phone')}
              disableSort
              render={(g: GuardItem) => orDash(g.phone)}
            />,
            <DataTable.Col key="onDuty" source="onDuty" label={f('onDuty')} disableSort render={duty} />,
            <DataTable.Col key="isActive" source="isActive" label={f('isActive')} render={(g: GuardItem) => yes(g.isActive)} />,
            <DataTable.Col
              key="actions"
              label={r('guards.actions')}
              disableSort
              render={() => <GuardActions canDelete={canDelete} />}
            />,
          ]
        )}
      </DataTable>
    </GateList>
  );
}

const email = (value: unknown) =>
  typeof value === 'string' && value && !EMAIL.test(value.trim()) ? '¡Correo inválido!' : undefined;
const idNumber = (value: unknown) =>
  typeof value === 'string' && value && !/^[0-9+/]+$/.test(value.trim()) ? '¡Solo se permiten números, + y /!' : undefined;

export function GuardCreate() {
  const notify = useNotify();
  return (
    <Create
      redirect="list"
      mutationOptions={{ onSuccess: () => notify(r('guards.created'), { type: 'success' }) }}
      transform={(data: Record<string, unknown>) => ({
        firstName: data.firstName,
        lastName: data.lastName,
        email: data.email,
        phone: data.phone || null,
        idNumber: data.idNumber || null,
      })}
    >
      <SimpleForm>
        <TextInput
          source="firstName"
          label={f('firstName')}
          validate={required()}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <TextInput source="lastName" label={f('lastName')} validate={required()} slotProps={{ htmlInput: { maxLength: 100 } }} />
        <TextInput source="idNumber" label={f('idNumber')} validate={idNumber} slotProps={{ htmlInput: { maxLength: 20 } }} />
        <TextInput
          source="email"
          label={f('email')}
          validate={[required(), email]}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <TextInput source="phone" label={f('phone')} slotProps={{ htmlInput: { maxLength: 20 } }} />
      </SimpleForm>
    </Create>
  );
}
