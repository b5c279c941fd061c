// Money is exact (DESIGN §5): integer cents in code, numeric(14,2) in the database, half-up to 2 decimals.
// Cents stay far below 2^53, so plain numbers hold them exactly; only the products use BigInt.

/** Largest amount numeric(14,2) holds, in cents. */
export const MAX_CENTS = 999_999_999_999_99;

const DECIMAL = /^-?\d+(\.\d{1,2})?$/;

/** Whether `value` (a JSON number or a decimal string) has at most 2 decimals. */
export function hasTwoDecimals(value: number | string): boolean {
  if (typeof value === 'string') return DECIMAL.test(value.trim());
  return Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-7;
}

/** Exact cents of a JSON number or a numeric string from the database ('12.30', '-4', 12.3). */
export function toCents(value: number | string | null | undefined): number {
  if (value == null || value === '') return 0;
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d{1,2})\d*)?$/.exec(text);
  if (!match) throw new RangeError(`not an amount: ${value}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** Cents as the number the API answers (12.3 for 1230). */
export const fromCents = (cents: number): number => cents / 100;

/** Cents as a numeric literal for SQL ('12.30'). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** `cents * numerator / denominator`, rounded half-up (away from zero) to a cent. */
export function mulDivHalfUp(cents: number, numerator: bigint, denominator: bigint): number {
  const product = BigInt(cents) * numerator;
  const negative = product < 0n !== denominator < 0n;
  const a = product < 0n ? -product : product;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (a * 2n + d) / (2n * d);
  return Number(negative ? -rounded : rounded);
}

/** A percentage with up to 4 decimals (a unit's aliquot, '2.7778') of an amount, half-up to a cent. */
export function percentOf(cents: number, percent: number | string): number {
  const text = typeof percent === 'number' ? percent.toFixed(4) : percent.trim();
  const [whole, fraction = ''] = text.split('.');
  const scaled = BigInt(whole) * 10_000n + BigInt(`${whole.startsWith('-') ? '-' : ''}${fraction.padEnd(4, '0').slice(0, 4)}`);
  return mulDivHalfUp(cents, scaled, 1_000_000n);
}
