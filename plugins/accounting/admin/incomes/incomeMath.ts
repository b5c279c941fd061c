// Exact sums of an income form: received = lines + advance - discount (spec 000 §4), all in cents.
import { hasTwoDecimals, toCents } from '@conjunto/core';

/** Cents of a form value; 0 for blanks and anything that is not an amount. */
export function centsOf(value: unknown): number {
  if (value === null || value === undefined || value === '') return 0;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || !hasTwoDecimals(n)) return 0;
  return toCents(n);
}

export interface LineValue {
  receivableId?: string | null;
  description?: string;
  category?: string | null;
  subcategory?: string | null;
  amount?: number | string | null;
  /** What the debt still owes (lines that pay a debt), for the form only. */
  maxAmount?: number | null;
}

export function incomeTotals(lines: LineValue[] | undefined, advance: unknown, discount: unknown) {
  const linesCents = (lines ?? []).reduce((sum, l) => sum + centsOf(l.amount), 0);
  const advanceCents = centsOf(advance);
  const discountCents = centsOf(discount);
  return { linesCents, advanceCents, discountCents, totalCents: linesCents + advanceCents - discountCents };
}
