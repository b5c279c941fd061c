// A black/white list record: the list, the cédula and/or the plate (one of them at least, as the server asks),
// the name and the reason. Create and edit share the form; the server's refusals show on their fields.
import {
  Create,
  Edit,
  maxLength,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useTranslate,
} from 'react-admin';
import { GATE_LIMITS } from '../../gate.ts';
import { KIND_CHOICES } from './ListsList.tsx';
import { field, s, useNotifyError } from './shared.tsx';

const f = (key: string) => field('listas', key);

/** Cédula or plate: one of them identifies the person or the vehicle. */
const identified = (values: Record<string, unknown>) =>
  String(values.idNumber ?? '').trim() || String(values.plate ?? '').trim()
    ? {}
    : { idNumber: s('lists.idOrPlate'), plate: s('lists.idOrPlate') };

const blankToNull = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).map(([k, v]) => [k, typeof v === 'string' && v.trim() === '' ? null : v]));

function Form() {
  return (
    <SimpleForm
      validate={identified}
      sx={{ maxWidth: 640 }}
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <SelectInput source="kind" label={f('kind')} choices={KIND_CHOICES} validate={required()} fullWidth />
      <TextInput
        source="idNumber"
        label={f('idNumber')}
        validate={maxLength(GATE_LIMITS.idNumber + 10)}
        helperText={s('lists.idOrPlate')}
        fullWidth
      />
      <TextInput source="plate" label={f('plate')} validate={maxLength(GATE_LIMITS.plate + 10)} fullWidth />
      <TextInput source="name" label={f('name')} validate={maxLength(140)} fullWidth />
      <TextInput source="reason" label={f('reason')} validate={maxLength(GATE_LIMITS.reason)} multiline minRows={2} fullWidth />
    </SimpleForm>
  );
}

const PICK = ['kind', 'idNumber', 'plate', 'name', 'reason'] as const;
const picked = (data: Record<string, unknown>) => blankToNull(Object.fromEntries(PICK.map((k) => [k, data[k] ?? null])));

export function ListCreate() {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  return (
    <Create
      title={translate(s('lists.create'))}
      redirect="list"
      transform={picked}
      mutationOptions={{ onError: (error) => notifyError(error, s('saveError')) }}
    >
      <Form />
    </Create>
  );
}

export function ListEdit() {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  return (
    <Edit
      title={translate(s('lists.edit'))}
      redirect="list"
      mutationMode="pessimistic"
      transform={picked}
      mutationOptions={{ onError: (error) => notifyError(error, s('saveError')) }}
    >
      <Form />
    </Edit>
  );
}
