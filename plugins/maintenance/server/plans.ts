// The plans' rules beyond the recurrence: what a plan's row answers (its last and next dates, done or not), the
// pending occurrences (the bell, the reminders) and the listing's window (spec 002 §9).
import { businessDay, fromCents, toCents } from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { ENDED_MONTHS_SHOWN, RECURRENCE_DAYS, type Recurrence } from '../manifest.ts';
import type { Plan } from '../schemas.ts';
import { firstOnOrAfter, lastOnOrBefore, type PlanRule } from './recurrence.ts';

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

export const ruleOfRow = (row: PlanRow): PlanRule => ({
  recurrence: row.recurrence as Recurrence,
  rrule: row.rrule ?? null,
  startDate: dayText(row.startDate) as string,
  untilDate: dayText(row.untilDate),
});

export interface PlanFacts {
  lastDue: string | null;
  nextDue: string | null;
}

/** The plan's last date up to today and next date after it. */
export function factsOf(row: PlanRow, today: string): PlanFacts {
  const rule = ruleOfRow(row);
  const endsOn = dayText(row.endsOn);
  const lastDue = lastOnOrBefore(rule, endsOn && endsOn < today ? endsOn : today);
  const nextDue = endsOn && endsOn <= today ? null : firstOnOrAfter(rule, nextDay(today));
  return { lastDue, nextDue };
}

export const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Which of the (plan, date) pairs are done. */
export async function doneSet(
  em: Em,
  complexId: string,
  pairs: readonly { planId: string; day: string }[],
): Promise<Set<string>> {
  if (!pairs.length) return new Set();
  const rows = await em.execute<{ plan_id: string; due: string }[]>(
    `select plan_id, to_char(due_on, 'YYYY-MM-DD') as due from maintenance_occurrences
      where complex_id = ? and done_at is not null and (plan_id, due_on) in (${pairs.map(() => '(?::uuid, ?::date)').join(', ')})`,
    [complexId, ...pairs.flatMap((p) => [p.planId, p.day])],
  );
  return new Set(rows.map((r) => `${r.plan_id}|${r.due}`));
}

export function toPlan(row: PlanRow, facts: PlanFacts, done: boolean, today: string): Plan {
  const startDate = dayText(row.startDate) as string;
  const endsOn = dayText(row.endsOn);
  const status: Plan['status'] =
    endsOn && endsOn < today ? 'ended' : startDate > today ? 'scheduled' : facts.lastDue && !done ? 'pending' : 'upToDate';
  const recurrence = row.recurrence as Recurrence;
  return {
    id: row.id,
    title: row.title,
    description: row.description ?? null,
    supplier: row.supplier ?? null,
    cost: row.cost == null ? null : fromCents(toCents(row.cost)),
    recurrence,
    intervalDays: recurrence === 'rrule' ? null : RECURRENCE_DAYS[recurrence],
    rrule: row.rrule ?? null,
    startDate,
    untilDate: dayText(row.untilDate),
    endsOn,
    isFuture: Boolean(row.isFuture),
    status,
    lastDue: facts.lastDue,
    lastDone: Boolean(facts.lastDue && done),
    nextDue: facts.nextDue,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** Rows -> items, with one query for the done state of their last dates. */
export async function toPlans(em: Em, complexId: string, rows: readonly PlanRow[], today = businessDay()): Promise<Plan[]> {
  const facts = rows.map((r) => factsOf(r, today));
  const done = await doneSet(
    em,
    complexId,
    rows.flatMap((r, i) => (facts[i].lastDue ? [{ planId: r.id, day: facts[i].lastDue as string }] : [])),
  );
  return rows.map((r, i) => toPlan(r, facts[i], done.has(`${r.id}|${facts[i].lastDue}`), today));
}

export interface PendingOccurrence {
  planId: string;
  title: string;
  supplier: string | null;
  day: string;
  reminded: boolean;
}

/** Plans a complex may have at most in the pending computation (a bound, far above any complex's). */
const PENDING_PLANS_MAX = 2000;

/**
 * The pending maintenance (spec 000 §2.9): per plan still running (not ended before today), its last date up to
 * today when not done (an older missed date is superseded by the newer one). Newest first.
 */
export async function pendingOccurrences(em: Em, complexId: string, today = businessDay()): Promise<PendingOccurrence[]> {
  const rows = await em.execute<
    {
      id: string;
      title: string;
      supplier: string | null;
      recurrence: string;
      rrule: string | null;
      start: string;
      until: string | null;
      ends: string | null;
    }[]
  >(
    `select id, title, supplier, recurrence, rrule, to_char(start_date, 'YYYY-MM-DD') as start,
            to_char(until_date, 'YYYY-MM-DD') as until, to_char(ends_on, 'YYYY-MM-DD') as ends
       from maintenance_plans
      where complex_id = ? and start_date <= ?::date and (ends_on is null or ends_on >= ?::date)
      order by id limit ${PENDING_PLANS_MAX}`,
    [complexId, today, today],
  );
  const due = rows.flatMap((r) => {
    const day = lastOnOrBefore(
      { recurrence: r.recurrence as Recurrence, rrule: r.rrule, startDate: r.start, untilDate: r.until },
      today,
    );
    return day ? [{ planId: r.id, title: r.title, supplier: r.supplier, day }] : [];
  });
  if (!due.length) return [];
  const known = await em.execute<{ plan_id: string; due: string; done: boolean; reminded: boolean }[]>(
    `select plan_id, to_char(due_on, 'YYYY-MM-DD') as due, done_at is not null as done, reminded_at is not null as reminded
       from maintenance_occurrences
      where complex_id = ? and (plan_id, due_on) in (${due.map(() => '(?::uuid, ?::date)').join(', ')})`,
    [complexId, ...due.flatMap((d) => [d.planId, d.day])],
  );
  const state = new Map(known.map((k) => [`${k.plan_id}|${k.due}`, k]));
  return due
    .filter((d) => !state.get(`${d.planId}|${d.day}`)?.done)
    .map((d) => ({ ...d, reminded: Boolean(state.get(`${d.planId}|${d.day}`)?.reminded) }))
    .sort((a, b) => (a.day === b.day ? a.title.localeCompare(b.title) : a.day < b.day ? 1 : -1));
}

export const centsOrNull = (value: number | null | undefined) => (value == null ? null : toCents(value));
