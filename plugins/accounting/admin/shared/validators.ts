// Validators of the accounting forms, with the spec's texts (spec 000 §5).
import { hasTwoDecimals, MESSAGES } from '@conjunto/core';
import type { Validator } from 'react-admin';
import { isBlank } from './values.ts';

// The shell's text for react-admin's required() (spec: '¡Este campo es requerido!'), in the user's language.
const REQUIRED = 'ra.validation.required';

/** At most 2 decimals: 'Solo se aceptan valores con 2 decimales'. */
export const twoDecimals: Validator = (value) =>
  isBlank(value) || hasTwoDecimals(Number(value)) ? undefined : MESSAGES.twoDecimals;

/** Marks a validator as refusing blanks, so that react-admin puts the '*' on its field's label (as required() does). */
const marked = (validator: Validator): Validator => Object.assign(validator, { isRequired: true });

/** Required, with '¡Este campo es requerido!' also for blank text. */
export const requiredValue: Validator = marked((value) =>
  isBlank(value) || (typeof value === 'string' && value.trim() === '') ? REQUIRED : undefined,
);

/** An amount above zero with at most 2 decimals. */
export const positiveAmount: Validator = marked((value) => {
  if (isBlank(value)) return REQUIRED;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) return 'accounting.shared.validation.positive';
  return hasTwoDecimals(n) ? undefined : MESSAGES.twoDecimals;
});

/** Zero or more, at most 2 decimals (discounts, advances). */
export const nonNegativeAmount: Validator = (value) => {
  if (isBlank(value)) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) return 'accounting.shared.validation.nonNegative';
  return hasTwoDecimals(n) ? undefined : MESSAGES.twoDecimals;
};

/** Empty, or a whole number from `min` to `max` (else the message `key`). */
export const integerBetween =
  (min: number, max: number, key: string): Validator =>
  (value) =>
    isBlank(value) || (Number.isInteger(Number(value)) && Number(value) >= min && Number(value) <= max) ? undefined : key;
