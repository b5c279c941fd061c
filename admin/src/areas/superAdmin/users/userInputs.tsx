// A platform user's fields: identity, roles (core's), the complexes they may act on, their company.
import { ALL_ROLES, USER_LIMITS } from '@conjunto/core';
import Grid from '@mui/material/Grid';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  email,
  maxLength,
  minLength,
  PasswordInput,
  ReferenceArrayInput,
  ReferenceInput,
  required,
  SelectArrayInput,
  TextInput,
} from 'react-admin';

export const ROLE_CHOICES = ALL_ROLES.map((id) => ({ id, name: `shell.roles.${id}` }));

/** Spec 002 §5: ID numbers hold digits, + and / only. */
const idNumber = (value: unknown) =>
  value == null || value === '' || /^[\d+/]+$/.test(String(value)) ? undefined : 'shell.validation.idNumber';

const half = { xs: 12, sm: 6 } as const;

export function UserInputs({ create = false }: { create?: boolean }) {
  return (
    <Grid container columnSpacing={2} sx={{ width: '100%', maxWidth: 900 }}>
      <Grid size={half}>
        <TextInput source="firstName" validate={[required(), maxLength(USER_LIMITS.firstName)]} />
      </Grid>
      <Grid size={half}>
        <TextInput source="lastName" validate={[required(), maxLength(USER_LIMITS.lastName)]} />
      </Grid>
      <Grid size={half}>
        <TextInput source="email" type="email" validate={[required(), email(), maxLength(USER_LIMITS.email)]} />
      </Grid>
      <Grid size={half}>
        <TextInput source="phone" validate={maxLength(USER_LIMITS.phone)} />
      </Grid>
      <Grid size={half}>
        <TextInput source="idNumber" validate={[idNumber, maxLength(USER_LIMITS.idNumber)]} />
      </Grid>
      <Grid size={half}>
        {create ? (
          <PasswordInput
            source="password"
            validate={[required(), minLength(USER_LIMITS.passwordMin)]}
            autoComplete="new-password"
          />
        ) : (
          // Platform staff may set a new password; empty keeps the current one.
          <PasswordInput
            source="password"
            label="shell.user.newPassword"
            helperText="shell.user.newPasswordHelp"
            validate={minLength(USER_LIMITS.passwordMin)}
            parse={(v: string) => v || undefined}
            autoComplete="new-password"
          />
        )}
      </Grid>
      <Grid size={12}>
        <SelectArrayInput source="roles" choices={ROLE_CHOICES} validate={required()} />
      </Grid>
      <Grid size={12}>
        <ReferenceArrayInput source="complexIds" reference="conjuntos" perPage={100} sort={{ field: 'name', order: 'ASC' }}>
          <AutocompleteArrayInput optionText="name" />
        </ReferenceArrayInput>
      </Grid>
      <Grid size={half}>
        <ReferenceInput source="companyId" reference="Company">
          <AutocompleteInput optionText="name" />
        </ReferenceInput>
      </Grid>
      <Grid size={half}>
        <BooleanInput source="isActive" />
      </Grid>
    </Grid>
  );
}
