// A rule of the whole form rather than of one input ('Agregue al menos un cobro…', 'Seleccione al menos una
// deuda.'): checked with the inputs when the form is submitted, its message shown in an alert. After a first
// submit it is checked again whenever `recheck` changes (a value the rule reads from outside the form).
import Alert from '@mui/material/Alert';
import { useEffect } from 'react';
import { useInput, ValidationError, type Validator } from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';

export function FormRule({ name, validate, recheck }: { name: string; validate: Validator; recheck?: unknown }) {
  const { fieldState } = useInput({ source: name, validate });
  const { trigger } = useFormContext();
  const { isSubmitted } = useFormState();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `recheck` is the trigger
  useEffect(() => {
    if (isSubmitted) void trigger(name);
  }, [recheck, isSubmitted, trigger, name]);
  // react-admin encodes the message: ValidationError decodes and translates it.
  const message = fieldState.error?.message;
  return message ? (
    <Alert severity="error" sx={{ my: 1 }}>
      <ValidationError error={message} />
    </Alert>
  ) : null;
}
