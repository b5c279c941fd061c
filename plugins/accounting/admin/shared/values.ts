// Form values as the API and the totals take them: trimmed text, null for "none", exact cents.
import { hasTwoDecimals, toCents } from '@conjunto/core';

export const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/** Trimmed text, or null when blank. */
export const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** A chosen id, or null when none was chosen. */
export const idOrNull = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** Cents of an amount typed in a form; 0 for blanks and anything that is not an amount (yet). */
export function centsOf(value: unknown): number {
  if (isBlank(value)) return 0;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || !hasTwoDecimals(n)) return 0;
  return toCents(n);
}
