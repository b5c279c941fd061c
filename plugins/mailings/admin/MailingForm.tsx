// The form of a scheduled e-mail (create and edit): subject, plain-text body, who receives it, when it repeats. Times
// are those of Ecuador (America/Guayaquil), whatever the browser's zone: the server reads the wall time as such.
import { FocusFirstError } from '@conjunto/core/ui';
import {
  AutocompleteArrayInput,
  BooleanInput,
  Create,
  Edit,
  FormDataConsumer,
  maxLength,
  ReferenceArrayInput,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
  useTranslate,
} from 'react-admin';
import { AUDIENCES, BODY_MAX, RECURRENCES, SUBJECT_MAX } from '../manifest.ts';
import { useMailingOptions } from './shared.ts';

/** Tomorrow in Guayaquil at `time`, as the datetime-local input writes it. */
const tomorrowAt = (time: string) => `${new Date(Date.now() - 5 * 3600_000 + 86_400_000).toISOString().slice(0, 10)}T${time}`;

function MailingInputs({ editing }: { editing?: boolean }) {
  const translate = useTranslate();
  const options = useMailingOptions();
  const t = (key: string, args?: object) => translate(`mailings.${key}`, args);
  const audiences = AUDIENCES.filter((a) => a !== 'arrears' || options?.arrears || editing).map((id) => ({
    id,
    name: `mailings.audience.${id}`,
  }));
  return (
    <>
      <FocusFirstError />
      <TextInput
        source="subject"
        validate={[required(t('validation.required')), maxLength(SUBJECT_MAX)]}
        fullWidth
        sx={{ maxWidth: 640 }}
      />
      <TextInput
        source="body"
        multiline
        minRows={6}
        validate={[required(t('validation.required')), maxLength(BODY_MAX)]}
        helperText={t('bodyHelp', { max: BODY_MAX })}
        fullWidth
        sx={{ maxWidth: 640 }}
      />
      <SelectInput
        source="audience"
        choices={audiences}
        defaultValue="all"
        validate={required(t('validation.required'))}
        helperText={options && !options.arrears ? t('arrearsHidden') : undefined}
        sx={{ maxWidth: 320 }}
      />
      <FormDataConsumer<{ audience?: string }>>
        {({ formData }) =>
          formData.audience === 'units' ? (
            <ReferenceArrayInput source="unitIds" reference="units" sort={{ field: 'number', order: 'ASC' }} perPage={50}>
              <AutocompleteArrayInput
                optionText="number"
                filterToQuery={(q: string) => ({ q })}
                validate={required(t('validation.units'))}
                sx={{ maxWidth: 640 }}
              />
            </ReferenceArrayInput>
          ) : null
        }
      </FormDataConsumer>
      <SelectInput
        source="recurrence"
        choices={RECURRENCES.map((id) => ({ id, name: `mailings.recurrence.${id}` }))}
        defaultValue="once"
        validate={required(t('validation.required'))}
        sx={{ maxWidth: 320 }}
      />
      {/* Re-mounted once the complex's default time is known (a new mailing's start). */}
      <TextInput
        key={options?.defaultTime ?? 'loading'}
        source="startAt"
        type="datetime-local"
        defaultValue={editing ? undefined : tomorrowAt(options?.defaultTime ?? '08:00')}
        validate={required(t('validation.required'))}
        helperText={t('startHelp')}
        sx={{ maxWidth: 320 }}
      />
      <BooleanInput source="isActive" defaultValue={true} />
    </>
  );
}

export function MailingCreate() {
  return (
    <Create redirect="list">
      <SimpleForm>
        <MailingInputs />
      </SimpleForm>
    </Create>
  );
}

export function MailingEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm>
        <MailingInputs editing />
      </SimpleForm>
    </Edit>
  );
}
