// /superAdministrador/FAQ (spec 002 §2.4 'FAQ'): platform staff write the questions every complex reads: category,
// question, answer (required, marked *), order within the category, published. Listed, searched, exported.
import Typography from '@mui/material/Typography';
import {
  BooleanInput,
  Create,
  DataTable,
  DeleteButton,
  Edit,
  maxLength,
  maxValue,
  minValue,
  NullableBooleanInput,
  NumberInput,
  required,
  SearchInput,
  SimpleForm,
  TextInput,
  useTranslate,
} from 'react-admin';
import { FAQ_ANSWER_MAX, FAQ_CATEGORY_MAX, FAQ_ORDER_MAX, FAQ_QUESTION_MAX } from '../../manifest.ts';
import type { Faq } from '../../schemas.ts';
import { SupportListFrame } from '../shared.tsx';

const f = (key: string) => `resources.FAQ.fields.${key}`;

export function FaqAdminList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('support.faq.search')} />,
    <NullableBooleanInput key="published" source="published" label={f('published')} alwaysOn />,
  ];
  return (
    <SupportListFrame title={translate('support.faq.title')} sort={{ field: 'sortOrder', order: 'ASC' }} filters={filters} create>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="category" label={f('category')} />
        <DataTable.Col source="question" label={f('question')} />
        <DataTable.NumberCol source="sortOrder" label={f('sortOrder')} />
        <DataTable.Col
          source="published"
          label={f('published')}
          render={(r: Faq) => translate(r.published ? 'support.faq.yes' : 'support.faq.no')}
        />
      </DataTable>
    </SupportListFrame>
  );
}

function FaqForm() {
  const translate = useTranslate();
  const req = required('support.validation.required');
  return (
    <SimpleForm defaultValues={{ sortOrder: 0, published: true }}>
      <TextInput
        source="category"
        label={f('category')}
        validate={[req, maxLength(FAQ_CATEGORY_MAX)]}
        slotProps={{ htmlInput: { maxLength: FAQ_CATEGORY_MAX } }}
      />
      <TextInput
        source="question"
        label={f('question')}
        validate={[req, maxLength(FAQ_QUESTION_MAX, 'support.validation.questionMax')]}
        fullWidth
        slotProps={{ htmlInput: { maxLength: FAQ_QUESTION_MAX } }}
      />
      <TextInput
        source="answer"
        label={f('answer')}
        validate={[req, maxLength(FAQ_ANSWER_MAX, 'support.validation.answerMax')]}
        multiline
        minRows={4}
        fullWidth
        slotProps={{ htmlInput: { maxLength: FAQ_ANSWER_MAX } }}
      />
      <NumberInput
        source="sortOrder"
        label={f('sortOrder')}
        helperText="support.faq.orderHelper"
        validate={[minValue(0), maxValue(FAQ_ORDER_MAX)]}
        step={1}
      />
      <BooleanInput source="published" label={f('published')} helperText="support.faq.publishedHelper" />
      <Typography variant="caption" color="text.secondary">
        {translate('support.supports.requiredNote')}
      </Typography>
    </SimpleForm>
  );
}

export function FaqAdminCreate() {
  const translate = useTranslate();
  return (
    <Create title={translate('support.faq.createTitle')} redirect="list">
      <FaqForm />
    </Create>
  );
}

export function FaqAdminEdit() {
  const translate = useTranslate();
  return (
    <Edit
      title={translate('support.faq.editTitle')}
      redirect="list"
      mutationMode="pessimistic"
      actions={<DeleteButton mutationMode="pessimistic" />}
    >
      <FaqForm />
    </Edit>
  );
}
