// 'Registro de Entradas', the guard's home (spec 002 §2.2): a quick form for an entry (destination unit or 'Otro'
// with a place, the visitor, the visit type with its validity, the expected stay), then those still inside, each
// with 'Registrar salida'. A person with an entry still open is told so (spec 002 §8) and offered that exit.
import { formatTime, refusalMessage, serverFieldErrors, serverMessage, shellCalls } from '@conjunto/core';
import { FocusFirstError, WidgetEmpty, WidgetSkeleton } from '@conjunto/core/ui';
import LogoutIcon from '@mui/icons-material/Logout';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import {
  AutocompleteInput,
  BooleanInput,
  Form,
  maxLength,
  ReferenceInput,
  required,
  SaveButton,
  SelectInput,
  TextInput,
  useDataProvider,
  useGetList,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { GATE_MESSAGES, GATE_TOPICS, GATE_LIMITS as L, VISIT_TIMES, VISIT_TYPES } from '../../gate.ts';
import type { GateEntry } from '../../schemas.ts';
import { noticeSeen, showNotice, usePost } from './state.ts';

const RESOURCE = 'bitacoraDigital';
const OPEN_SHOWN = 10;
const F = 'resources.bitacoraDigital.fields';

interface Values {
  other: boolean;
  unitId?: string | null;
  place?: string;
  idNumber: string;
  firstName: string;
  lastName?: string;
  plate?: string;
  vehicleColor?: string;
  visitType: string;
  expectedStay: string;
  observations?: string;
}
const EMPTY: Values = { other: false, idNumber: '', firstName: '', visitType: 'Visita', expectedStay: 'Indefinido' };
const blank = (value: string | null | undefined) => value?.trim() || undefined;
const hours = (h: number) => (h < 1 ? `${Math.round(h * 60)} min` : `${h} h`);

export default function EntryPanel() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const post = usePost();
  // Each registration starts a new form (cleared), whose cédula takes the focus.
  const [round, setRound] = useState(0);
  const [openEntryOf, setOpenEntryOf] = useState<string | null>(null);
  const open = useGetList<GateEntry>(RESOURCE, {
    filter: { open: true },
    sort: { field: 'enteredAt', order: 'DESC' },
    pagination: { page: 1, perPage: OPEN_SHOWN },
  });
  const { refetch } = open;

  // Other consoles' entries and exits, and each reconnection (events are not replayed).
  useEffect(() => {
    const calls = shellCalls(dataProvider);
    const reload = () => void refetch();
    const off = [GATE_TOPICS.entryCreated, GATE_TOPICS.entryChanged, '$opened'].map((topic) => calls.subscribe(topic, reload));
    return () => {
      for (const unsubscribe of off) unsubscribe();
    };
  }, [dataProvider, refetch]);

  const submit = async (values: Partial<Values>) => {
    setOpenEntryOf(null);
    const idNumber = (values.idNumber ?? '').trim();
    const body = {
      idNumber,
      firstName: (values.firstName ?? '').trim(),
      lastName: blank(values.lastName),
      plate: blank(values.plate),
      vehicleColor: blank(values.vehicleColor),
      visitType: values.visitType,
      expectedStay: values.expectedStay,
      observations: blank(values.observations),
      ...(values.other ? { place: blank(values.place) } : { unitId: values.unitId || null }),
      postId: post?.id ?? null,
    };
    let entry: GateEntry;
    try {
      entry = await shellCalls(dataProvider).send<GateEntry>(RESOURCE, '', { method: 'POST', body });
    } catch (error) {
      if (serverMessage(error) === GATE_MESSAGES.openEntry) {
        setOpenEntryOf(idNumber);
        return undefined;
      }
      notify(refusalMessage(error) ?? 'gate.home.error', { type: 'error' });
      return serverFieldErrors(error);
    }
    notify('gate.messages.registered', { type: 'success' });
    // A list hit gets its coloured notice; a plain entry only the toast.
    if (entry.notice === 'other') noticeSeen(entry.id);
    else showNotice(entry);
    setRound((r) => r + 1);
    void refetch();
    return undefined;
  };

  const exit = async (id: string) => {
    try {
      await shellCalls(dataProvider).send(RESOURCE, `${encodeURIComponent(id)}/exit`, { method: 'POST' });
      notify('gate.home.exitRegistered', { type: 'success' });
    } catch (error) {
      notify(refusalMessage(error) ?? 'gate.home.exitError', { type: 'error' });
    }
    void refetch();
  };

  // The open entry of the person refused: found by cédula among those without exit.
  const exitOpenEntry = async () => {
    if (!openEntryOf) return;
    try {
      const { data } = await dataProvider.getList<GateEntry>(RESOURCE, {
        filter: { open: true, idNumber: openEntryOf },
        sort: { field: 'enteredAt', order: 'DESC' },
        pagination: { page: 1, perPage: 1 },
      });
      if (!data[0]) throw new Error('not found');
      await shellCalls(dataProvider).send(RESOURCE, `${encodeURIComponent(data[0].id)}/exit`, { method: 'POST' });
      setOpenEntryOf(null);
      notify('gate.home.exitThenRetry', { type: 'success' });
    } catch (error) {
      notify(refusalMessage(error) ?? 'gate.home.exitError', { type: 'error' });
    }
    void refetch();
  };

  return (
    <Stack spacing={2}>
      <Form<Values> key={round} record={EMPTY} onSubmit={submit} noValidate>
        <EntryFields focus={round > 0} />
        {openEntryOf && (
          <Alert
            severity="error"
            sx={{ mt: 1 }}
            action={
              <Button color="inherit" size="small" onClick={exitOpenEntry}>
                {translate('gate.home.registerExit')}
              </Button>
            }
          >
            {translate('gate.messages.openEntry')}
          </Alert>
        )}
        <Box sx={{ mt: 1.5 }}>
          <SaveButton label="gate.home.register" alwaysEnable />
        </Box>
        <FocusFirstError />
      </Form>
      <Divider />
      <Typography variant="subtitle2" component="h3">
        {translate('gate.home.inside')}
        {open.total ? ` (${open.total})` : ''}
      </Typography>
      {open.isPending ? (
        <WidgetSkeleton height={120} />
      ) : open.error ? (
        <WidgetEmpty>{translate('gate.home.loadError')}</WidgetEmpty>
      ) : !open.data?.length ? (
        <WidgetEmpty>{translate('gate.home.noneInside')}</WidgetEmpty>
      ) : (
        <List dense disablePadding aria-label={translate('gate.home.inside')}>
          {open.data.map((e) => (
            <ListItem key={e.id} divider disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
              <ListItemText
                sx={{ minWidth: 200 }}
                primary={`${e.firstName} ${e.lastName}`.trim()}
                secondary={[
                  e.idNumber,
                  e.unitNumber ? `U.H. ${e.unitNumber}` : e.place,
                  e.visitType,
                  formatTime(e.enteredAt),
                  e.plate,
                ]
                  .filter(Boolean)
                  .join(' · ')}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
              <Button size="small" variant="outlined" startIcon={<LogoutIcon />} onClick={() => exit(e.id)}>
                {translate('gate.home.registerExit')}
              </Button>
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}

function EntryFields({ focus }: { focus: boolean }) {
  const translate = useTranslate();
  const other = useWatch<Values, 'other'>({ name: 'other' });
  const visitType = useWatch<Values, 'visitType'>({ name: 'visitType' });
  const validity = VISIT_TYPES.find((t) => t.name === visitType)?.hours ?? null;
  const row = { direction: { xs: 'column', sm: 'row' }, spacing: { xs: 0, sm: 1.5 } } as const;
  return (
    <Stack>
      <Stack {...row} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ flex: 1 }}>
          {other ? (
            <TextInput source="place" label={`${F}.place`} validate={[required(), maxLength(L.place)]} fullWidth />
          ) : (
            <ReferenceInput source="unitId" reference="units" sort={{ field: 'number', order: 'ASC' }} perPage={50}>
              <AutocompleteInput
                label={`${F}.unitId`}
                optionText="number"
                filterToQuery={(q: string) => ({ q })}
                validate={required()}
                fullWidth
              />
            </ReferenceInput>
          )}
        </Box>
        <BooleanInput source="other" label="gate.home.other" helperText={false} />
      </Stack>
      <Stack {...row}>
        <TextInput
          source="idNumber"
          label={`${F}.idNumber`}
          validate={[required(), maxLength(L.idNumber)]}
          parse={(v: string) => v.trimStart()}
          autoFocus={focus}
          fullWidth
        />
        <TextInput source="firstName" label={`${F}.firstName`} validate={[required(), maxLength(L.name)]} fullWidth />
        <TextInput source="lastName" label={`${F}.lastName`} validate={maxLength(L.name)} fullWidth />
      </Stack>
      <Stack {...row}>
        <TextInput source="plate" label={`${F}.plate`} validate={maxLength(L.plate + 2)} fullWidth />
        <TextInput source="vehicleColor" label={`${F}.vehicleColor`} validate={maxLength(L.color)} fullWidth />
      </Stack>
      <Stack {...row}>
        <SelectInput
          source="visitType"
          label={`${F}.visitType`}
          choices={VISIT_TYPES.map((t) => ({ id: t.name, name: t.name }))}
          validate={required()}
          helperText={
            validity === null ? translate('gate.home.noLimit') : translate('gate.home.validity', { hours: hours(validity) })
          }
          fullWidth
        />
        <SelectInput
          source="expectedStay"
          label={`${F}.expectedStay`}
          choices={VISIT_TIMES.map((t) => ({ id: t.value, name: t.label }))}
          validate={required()}
          fullWidth
        />
      </Stack>
      <TextInput
        source="observations"
        label={`${F}.observations`}
        validate={maxLength(L.observations)}
        multiline
        minRows={2}
        fullWidth
      />
    </Stack>
  );
}
