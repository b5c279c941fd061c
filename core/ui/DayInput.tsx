// react-admin's DateInput, read and typed as DD/MM/YYYY (the field itself: DayTextField.tsx).
import type { TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { FieldTitle, InputHelperText, type InputProps, sanitizeInputRestProps, useInput, type Validator } from 'react-admin';
import { isDay } from '../format.ts';
import { DayTextField, INVALID_DAY } from './DayTextField.tsx';

/** Typed text that is no calendar day fails the form (the filter form keeps its last good filter). */
const validDay: Validator = (value) => (value == null || value === '' || isDay(value) ? undefined : INVALID_DAY);

export interface DayInputProps
  extends InputProps,
    Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'defaultValue' | 'label' | 'helperText' | 'onBlur'> {
  helperText?: ReactNode | false;
}

/** react-admin's DateInput, read and typed as DD/MM/YYYY. */
export function DayInput({
  source,
  label,
  helperText,
  validate,
  defaultValue,
  resource,
  format,
  parse,
  onBlur,
  ...rest
}: DayInputProps) {
  const validators = [validDay, ...(Array.isArray(validate) ? validate : validate ? [validate] : [])];
  const { field, fieldState, isRequired, id } = useInput({
    source,
    resource,
    defaultValue,
    format,
    parse,
    onBlur,
    validate: validators,
  });
  const showError = fieldState.invalid;
  return (
    <DayTextField
      {...sanitizeInputRestProps(rest)}
      id={id}
      name={field.name}
      inputRef={field.ref}
      className={`ra-input ra-input-${source} ${rest.className ?? ''}`}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      label={
        label !== '' && label !== false ? (
          <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />
        ) : null
      }
      error={showError}
      helperText={
        helperText === false && !showError ? undefined : (
          <InputHelperText error={showError ? fieldState.error?.message : undefined} helperText={helperText} />
        )
      }
    />
  );
}
