// The schedules' recurrence rules (server/src/schedules.ts): Guayaquil wall times, the rules a plugin may give, and
// the next occurrence, bounded for rules that never match. The ticker and its lease are tested with a plugin
// (plugins/mailings/test) and across two processes (scale.test.ts).
import { describe, expect, it } from 'vitest';
import { localInstant, localText, nextOccurrence, normaliseRule } from '../src/schedules.ts';

describe('schedule recurrences', () => {
  it('reads wall times as Guayaquil (UTC-5) and refuses impossible ones', () => {
    expect(localInstant('2026-12-01T08:00').toISOString()).toBe('2026-12-01T13:00:00.000Z');
    expect(localText(new Date('2026-12-01T04:30:00Z'))).toBe('2026-11-30T23:30');
    for (const bad of ['2026-02-30T08:00', '2026-12-01T24:00', '2026-12-01 08:00', '1999-12-01T08:00', ''])
      expect(() => localInstant(bad), bad).toThrow();
  });

  it('accepts daily to yearly rules only, without time-of-day parts', () => {
    expect(normaliseRule('rrule:freq=weekly;byday=mo,fr')).toBe('FREQ=WEEKLY;BYDAY=MO,FR');
    for (const bad of [
      'FREQ=HOURLY',
      'FREQ=DAILY;BYHOUR=3',
      'FREQ=DAILY;FREQ=WEEKLY',
      'BYDAY=MO',
      'FREQ=DAILY;COUNT=0',
      'x'.repeat(201),
    ])
      expect(() => normaliseRule(bad), bad).toThrow();
  });

  it('answers the next occurrence at the same local time, a one-off once, and none for a rule that never matches', () => {
    const start = localInstant('2026-12-01T08:00');
    const weekly = { start, rrule: 'FREQ=WEEKLY;BYDAY=TU' };
    expect(nextOccurrence(weekly, new Date('2026-11-01T00:00:00Z'))?.toISOString()).toBe('2026-12-01T13:00:00.000Z');
    expect(nextOccurrence(weekly, start)?.toISOString()).toBe('2026-12-08T13:00:00.000Z');
    // After 19:00 Guayaquil on Monday (00:00 UTC Tuesday) the next is still Tuesday 08:00 local.
    expect(nextOccurrence(weekly, new Date('2026-12-08T00:30:00Z'))?.toISOString()).toBe('2026-12-08T13:00:00.000Z');
    expect(nextOccurrence({ start, rrule: null }, new Date('2026-11-30T00:00:00Z'))).toEqual(start);
    expect(nextOccurrence({ start, rrule: null }, start)).toBeNull();
    // A daily rule naming months could scan to the year 9999 (20 s): refused; a yearly one that never matches is quick.
    expect(() => normaliseRule('FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30')).toThrow();
    const began = Date.now();
    expect(nextOccurrence({ start, rrule: normaliseRule('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30') }, start)).toBeNull();
    expect(Date.now() - began).toBeLessThan(2000);
  });
});
