// The plans' recurrence, through the `rrule` library (RFC 5545): the spec's three codes (7 weekly, 30 monthly, 365
// annual) are rules too, so that one code path answers every plan's dates. Dates are business days ('YYYY-MM-DD'),
// computed as UTC midnights (no time zone ever shifts a day). Every computation is bounded: custom rules repeat at
// most daily and at most RRULE_COUNT_MAX times, lists of dates stop at OCCURRENCE_CAP, and a custom rule is first
// checked in a worker thread with a time limit (a rule that never matches would make rrule scan to the year 9999).
import rrule, { type Options } from 'rrule';
import { MAINTENANCE_MESSAGES, OCCURRENCE_CAP, type Recurrence, RRULE_COUNT_MAX, RRULE_MAX } from '../manifest.ts';

const { RRule } = rrule;

export interface PlanRule {
  recurrence: Recurrence;
  rrule: string | null;
  startDate: string;
  untilDate: string | null;
}

/** A refusal of a rule, with the Spanish text for the field. */
export class RuleError extends Error {}

export const dayDate = (day: string) => new Date(`${day}T00:00:00.000Z`);
export const dateDay = (date: Date) => date.toISOString().slice(0, 10);

/** The keys a custom rule may use (no DTSTART, no time of day, no sub-daily parts). */
const KEYS = new Set([
  'FREQ',
  'INTERVAL',
  'COUNT',
  'UNTIL',
  'BYDAY',
  'BYMONTH',
  'BYMONTHDAY',
  'BYSETPOS',
  'BYYEARDAY',
  'BYWEEKNO',
  'WKST',
]);
const DAILY = 3;

/** A custom rule's text checked and normalised ('FREQ=MONTHLY;BYMONTHDAY=15'), or RuleError. */
export function normaliseRule(text: string): string {
  const rule = text
    .trim()
    .replace(/^RRULE:/i, '')
    .toUpperCase();
  if (!rule || rule.length > RRULE_MAX || !/^[A-Z0-9=;,+-]+$/.test(rule)) throw new RuleError(MAINTENANCE_MESSAGES.rruleInvalid);
  const parts = rule.split(';').filter(Boolean);
  const seen = new Set<string>();
  for (const part of parts) {
    const [key, value, extra] = part.split('=');
    if (!KEYS.has(key) || !value || extra !== undefined || seen.has(key)) throw new RuleError(MAINTENANCE_MESSAGES.rruleInvalid);
    seen.add(key);
  }
  if (!seen.has('FREQ')) throw new RuleError(MAINTENANCE_MESSAGES.rruleInvalid);
  let options: Partial<Options>;
  try {
    options = RRule.parseString(parts.join(';'));
    // rrule accepts some nonsense silently (NaN numbers): building the rule checks the rest.
    new RRule({ ...options, dtstart: new Date(Date.UTC(2026, 0, 1)) });
  } catch {
    throw new RuleError(MAINTENANCE_MESSAGES.rruleInvalid);
  }
  const numbers = [options.interval, options.count].filter((n) => n !== undefined && n !== null);
  if (numbers.some((n) => !Number.isInteger(n) || (n as number) < 1)) throw new RuleError(MAINTENANCE_MESSAGES.rruleInvalid);
  if (options.freq === undefined || options.freq > DAILY) throw new RuleError(MAINTENANCE_MESSAGES.rruleFrequency);
  if ((options.interval ?? 1) > 1000) throw new RuleError(MAINTENANCE_MESSAGES.rruleInvalid);
  if ((options.count ?? 0) > RRULE_COUNT_MAX) throw new RuleError(MAINTENANCE_MESSAGES.rruleCount);
  return parts.join(';');
}

/** The plan's rule. Monthly and annual keep the start's day, or the month's last day when the month is shorter. */
export function ruleOf(plan: PlanRule): InstanceType<typeof RRule> {
  const dtstart = dayDate(plan.startDate);
  const day = dtstart.getUTCDate();
  let options: Partial<Options>;
  switch (plan.recurrence) {
    case 'weekly':
      options = { freq: RRule.WEEKLY };
      break;
    case 'monthly':
      options = { freq: RRule.MONTHLY, bymonthday: day > 28 ? [day, -1] : [day], bysetpos: day > 28 ? [1] : undefined };
      break;
    case 'annual':
      options = {
        freq: RRule.YEARLY,
        bymonth: [dtstart.getUTCMonth() + 1],
        bymonthday: day > 28 ? [day, -1] : [day],
        bysetpos: day > 28 ? [1] : undefined,
      };
      break;
    default:
      options = RRule.parseString(normaliseRule(plan.rrule ?? ''));
  }
  const own = plan.untilDate ? dayDate(plan.untilDate) : null;
  const until = own && options.until ? (own < options.until ? own : options.until) : (own ?? options.until ?? null);
  return new RRule({ ...options, dtstart, until });
}

