// /administrador/supports/create: subject, category and detail (required, marked *), and an optional screenshot,
// uploaded once the request exists (PUT /:id/attachment). Platform staff are told by e-mail.
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import {
  Create,
  FileField,
  FileInput,
  maxLength,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { ATTACHMENT_BYTES_MAX, DETAIL_MAX, SUBJECT_MAX } from '../manifest.ts';
import type { SupportDetail } from '../schemas.ts';
import { useChoices } from './shared.tsx';
import { OFFICE_RESOURCE, useSupportApi } from './supportApi.ts';

const f = (key: string) => `resources.supports.fields.${key}`;
const IMAGE_TYPES = { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'], 'image/webp': ['.webp'] };

export default function SupportCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const api = useSupportApi(OFFICE_RESOURCE);
  const { categories } = useChoices();
  const file = useRef<File | null>(null);
  const req = required('support.validation.required');
  return (
    <Create
      title={translate('support.supports.createTitle')}
      // The image is not part of the request's body: kept aside and sent once the request exists.
      transform={(data: Record<string, unknown>) => {
        const { attachment, ...rest } = data;
        file.current = (attachment as { rawFile?: File } | undefined)?.rawFile ?? null;
        return rest;
      }}
      mutationOptions={{
        onSuccess: async (created: SupportDetail) => {
          if (file.current) {
            try {
              await api.attach(created.id, file.current);
            } catch {
              notify('support.errors.attach', { type: 'warning' });
            }
          }
          notify('support.notifications.created', { type: 'success' });
          redirect('show', OFFICE_RESOURCE, created.id);
        },
      }}
    >
      <SimpleForm defaultValues={{ category: 'Consulta' }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('support.supports.createHelper')}
        </Typography>
        <TextInput
          source="subject"
          label={f('subject')}
          validate={[req, maxLength(SUBJECT_MAX, 'support.validation.subjectMax')]}
          fullWidth
          slotProps={{ htmlInput: { maxLength: SUBJECT_MAX } }}
        />
        <SelectInput source="category" label={f('category')} choices={categories} validate={req} />
        <TextInput
          source="detail"
          label={f('detail')}
          validate={[req, maxLength(DETAIL_MAX, 'support.validation.detailMax')]}
          multiline
          minRows={4}
          fullWidth
          slotProps={{ htmlInput: { maxLength: DETAIL_MAX } }}
        />
        <FileInput
          source="attachment"
          label={f('attachment')}
          accept={IMAGE_TYPES}
          maxSize={ATTACHMENT_BYTES_MAX}
          helperText="support.supports.attachmentHelper"
          options={{ onDropRejected: () => notify('support.validation.fileTooLarge', { type: 'warning' }) }}
        >
          <FileField source="src" title="title" />
        </FileInput>
        <Typography variant="caption" color="text.secondary">
          {translate('support.supports.requiredNote')}
        </Typography>
      </SimpleForm>
    </Create>
  );
}
