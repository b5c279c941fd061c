// The plans' rules beyond the recurrence: what a plan's row answers (its last and next dates, done or not), the
// pending occurrences (the bell, the reminders) and the listing's window (spec 002 §9).
import { businessDay, fromCents, toCents } from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { ENDED_MONTHS_SHOWN, RECURRENCE_DAYS, type Recurrence } from '../manifest.ts';
import type { Plan } from '../schemas.ts';
import type { PlanRule } from './recurrence.ts';

type Em = SqlEntityManager;

/** A plan row as the list reads it (plain object) or as the entity holds it. */
export interface PlanRow {
  id: string;
  complexId: string;
  title: string;
  description?: string | null;
  supplier?: string | null;
  cost?: string | number | null;
  recurrence: string;
  rrule?: string | null;
  startDate: unknown;
  untilDate?: unknown;
  endsOn?: unknown;
  isFuture: boolean;
  createdAt: unknown;
  updatedAt: unknown;
}

/** A `date` column ('YYYY-MM-DD' text, or a Date at UTC midnight) as 'YYYY-MM-DD'. */
export const dayText = (value: unknown): string | null =>
  value instanceof Date ? value.toISOString().slice(0, 10) : value ? String(value).slice(0, 10) : null;
const iso = (value: unknown) => new Date(value as string).toISOString();
/** 'YYYY-MM-DD' as 'DD/MM/YYYY'. */
export const dayLabel = (day: string) => day.split('-').reverse().join('/');

