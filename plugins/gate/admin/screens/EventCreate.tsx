// A new novedad. The e-mail follows the complex's switches unless the guard chooses: 'Según el conjunto' sends
// nothing (the server e-mails it while CorreoNovedadesDefault is on), 'Enviar' and 'No enviar' say so (the server
// refuses 'Enviar' while EmailNovedades is off, in Spanish). No addresses: the complex's administrators get it.
import { EMAIL } from '@conjunto/core';
import {
  Create,
  FormDataConsumer,
  maxLength,
  RadioButtonGroupInput,
  ReferenceInput,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { GATE_LIMITS } from '../../gate.ts';
import { currentPost } from '../home/state.ts';
import { field, s, useNotifyError } from './shared.tsx';

const f = (key: string) => field('eventos', key);
const MAIL_CHOICES = [
  { id: 'default', name: s('events.mail.default') },
  { id: 'yes', name: s('events.mail.yes') },
  { id: 'no', name: s('events.mail.no') },
];
const addresses = (text: unknown) =>
  String(text ?? '')
    .split(/[,;\s]+/)
    .map((e) => e.trim())
    .filter(Boolean);
const validRecipients = (text: unknown) => {
  const list = addresses(text);
  return list.length > GATE_LIMITS.recipients || list.some((e) => !EMAIL.test(e)) ? s('events.recipientsInvalid') : undefined;
};

interface Values {
  title: string;
  detail?: string | null;
  postId?: string | null;
  mail: 'default' | 'yes' | 'no';
  recipients?: string;
}

const toBody = ({ title, detail, postId, mail, recipients }: Values) => {
  const list = addresses(recipients);
  return {
    title: title.trim(),
    detail: detail?.trim() || null,
    postId: postId || null,
    ...(mail === 'default' ? {} : { sendEmail: mail === 'yes' }),
    ...(mail !== 'no' && list.length ? { recipients: list } : {}),
  };
};

export default function EventCreate() {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title={translate(s('events.create'))}
      transform={toBody}
      mutationOptions={{
        onSuccess: (event) => {
          notify(s(event.emailed ? 'events.createdMailed' : 'events.created'), { type: 'success' });
          redirect('list', 'eventos');
        },
        onError: (error) => notifyError(error, s('saveError')),
      }}
    >
      <SimpleForm defaultValues={{ mail: 'default', postId: currentPost()?.id ?? null }} sx={{ maxWidth: 720 }}>
        <TextInput source="title" label={f('title')} validate={[required(), maxLength(GATE_LIMITS.eventTitle)]} fullWidth />
        <TextInput
          source="detail"
          label={f('detail')}
          validate={maxLength(GATE_LIMITS.eventDetail)}
          multiline
          minRows={3}
          fullWidth
        />
        <ReferenceInput source="postId" reference="garitas" sort={{ field: 'name', order: 'ASC' }}>
          <SelectInput optionText="name" label={f('postId')} fullWidth />
        </ReferenceInput>
        <RadioButtonGroupInput source="mail" label={f('sendEmail')} choices={MAIL_CHOICES} />
        <FormDataConsumer<Values>>
          {({ formData }) =>
            formData.mail !== 'no' && (
              <TextInput
                source="recipients"
                label={f('recipients')}
                helperText={s('events.recipientsHelp')}
                validate={validRecipients}
                fullWidth
              />
            )
          }
        </FormDataConsumer>
      </SimpleForm>
    </Create>
  );
}
