// The fields of the New and Edit moving request screens; the server checks everything again.

import { DayInput } from '@conjunto/core/ui';
import Grid from '@mui/material/Grid';
import { AutocompleteInput, maxLength, ReferenceInput, required, SelectInput, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { MOVING_LIMITS, MOVING_TYPES, normalisePlate, PLATE_FORMAT, TIME_FORMAT } from '../../moving.ts';
import { RESIDENTS, UNITS } from './shared.tsx';

const mustHave = required('residents.moving.validation.required');
const plate = (value: unknown) =>
  value == null || value === '' || PLATE_FORMAT.test(normalisePlate(String(value)))
    ? undefined
    : 'residents.moving.validation.plate';
const time = (value: unknown) =>
  value == null || value === '' || TIME_FORMAT.test(String(value)) ? undefined : 'residents.moving.validation.time';
const after = (value: unknown, all: Record<string, unknown>) =>
  value && all.startTime && String(value) <= String(all.startTime) ? 'residents.moving.validation.timeOrder' : undefined;
const blankToNull = (value: string) => (value === '' ? null : value);

export const TYPE_CHOICES = MOVING_TYPES.map((id) => ({ id, name: `residents.moving.type.${id}` }));
const half = { xs: 12, sm: 6 } as const;

/** The resident asking: one of the chosen unit's residents. */
function ResidentInput() {
  const unitId = useWatch({ name: 'unitId' });
  return (
    <ReferenceInput
      source="residentId"
      reference={RESIDENTS}
      filter={{ unitId }}
      queryOptions={{ enabled: Boolean(unitId) }}
      sort={{ field: 'lastName', order: 'ASC' }}
    >
      <AutocompleteInput
        optionText={(r: { firstName?: string; lastName?: string }) => `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim()}
        parse={(v: string) => v || null}
        disabled={!unitId}
        helperText="residents.moving.help.resident"
      />
    </ReferenceInput>
  );
}

export function MovingInputs({ create = false }: { create?: boolean }) {
  return (
    <Grid container columnSpacing={2} sx={{ width: '100%', maxWidth: 900 }}>
      <Grid size={half}>
        {/* The unit is chosen once: a request never moves to another unit. */}
        <ReferenceInput source="unitId" reference={UNITS} sort={{ field: 'number', order: 'ASC' }}>
          <AutocompleteInput optionText="number" validate={mustHave} disabled={!create} helperText={false} />
        </ReferenceInput>
      </Grid>
      <Grid size={half}>
        <ResidentInput />
      </Grid>
      <Grid size={half}>
        <SelectInput source="type" choices={TYPE_CHOICES} validate={mustHave} helperText={false} />
      </Grid>
      <Grid size={half}>
        <DayInput source="date" validate={mustHave} helperText={false} />
      </Grid>
      <Grid size={half}>
        <TextInput
          source="startTime"
          parse={blankToNull}
          validate={time}
          helperText="residents.moving.help.time"
          slotProps={{ htmlInput: { inputMode: 'numeric', placeholder: 'HH:MM', maxLength: 5 } }}
        />
      </Grid>
      <Grid size={half}>
        <TextInput
          source="endTime"
          parse={blankToNull}
          validate={[time, after]}
          helperText={false}
          slotProps={{ htmlInput: { inputMode: 'numeric', placeholder: 'HH:MM', maxLength: 5 } }}
        />
      </Grid>
      <Grid size={half}>
        <TextInput
          source="plate"
          validate={[mustHave, plate]}
          parse={(v: string) => v.toUpperCase()}
          helperText="residents.moving.help.plate"
          slotProps={{ htmlInput: { maxLength: 8, autoCapitalize: 'characters' } }}
        />
      </Grid>
      <Grid size={12}>
        <TextInput
          source="notes"
          multiline
          minRows={2}
          parse={blankToNull}
          validate={maxLength(MOVING_LIMITS.notes)}
          helperText={false}
        />
      </Grid>
    </Grid>
  );
}

/** What is saved: the form's own fields (never the list's read-only columns). */
export function movingBody(data: Record<string, unknown>) {
  const pick = ['type', 'date', 'startTime', 'endTime', 'plate', 'notes', 'residentId'];
  const body: Record<string, unknown> = {};
  for (const key of pick) if (Object.hasOwn(data, key)) body[key] = data[key] === '' ? null : data[key];
  if (typeof body.plate === 'string') body.plate = normalisePlate(body.plate);
  return body;
}
export const movingCreateBody = (data: Record<string, unknown>) => ({ ...movingBody(data), unitId: data.unitId });
