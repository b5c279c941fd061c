// Validators of the accounting forms, with the spec's texts (spec 000 §5).
import { hasTwoDecimals, MESSAGES } from '@conjunto/core';
import type { Validator } from 'react-admin';

const blank = (value: unknown) => value === null || value === undefined || value === '';

/** At most 2 decimals: 'Solo se aceptan valores con 2 decimales'. */
export const twoDecimals: Validator = (value) =>
  blank(value) || hasTwoDecimals(Number(value)) ? undefined : MESSAGES.twoDecimals;

/** Required, with '¡Este campo es requerido!' also for blank text. */
export const requiredValue: Validator = (value) =>
  blank(value) || (typeof value === 'string' && value.trim() === '') ? MESSAGES.required : undefined;

/** An amount above zero with at most 2 decimals. */
export const positiveAmount: Validator = (value) => {
  if (blank(value)) return MESSAGES.required;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) return 'accounting.shared.validation.positive';
  return hasTwoDecimals(n) ? undefined : MESSAGES.twoDecimals;
};

/** Zero or more, at most 2 decimals (discounts, advances). */
export const nonNegativeAmount: Validator = (value) => {
  if (blank(value)) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) return 'accounting.shared.validation.nonNegative';
  return hasTwoDecimals(n) ? undefined : MESSAGES.twoDecimals;
};
