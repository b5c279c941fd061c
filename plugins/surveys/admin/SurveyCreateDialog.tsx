// 'Nueva encuesta': title (required, at most 100), display days (integer 1..30, default 30) and
// 'Activar al crear'. Creating an active survey while another is active warns first, naming that survey.
import { serverFieldErrors } from '@conjunto/core';
import { FocusFirstError } from '@conjunto/core/ui';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import {
  BooleanInput,
  Form,
  maxLength,
  NumberInput,
  TextInput,
  useCreate,
  useNotify,
  useRefresh,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useFormState } from 'react-hook-form';
import { SURVEY_DAYS_DEFAULT, SURVEY_DAYS_MAX, SURVEY_DAYS_MIN, SURVEY_TITLE_MAX } from '../manifest.ts';
import type { Survey, SurveyCreate } from '../schemas.ts';
import { useReplaceConfirm } from './SurveyReplaceConfirm.tsx';
import { SURVEY_RESOURCE, useNotifyError } from './surveyApi.ts';

interface FormValues {
  title: string;
  displayDays: number | null;
  isActive: boolean;
}

const DEFAULTS: FormValues = { title: '', displayDays: SURVEY_DAYS_DEFAULT, isActive: false };

// isRequired: react-admin puts the '*' on the label, as it does for required().
const requiredText: Validator = Object.assign(
  (value: unknown) => (typeof value !== 'string' || value.trim() === '' ? 'surveys.validation.required' : undefined),
  { isRequired: true },
);

const days: Validator = (value) => {
  if (value === null || value === undefined || value === '') return 'surveys.validation.required';
  const n = Number(value);
  return Number.isInteger(n) && n >= SURVEY_DAYS_MIN && n <= SURVEY_DAYS_MAX ? undefined : 'surveys.validation.days';
};

const validateTitle = [requiredText, maxLength(SURVEY_TITLE_MAX, 'surveys.validation.titleMax')];
const validateDays = [days];

interface Props {
  open: boolean;
  onClose(): void;
}

export default function SurveyCreateDialog({ open, onClose }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [create] = useCreate<Survey>();
  const { confirmReplace, dialog } = useReplaceConfirm();

  const submit = async (values: Partial<FormValues>) => {
    const data: Required<SurveyCreate> = {
      title: String(values.title ?? '').trim(),
      displayDays: Number(values.displayDays),
      isActive: Boolean(values.isActive),
    };
    if (data.isActive) {
      try {
        if (!(await confirmReplace({ title: data.title }))) return undefined;
      } catch (error) {
        notifyError(error, 'surveys.errors.create');
        return undefined;
      }
    }
    try {
      await create(SURVEY_RESOURCE, { data }, { returnPromise: true });
    } catch (error) {
      notifyError(error, 'surveys.errors.create');
      return serverFieldErrors(error);
    }
    notify('surveys.notifications.created', { type: 'success' });
    refresh();
    onClose();
    return undefined;
  };

  return (
    <>
      <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="survey-create-title">
        {/* A new form each time the dialog opens: the values of a previous attempt do not come back. */}
        {open && (
          <Form<FormValues> onSubmit={submit} defaultValues={DEFAULTS} noValidate>
            <DialogTitle id="survey-create-title">{translate('surveys.create.title')}</DialogTitle>
            <DialogContent>
              <Alert severity="info" sx={{ mb: 2 }}>
                {translate('surveys.create.question')}
              </Alert>
              <TextInput source="title" validate={validateTitle} helperText="surveys.create.titleHelper" fullWidth autoFocus />
              <NumberInput
                source="displayDays"
                validate={validateDays}
                helperText="surveys.create.daysHelper"
                min={SURVEY_DAYS_MIN}
                max={SURVEY_DAYS_MAX}
                step={1}
                fullWidth
              />
              <BooleanInput source="isActive" label="surveys.create.activate" helperText={false} />
            </DialogContent>
            <Actions onCancel={onClose} />
            <FocusFirstError />
          </Form>
        )}
      </Dialog>
      {dialog}
    </>
  );
}

function Actions({ onCancel }: { onCancel(): void }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={isSubmitting}>
        {translate('surveys.action.cancel')}
      </Button>
      <Button type="submit" variant="contained" disabled={isSubmitting} loading={isSubmitting} loadingPosition="start">
        {translate('surveys.action.save')}
      </Button>
    </DialogActions>
  );
}
