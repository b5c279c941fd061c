// The fields shared by the New and Edit resident screens (spec 002 §2.5 item 3, §3 "Resident settings"). The
// server checks everything again and answers per field in the spec's words; these mirror it to answer sooner.
import { EMAIL, USER_LIMITS } from '@conjunto/core';
import Grid from '@mui/material/Grid';
import { useEffect } from 'react';
import {
  AutocompleteInput,
  BooleanInput,
  email,
  maxLength,
  ReferenceInput,
  required,
  SelectInput,
  TextArrayInput,
  TextInput,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';

export const RESIDENT_RESOURCE = 'residente';
export const UNIT_RESOURCE = 'unidadesHabitacionales';
export const MAX_NOTIFICATION_EMAILS = 5;

export const RELATION_CHOICES = [
  { id: 'owner', name: 'shell.resident.relation.owner' },
  { id: 'tenant', name: 'shell.resident.relation.tenant' },
];

export interface Resident {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  idNumber: string | null;
  unitId: string | null;
  unitNumber: string | null;
  relation: 'owner' | 'tenant' | null;
  unitLocked: boolean;
  vip: boolean;
  paymentAgreement: boolean;
  prepaidGuarantee: boolean;
  notificationEmails: string[];
  groups: string[];
  isActive: boolean;
}

export const residentName = (r: Partial<Resident> | undefined) => (r ? `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() : '');

const mustHave = required('shell.validation.required');
const isEmail = email('shell.validation.email');

/** Spec 002 §5: ID numbers (cédula, RUC, passport) hold digits, + and / only. */
const digitsPlusSlash = (value: unknown) =>
  value == null || value === '' || /^[\d+/]+$/.test(String(value)) ? undefined : 'shell.validation.idNumber';

const notificationEmails = (value: unknown) => {
  const list = Array.isArray(value) ? value.map(String) : [];
  if (list.length > MAX_NOTIFICATION_EMAILS)
    return { message: 'shell.validation.tooManyEmails', args: { max: MAX_NOTIFICATION_EMAILS } };
  const bad = list.find((e) => !EMAIL.test(e.trim()));
  return bad ? { message: 'shell.validation.emailList', args: { email: bad } } : undefined;
};

/** Blank optional texts travel as null (the server stores no empty strings). */
const blankToNull = (value: string) => (value === '' ? null : value);

/** The relation follows the unit: required (and marked '*') with one, cleared without it. */
function RelationInput() {
  const unitId = useWatch({ name: 'unitId' });
  const { setValue, getValues } = useFormContext();
  useEffect(() => {
    if (!unitId && getValues('relation')) setValue('relation', null, { shouldDirty: true });
  }, [unitId, getValues, setValue]);
  return (
    <SelectInput
      source="relation"
      choices={RELATION_CHOICES}
      disabled={!unitId}
      validate={unitId ? mustHave : undefined}
      // A disabled field's helper is too faint to read (axe): it speaks once a unit is chosen.
      helperText={unitId ? 'shell.resident.help.relation' : false}
      emptyText=""
    />
  );
}

const half = { xs: 12, sm: 6 } as const;

export function ResidentInputs({ create = false }: { create?: boolean }) {
  return (
    <Grid container columnSpacing={2} sx={{ width: '100%', maxWidth: 900 }}>
      <Grid size={half}>
        <TextInput source="firstName" validate={[mustHave, maxLength(USER_LIMITS.firstName)]} />
      </Grid>
      <Grid size={half}>
        <TextInput source="lastName" validate={[mustHave, maxLength(USER_LIMITS.lastName)]} />
      </Grid>
      <Grid size={half}>
        <TextInput
          source="email"
          // Not type="email": the browser's own check would answer first, in its words, not the spec's.
          slotProps={{ htmlInput: { inputMode: 'email', autoComplete: 'email' } }}
          validate={[mustHave, isEmail, maxLength(USER_LIMITS.email)]}
          helperText={create ? 'shell.resident.help.email' : false}
        />
      </Grid>
      <Grid size={half}>
        <TextInput source="phone" type="tel" parse={blankToNull} validate={maxLength(USER_LIMITS.phone)} helperText={false} />
      </Grid>
      <Grid size={half}>
        <TextInput
          source="idNumber"
          parse={blankToNull}
          validate={[digitsPlusSlash, maxLength(USER_LIMITS.idNumber)]}
          helperText={false}
        />
      </Grid>
      <Grid size={half} />
      <Grid size={half}>
        <ReferenceInput source="unitId" reference={UNIT_RESOURCE} sort={{ field: 'number', order: 'ASC' }}>
          <AutocompleteInput optionText="number" parse={(v: string) => v || null} helperText={false} />
        </ReferenceInput>
      </Grid>
      <Grid size={half}>
        <RelationInput />
      </Grid>
      <Grid size={12}>
        <TextArrayInput
          source="notificationEmails"
          validate={notificationEmails}
          helperText="shell.resident.help.notificationEmails"
        />
      </Grid>
      <Grid size={12}>
        <TextArrayInput source="groups" helperText="shell.resident.help.groups" />
      </Grid>
      <Grid size={half}>
        <BooleanInput source="vip" helperText="shell.resident.help.vip" />
      </Grid>
      <Grid size={half}>
        <BooleanInput source="paymentAgreement" helperText="shell.resident.help.paymentAgreement" />
      </Grid>
      <Grid size={half}>
        <BooleanInput source="prepaidGuarantee" helperText="shell.resident.help.prepaidGuarantee" />
      </Grid>
      <Grid size={half}>
        <BooleanInput source="isActive" helperText="shell.resident.help.isActive" />
      </Grid>
    </Grid>
  );
}

/** What is saved: the unit's relation only with a unit; the list's read-only columns stay behind. */
export function residentBody(data: Partial<Resident>) {
  const { id: _id, unitNumber: _unitNumber, unitLocked: _unitLocked, ...rest } = data;
  return { ...rest, unitId: rest.unitId || null, relation: rest.unitId ? (rest.relation ?? null) : null };
}