/** The business day `months` months before `day` (clamped to the month's end). */
export function monthsBefore(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 - months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** The oldest end a listed plan may have (spec 002 §9: ended within the last 6 months). */
export const shownSince = (today = businessDay()) => monthsBefore(today, ENDED_MONTHS_SHOWN);

/** The rules' computations (recurrence.ts), run in the host's worker threads. */
export const RULE_TASKS = new URL('./recurrence.ts', import.meta.url);
/** A custom rule whose first date takes longer than this to find gives none (rrule would scan to the year 9999). */
export const RULE_TIME_LIMIT_MS = 2000;

export const ruleOfRow = (row: PlanRow): PlanRule => ({
  recurrence: row.recurrence as Recurrence,
  rrule: row.rrule ?? null,
  startDate: dayText(row.startDate) as string,
  untilDate: dayText(row.untilDate),
});

export const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** SQL of today in Guayaquil (the business day), for formulas that cannot take a parameter. */
export const TODAY_SQL = 'maintenance_today()';
/** A plan's columns in SQL: `{ id: 'p.id', ... }` (a formula's columns, or `planColumns('p')`). */
export interface PlanColumns {
  id: string;
  recurrence: string;
  startDate: string;
  endsOn: string;
}
export const planColumns = (a: string): PlanColumns => ({
  id: `${a}.id`,
  recurrence: `${a}.recurrence`,
  startDate: `${a}.start_date`,
  endsOn: `${a}.ends_on`,
});
// `dates` is no entity property (the entity never reads it): its column beside the id's, same table alias.
const datesOf = (c: PlanColumns) => String(c.id).replace(/("?)id\1$/, 'dates');
const args = (c: PlanColumns, day: string) => `${c.recurrence}, ${c.startDate}, ${c.endsOn}, ${datesOf(c)}, ${day}`;
/** SQL of the plan's last date on or before `day` (an SQL date), by the migration's functions. */
export const lastDueSql = (c: PlanColumns, day: string) => `maintenance_last_due(${args(c, day)})`;
/** SQL of the plan's first date after `day`, null once it ended. */
export const nextDueSql = (c: PlanColumns, day: string) => `maintenance_next_due(${args(c, day)})`;
/** SQL: the plan's last date up to `day` is marked done. */
export const lastDoneSql = (c: PlanColumns, day: string) =>
  `exists (select 1 from maintenance_occurrences o where o.plan_id = ${c.id} and o.done_at is not null and o.due_on = ${lastDueSql(c, day)})`;
/** SQL of the plan's status on `day` (see PlanSchema.status). */
export const statusSql = (c: PlanColumns, day: string) =>
  `(case when ${c.endsOn} < ${day} then 'ended' when ${c.startDate} > ${day} then 'scheduled'
        when ${lastDueSql(c, day)} is not null and not ${lastDoneSql(c, day)} then 'pending' else 'upToDate' end)`;
/** A date expression as 'YYYY-MM-DD' text (the driver would answer a Date at local midnight). */
export const dayOf = (sql: string) => `to_char(${sql}, 'YYYY-MM-DD')`;

/** The plan's computed columns (the entity's formulas, and `planById`), on today's date. */
export interface PlanComputed {
  lastDue?: unknown;
  nextDue?: unknown;
  lastDone?: boolean | null;
  status?: string | null;
}

export function toPlan(row: PlanRow & PlanComputed): Plan {
  const recurrence = row.recurrence as Recurrence;
  const lastDue = dayText(row.lastDue);
  return {
    id: row.id,
    title: row.title,
    description: row.description ?? null,
    supplier: row.supplier ?? null,
    cost: row.cost == null ? null : fromCents(toCents(row.cost)),
    recurrence,
    intervalDays: recurrence === 'rrule' ? null : RECURRENCE_DAYS[recurrence],
    rrule: row.rrule ?? null,
    startDate: dayText(row.startDate) as string,
    untilDate: dayText(row.untilDate),
    endsOn: dayText(row.endsOn),
    isFuture: Boolean(row.isFuture),
    status: (row.status ?? 'upToDate') as Plan['status'],
    lastDue,
    lastDone: Boolean(lastDue && row.lastDone),
    nextDue: dayText(row.nextDue),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

const P = planColumns('p');

/** One plan of the complex as the API answers it, read again (its computed columns after a write). */
export async function planById(em: Em, complexId: string, id: string): Promise<Plan | null> {
  const [row] = await em.execute<Record<string, unknown>[]>(
    `select p.id, p.complex_id as "complexId", p.title, p.description, p.supplier, p.cost::text as cost, p.recurrence,
            p.rrule, ${dayOf('p.start_date')} as "startDate", ${dayOf('p.until_date')} as "untilDate",
            ${dayOf('p.ends_on')} as "endsOn", p.is_future as "isFuture", p.created_at as "createdAt",
            p.updated_at as "updatedAt", ${dayOf(lastDueSql(P, TODAY_SQL))} as "lastDue",
            ${dayOf(nextDueSql(P, TODAY_SQL))} as "nextDue", ${lastDoneSql(P, TODAY_SQL)} as "lastDone",
            ${statusSql(P, TODAY_SQL)} as status
       from maintenance_plans p where p.complex_id = ? and p.id = ?`,
    [complexId, id],
  );
  return row ? toPlan(row as unknown as PlanRow & PlanComputed) : null;
}

/** Stores a custom rule's dates (null for the codes, which are arithmetic), inside the write's transaction. */
export async function storeDates(em: Em, id: string, dates: readonly string[] | null) {
  await em.execute('update maintenance_plans set dates = ?::date[] where id = ?', [dates ? `{${dates.join(',')}}` : null, id]);
}

/** A custom plan's stored dates (in order), for the detail's lists. */
export async function storedDates(em: Em, id: string): Promise<string[]> {
  const rows = await em.execute<{ day: string }[]>(
    `select to_char(u.d, 'YYYY-MM-DD') as day from maintenance_plans p, unnest(p.dates) with ordinality u(d, i)
      where p.id = ? order by u.i`,
    [id],
  );
  return rows.map((r) => r.day);
}

export interface PendingOccurrence {
  planId: string;
  title: string;
  supplier: string | null;
  day: string;
  reminded: boolean;
}

/** Plans a complex may have at most in one pending computation (a bound, far above any complex's). */
const PENDING_PLANS_MAX = 2000;

/**
 * The pending maintenance (spec 000 §2.9): per plan still running (not ended before today), its last date up to
 * today when not done (an older missed date is superseded by the newer one). Newest first, by SQL only; `limit`
 * bounds the rows answered (the bell asks 5), `total` counts them all.
 */
export async function pendingOccurrences(
  em: Em,
  complexId: string,
  today = businessDay(),
  limit = PENDING_PLANS_MAX,
): Promise<{ total: number; items: PendingOccurrence[] }> {
  const rows = await em.execute<
    { id: string; title: string; supplier: string | null; day: string; reminded: boolean; total: number }[]
  >(
    `select p.id, p.title, p.supplier, ${dayOf('x.due')} as day, o.reminded_at is not null as reminded,
            (count(*) over ())::int as total
       from maintenance_plans p
       cross join lateral (select ${lastDueSql(P, '?::date')} as due) x
       left join maintenance_occurrences o on o.plan_id = p.id and o.due_on = x.due
      where p.complex_id = ? and p.start_date <= ?::date and (p.ends_on is null or p.ends_on >= ?::date)
        and x.due is not null and o.done_at is null
      order by x.due desc, p.title, p.id
      limit ${Math.max(1, Math.min(Math.trunc(limit), PENDING_PLANS_MAX))}`,
    [today, complexId, today, today],
  );
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map((r) => ({ planId: r.id, title: r.title, supplier: r.supplier, day: r.day, reminded: Boolean(r.reminded) })),
  };
}

export const centsOrNull = (value: number | null | undefined) => (value == null ? null : toCents(value));
