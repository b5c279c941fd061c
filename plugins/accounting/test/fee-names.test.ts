// Fee names: the spec's '{month}' token and the Spanish screen's '{mes}' both become the month and year.
import { describe, expect, it } from 'vitest';
import { monthName } from '../server/receivables.ts';

describe('monthName', () => {
  it("replaces '{mes}' and '{month}' with the month in Spanish and the year", () => {
    expect(monthName('Expensa {mes}', '2026-11')).toBe('Expensa noviembre 2026');
    expect(monthName('Expensa {month}', '2027-01')).toBe('Expensa enero 2027');
    expect(monthName('{mes} / {month}', '2026-03')).toBe('marzo 2026 / marzo 2026');
    expect(monthName('Expensa fija', '2026-03')).toBe('Expensa fija');
  });
});
