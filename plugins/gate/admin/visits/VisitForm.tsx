// The resident's 'Anunciar una visita' dialog (spec 002 §3 Early visit: the visitor, the vehicle, the visit type, the
// expected arrival and stay, observations). The day shows with FechaIngreso, the weekly pass with QrRecurrente (the
// options the server gives); times are Guayaquil's (UTC-5 all year).
import { businessDay, formatTime, refusalMessage, serverFieldErrors } from '@conjunto/core';
import { FocusFirstError } from '@conjunto/core/ui';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import {
  BooleanInput,
  CheckboxGroupInput,
  Form,
  FormDataConsumer,
  maxLength,
  required,
  SelectInput,
  TextInput,
  useNotify,
  useTranslate,
} from 'react-admin';
import { GATE_LIMITS as L, VISIT_TIMES } from '../../gate.ts';
import type { EarlyVisit } from '../../schemas.ts';
import { field, useShellCalls, VISIT_TYPE_CHOICES } from '../screens/shared.tsx';
import { VISITS, type VisitOptions } from './useVisitOptions.ts';

const v = (key: string) => `gate.visits.${key}`;
const f = (key: string) => field(VISITS, key);
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const STAY_CHOICES = VISIT_TIMES.map((t) => ({ id: t.value, name: t.label }));

interface Values {
  firstName: string;
  lastName?: string;
  idNumber?: string;
  plate?: string;
  vehicleColor?: string;
  visitType: string;
  expectedStay?: string;
  day: string;
  time: string;
  observations?: string;
  recurring?: boolean;
  weekdays?: number[];
  validUntil?: string;
}

const blank = (value: string | undefined) => value?.trim() || null;

export function VisitForm({
  open,
  options,
  onClose,
}: {
  open: boolean;
  options: VisitOptions;
  onClose(created?: EarlyVisit): void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useShellCalls();
  const today = businessDay();
  const now = formatTime(new Date());
  const record: Values = { firstName: '', visitType: 'Visita', day: today, time: now, weekdays: [] };
  const weekdayChoices = [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, name: v(`weekdayNames.${id}`) }));

  const submit = async (values: Partial<Values>) => {
    const recurring = options.recurring && values.recurring;
    const body = {
      firstName: String(values.firstName ?? '').trim(),
      lastName: blank(values.lastName),
      idNumber: blank(values.idNumber),
      plate: blank(values.plate),
      vehicleColor: blank(values.vehicleColor),
      visitType: values.visitType,
      expectedStay: values.expectedStay || null,
      observations: blank(values.observations),
      expectedArrival: `${options.entryDate ? values.day : today}T${values.time}:00-05:00`,
      ...(recurring ? { weekdays: values.weekdays ?? [], validUntil: values.validUntil || null } : {}),
    };
    try {
      const created = await api.send<EarlyVisit>(VISITS, '', { method: 'POST', body });
      notify(v('created'), { type: 'success' });
      onClose(created);
      return undefined;
    } catch (error) {
      notify(refusalMessage(error) ?? v('error'), { type: 'error' });
      const errors = serverFieldErrors(error);
      // The arrival is typed in two inputs: its error shows on the time.
      return errors?.expectedArrival ? { ...errors, time: errors.expectedArrival } : errors;
    }
  };

  return (
    <Dialog open={open} onClose={() => onClose()} fullWidth maxWidth="sm" aria-labelledby="visit-form-title">
      {open && (
        <Form<Values> record={record} onSubmit={submit} noValidate>
          <DialogTitle id="visit-form-title">{translate(v('create'))}</DialogTitle>
          <DialogContent>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
              <TextInput
                source="firstName"
                label={f('firstName')}
                validate={[required(), maxLength(L.name)]}
                fullWidth
                autoFocus
              />
              <TextInput source="lastName" label={f('lastName')} validate={maxLength(L.name)} fullWidth />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
              <TextInput source="idNumber" label={f('idNumber')} validate={maxLength(L.idNumber)} fullWidth />
              <SelectInput
                source="visitType"
                label={f('visitType')}
                choices={VISIT_TYPE_CHOICES}
                validate={required()}
                fullWidth
              />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
              <TextInput source="plate" label={f('plate')} validate={maxLength(L.plate + 4)} fullWidth />
              <TextInput source="vehicleColor" label={f('vehicleColor')} validate={maxLength(L.color)} fullWidth />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
              {options.entryDate && (
                <TextInput
                  source="day"
                  type="date"
                  label={v('arrivalDay')}
                  validate={required()}
                  slotProps={{ htmlInput: { min: today, max: addDays(today, options.aheadDays) } }}
                  fullWidth
                />
              )}
              <TextInput source="time" type="time" label={v('arrivalTime')} validate={required()} fullWidth />
              <SelectInput source="expectedStay" label={f('expectedStay')} choices={STAY_CHOICES} fullWidth />
            </Stack>
            {options.recurring && (
              <>
                <BooleanInput source="recurring" label={v('recurringLabel')} helperText={v('recurringHelp')} />
                <FormDataConsumer<Values>>
                  {({ formData }) =>
                    formData.recurring && (
                      <>
                        <CheckboxGroupInput
                          source="weekdays"
                          label={v('weekdays')}
                          choices={weekdayChoices}
                          validate={required()}
                          row
                        />
                        <TextInput
                          source="validUntil"
                          type="date"
                          label={v('validUntil')}
                          validate={required()}
                          slotProps={{
                            htmlInput: { min: today, max: addDays(formData.day || today, options.recurringMaxDays) },
                          }}
                        />
                      </>
                    )
                  }
                </FormDataConsumer>
              </>
            )}
            <TextInput
              source="observations"
              label={f('observations')}
              validate={maxLength(L.observations)}
              multiline
              minRows={2}
              fullWidth
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => onClose()}>{translate(v('keep'))}</Button>
            <Button type="submit" variant="contained">
              {translate(v('save'))}
            </Button>
          </DialogActions>
          <FocusFirstError />
        </Form>
      )}
    </Dialog>
  );
}
