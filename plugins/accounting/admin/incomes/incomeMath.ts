// Exact sums of an income form: received = lines + advance - discount (spec 000 §4), all in cents.
import { centsOf } from '../shared/values.ts';

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
