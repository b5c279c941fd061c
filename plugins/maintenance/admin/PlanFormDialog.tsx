// 'Nuevo mantenimiento' / 'Editar mantenimiento': title*, recurrence*, the rule (custom only)*, start*, until, supplier,
// cost, ManFuturo and description. The server checks everything again (the rule above all).
import { businessDay, serverFieldErrors } from '@conjunto/core';
import { DayInput, FocusFirstError } from '@conjunto/core/ui';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  BooleanInput,
  Form,
  maxLength,
  NumberInput,
  SelectInput,
  TextInput,
  useCreate,
  useNotify,
  useRefresh,
  useTranslate,
  useUpdate,
  type Validator,
} from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { DESCRIPTION_MAX, RRULE_MAX, SUPPLIER_MAX, TITLE_MAX } from '../manifest.ts';
import { MAINTENANCE, type Plan, RECURRENCE_CHOICES, useNotifyError } from './shared.tsx';

interface Values {
  title: string;
  recurrence: Plan['recurrence'];
  rrule: string | null;
  startDate: string | null;
  untilDate: string | null;
  supplier: string | null;
  cost: number | null;
  isFuture: boolean;
  description: string | null;
}

const required: Validator = Object.assign(
  (value: unknown) =>
    value === null || value === undefined || String(value).trim() === '' ? 'maintenance.validation.required' : undefined,
  { isRequired: true },
);
const cost: Validator = (value) =>
  value === null || value === undefined || value === ''
    ? undefined
    : Number(value) >= 0 && Math.abs(Number(value) * 100 - Math.round(Number(value) * 100)) < 1e-7
      ? undefined
      : 'maintenance.validation.cost';
const until: Validator = (value, all) =>
  value && all.startDate && String(value) < String(all.startDate) ? 'maintenance.validation.untilBeforeStart' : undefined;
const rruleRequired: Validator = Object.assign(
  (value: unknown, all: Values) =>
    all.recurrence === 'rrule' && (!value || String(value).trim() === '') ? 'maintenance.validation.rruleMissing' : undefined,
  { isRequired: true },
);

interface Props {
  open: boolean;
  plan?: Plan;
  onClose(): void;
}

export default function PlanFormDialog({ open, plan, onClose }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [create] = useCreate<Plan>();
  const [update] = useUpdate<Plan>();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const defaults: Values = plan
    ? {
        title: plan.title,
        recurrence: plan.recurrence,
        rrule: plan.rrule,
        startDate: plan.startDate,
        untilDate: plan.untilDate,
        supplier: plan.supplier,
        cost: plan.cost,
        isFuture: plan.isFuture,
        description: plan.description,
      }
    : {
        title: '',
        recurrence: 'monthly',
        rrule: null,
        // Today in Guayaquil (the complexes' business day), not the browser's.
        startDate: businessDay(),
        untilDate: null,
        supplier: null,
        cost: null,
        isFuture: false,
        description: null,
      };

  const submit = async (values: Partial<Values>) => {
    const text = (v: unknown) => (v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim());
    const data = {
      title: String(values.title ?? '').trim(),
      recurrence: values.recurrence ?? 'monthly',
      rrule: values.recurrence === 'rrule' ? text(values.rrule) : null,
      startDate: String(values.startDate ?? ''),
      untilDate: text(values.untilDate),
      supplier: text(values.supplier),
      cost: values.cost === null || values.cost === undefined || (values.cost as unknown) === '' ? null : Number(values.cost),
      isFuture: Boolean(values.isFuture),
      description: text(values.description),
    };
    try {
      if (plan) await update(MAINTENANCE, { id: plan.id, data, previousData: plan }, { returnPromise: true });
      else await create(MAINTENANCE, { data }, { returnPromise: true });
    } catch (error) {
      notifyError(error, 'maintenance.errors.save');
      return serverFieldErrors(error);
    }
    notify(plan ? 'maintenance.notifications.updated' : 'maintenance.notifications.created', { type: 'success' });
    refresh();
    onClose();
    return undefined;
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="plan-form-title">
      {open && (
        <Form<Values> onSubmit={submit} defaultValues={defaults} noValidate>
          <DialogTitle id="plan-form-title">
            {translate(plan ? 'maintenance.form.editTitle' : 'maintenance.form.createTitle')}
          </DialogTitle>
          <DialogContent>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate('maintenance.form.required')}
            </Typography>
            <TextInput
              source="title"
              validate={[required, maxLength(TITLE_MAX, 'maintenance.validation.titleMax')]}
              helperText="maintenance.form.titleHelper"
              fullWidth
              autoFocus
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
              <SelectInput source="recurrence" choices={RECURRENCE_CHOICES} validate={required} fullWidth helperText={false} />
              <DayInput source="startDate" validate={required} fullWidth helperText={false} />
            </Stack>
            <RecurrenceHelp />
            <RuleInput />
            <DayInput source="untilDate" validate={until} helperText="maintenance.form.untilHelper" fullWidth />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
              <TextInput source="supplier" validate={maxLength(SUPPLIER_MAX)} fullWidth helperText={false} />
              <NumberInput source="cost" validate={cost} min={0} step={0.01} helperText="maintenance.form.costHelper" fullWidth />
            </Stack>
            <BooleanInput source="isFuture" helperText="maintenance.form.futureHelper" />
            <TextInput
              source="description"
              validate={maxLength(DESCRIPTION_MAX)}
              multiline
              minRows={2}
              fullWidth
              helperText={false}
            />
          </DialogContent>
          <Actions onCancel={onClose} />
          <FocusFirstError />
        </Form>
      )}
    </Dialog>
  );
}

function RecurrenceHelp() {
  const translate = useTranslate();
  const recurrence = useWatch<Values, 'recurrence'>({ name: 'recurrence' });
  if (!recurrence) return null;
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5, mb: 2 }}>
      {translate(`maintenance.recurrenceHelp.${recurrence}`)}
    </Typography>
  );
}

function RuleInput() {
  const recurrence = useWatch<Values, 'recurrence'>({ name: 'recurrence' });
  if (recurrence !== 'rrule') return null;
  return (
    <TextInput
      source="rrule"
      validate={[rruleRequired, maxLength(RRULE_MAX)]}
      helperText={false}
      placeholder="FREQ=MONTHLY;BYDAY=1MO"
      fullWidth
    />
  );
}

function Actions({ onCancel }: { onCancel(): void }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={isSubmitting}>
        {translate('maintenance.action.cancel')}
      </Button>
      <Button type="submit" variant="contained" disabled={isSubmitting} loading={isSubmitting} loadingPosition="start">
        {translate('maintenance.action.save')}
      </Button>
    </DialogActions>
  );
}