/** The plan's dates from `from` to `to` (both included), at most `cap`. */
export function occurrencesBetween(plan: PlanRule, from: string, to: string, cap = OCCURRENCE_CAP): string[] {
  if (to < from) return [];
  return ruleOf(plan)
    .between(dayDate(from), dayDate(to), true, (_d, i) => i < cap)
    .map(dateDay);
}

/** The plan's last date on or before `day`, or null. */
export function lastOnOrBefore(plan: PlanRule, day: string): string | null {
  if (day < plan.startDate) return null;
  const found = ruleOf(plan).before(dayDate(day), true);
  return found ? dateDay(found) : null;
}

/** The plan's first date on or after `day`, or null when its recurrence has ended. */
export function firstOnOrAfter(plan: PlanRule, day: string): string | null {
  const found = ruleOf(plan).after(dayDate(day < plan.startDate ? plan.startDate : day), true);
  return found ? dateDay(found) : null;
}

/** Whether `day` is one of the plan's dates. */
export const isOccurrence = (plan: PlanRule, day: string) => firstOnOrAfter(plan, day) === day;

export interface RuleSummary {
  /** The first date, or null when the rule gives none. */
  first: string | null;
  /** The last date when the recurrence ends (UNTIL, COUNT or the plan's end), null when it goes on. */
  endsOn: string | null;
}

/**
 * The first and last dates of a plan (its stored end). Run in a worker thread with a time limit for custom rules
 * (the host's workers): `plan` is plain data.
 */
export function summarise(plan: PlanRule): RuleSummary {
  const rule = ruleOf(plan);
  const firstDate = rule.after(dayDate(plan.startDate), true);
  if (!firstDate) return { first: null, endsOn: null };
  const { until, count } = rule.options;
  let last: Date | null = null;
  if (count) {
    const all = rule.all((_d, i) => i < Math.min(count, RRULE_COUNT_MAX));
    last = all.at(-1) ?? null;
  }
  if (until) {
    const beforeUntil = rule.before(until, true);
    if (beforeUntil && (!last || beforeUntil < last)) last = beforeUntil;
  }
  return { first: dateDay(firstDate), endsOn: last ? dateDay(last) : null };
}

/** A custom rule's stored dates reach this many days past the write day (a daily rule: about 3 years)… */
export const DATES_AHEAD_DAYS = 3 * 366;
/** …and are at most this many after it (plus PAST_KEPT up to it): the row stays small (4 bytes a date). */
export const DATES_AHEAD_MAX = 1100;
/** The dates up to the write day kept (the detail shows the latest 5). */
export const PAST_KEPT = 5;

const addDays = (day: string, n: number) => dateDay(new Date(dayDate(day).getTime() + n * 86_400_000));

export interface PlanDates extends RuleSummary {
  /**
   * A custom rule's dates: its latest PAST_KEPT on or before `today`, then the next ones up to DATES_AHEAD_DAYS
   * (every remaining one when the rule ends sooner). Null for the codes (weekly, monthly, annual): SQL computes them.
   */
  dates: string[] | null;
  /** Whether `check` is one of the plan's dates (null when no date was asked). */
  occurs: boolean | null;
}

/**
 * Everything a write needs of the rule, in one call: its first date and end, the dates to store, and whether a
 * date (marked done) is one of the rule's. Run in a worker thread with a time limit (`host.workers`): plain data.
 */
export function planDates(plan: PlanRule, today: string, check: string | null = null): PlanDates {
  const summary = summarise(plan);
  let dates: string[] | null = null;
  if (plan.recurrence === 'rrule' && summary.first) {
    // Dates start in 2000 at the earliest and repeat at most daily: at most some 10,000 up to today.
    const past =
      today >= plan.startDate
        ? ruleOf(plan).between(dayDate(plan.startDate), dayDate(today), true).slice(-PAST_KEPT).map(dateDay)
        : [];
    dates = [...past, ...occurrencesBetween(plan, addDays(today, 1), addDays(today, DATES_AHEAD_DAYS), DATES_AHEAD_MAX)];
  }
  return { ...summary, dates, occurs: check === null ? null : isOccurrence(plan, check) };
}
