// The daily run of a complex's plans (a host schedule, 07:00 Guayaquil, set by the first plan write and seeded for
// the demo): it carries the custom rules' stored dates forward (they are kept for a horizon, see recurrence.ts), then,
// while the switch 'Recordatorios' is on, e-mails the complex's administrators once for each maintenance date that
// is due (today or overdue, not done). A write whose plan is already due reminds at once instead of the next morning.
// Idempotent: a date is marked reminded in the same transaction as its e-mail, so a retry or a second job sends
// nothing twice.
import { businessDay, type HostServices, type JobContext, type JobInfo } from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import { dayLabel, type PlanRow, pendingOccurrences, RULE_TASKS, RULE_TIME_LIMIT_MS, ruleOfRow, storeDates } from './plans.ts';
import type { PlanDates } from './recurrence.ts';

export const REMINDER_JOB = 'reminders';
export const REMINDER_SWITCH = 'Recordatorios';
/** The complex's daily schedule (host.schedules) of REMINDER_JOB. */
export const DAILY_SCHEDULE = 'daily';
/** A custom rule's stored dates are carried forward when fewer than this many days of them are left. */
const REFRESH_WITHIN_DAYS = 366;
/** The hour of the business day (Guayaquil, UTC-5) when a date's reminder goes: 07:00 = 12:00 UTC. */
const REMINDER_UTC_HOUR = 12;

export async function sendReminders(job: JobInfo, ctx: JobContext) {
  const em = ctx.em as SqlEntityManager;
  const today = businessDay();
  const refreshed = await refreshStoredDates(job.complexId, today, ctx);
  if (!ctx.switchOn(REMINDER_SWITCH)) return { refreshed, sent: 0 };
  const due = (await pendingOccurrences(em, job.complexId, today)).items.filter((d) => !d.reminded);
  if (!due.length) return { refreshed, sent: 0 };
  const admins = await em.execute<{ email: string }[]>(
    `select distinct email from directory_staff
      where complex_id = ? and is_active and roles @> '["administrador"]'::jsonb and email is not null`,
    [job.complexId],
  );
  return em.transactional(async (tx) => {
    const claimed: typeof due = [];
    for (const d of due) {
      // Claims the date: a concurrent job or a retry finds it reminded and skips it.
      const rows = await tx.execute<{ id: string }[]>(
        `insert into maintenance_occurrences (id, complex_id, plan_id, due_on, reminded_at)
         values (gen_random_uuid(), ?, ?, ?::date, now())
         on conflict (plan_id, due_on) do update set reminded_at = now()
           where maintenance_occurrences.reminded_at is null and maintenance_occurrences.done_at is null
         returning id`,
        [job.complexId, d.planId, d.day],
      );
      if (rows.length) claimed.push(d);
    }
    if (!claimed.length || !admins.length) return { refreshed, sent: 0, dates: claimed.length };
    const lines = claimed.map((d) => `• ${d.title}: ${dayLabel(d.day)}${d.supplier ? ` (${d.supplier})` : ''}`);
    await ctx.queueMail(tx, {
      to: admins.map((a) => a.email),
      subject:
        claimed.length === 1 ? `Recordatorio de mantenimiento: ${claimed[0].title}` : 'Recordatorio de mantenimientos pendientes',
      text: `Los siguientes mantenimientos están pendientes:\n\n${lines.join('\n')}\n\nMárquelos como realizados en Mantenimiento.`,
      category: 'maintenance.reminder',
    });
    for (const d of claimed)
      ctx.audit(tx, {
        resource: 'maintenance-plans',
        recordId: d.planId,
        action: 'remind',
        changes: { date: d.day, to: admins.length },
        description: d.title,
      });
    return { refreshed, sent: 1, dates: claimed.length };
  });
}

/**
 * The custom rules whose stored dates are missing (saved before they were stored) or run out within a year get them
 * again from today, each computed in a worker thread with the writes' time limit (one that hits it is left as is).
 */
async function refreshStoredDates(complexId: string, today: string, ctx: JobContext): Promise<number> {
  const em = ctx.em as SqlEntityManager;
  const plans = await em.execute<Pick<PlanRow, 'id' | 'recurrence' | 'rrule' | 'startDate' | 'untilDate'>[]>(
    `select id, recurrence, rrule, start_date as "startDate", until_date as "untilDate" from maintenance_plans
      where complex_id = ? and recurrence = 'rrule' and (ends_on is null or ends_on >= ?::date)
        and (dates is null or dates[array_upper(dates, 1)] < ?::date + ?::int)`,
    [complexId, today, today, REFRESH_WITHIN_DAYS],
  );
  let refreshed = 0;
  for (const plan of plans) {
    try {
      const { dates } = await ctx.workers.run<PlanDates>(RULE_TASKS, 'planDates', [ruleOfRow(plan as PlanRow), today, null], {
        timeoutMs: RULE_TIME_LIMIT_MS,
      });
      await storeDates(em, plan.id, dates);
      refreshed++;
    } catch (error) {
      ctx.log.warn({ err: error, planId: plan.id }, 'maintenance dates not refreshed');
    }
  }
  return refreshed;
}

/** In a plan write's transaction: the complex keeps its daily run while it has plans, and loses it with the last. */
export async function syncDailySchedule(host: HostServices, request: FastifyRequest, tx: SqlEntityManager) {
  const [plan] = await tx.execute('select 1 from maintenance_plans where complex_id = ? limit 1', [
    host.context(request).complexId,
  ]);
  if (plan) await host.schedules.ensure(request, tx, DAILY_SCHEDULE, dailySchedule());
  else await host.schedules.remove(request, tx, DAILY_SCHEDULE);
}

/** The schedule: every day at 07:00 in Guayaquil, from today. */
export const dailySchedule = () => ({ job: REMINDER_JOB, start: `${businessDay()}T07:00`, rrule: 'FREQ=DAILY' });

/** Seconds until 07:00 (Guayaquil) of `day`, at least 0. */
export function secondsUntil(day: string, now = Date.now()): number {
  const at = Date.parse(`${day}T${String(REMINDER_UTC_HOUR).padStart(2, '0')}:00:00Z`);
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * Queues the reminder job for `day` when it is already due (at once, or at 07:00 if that is still to come), once per
 * complex and day, while the switch is on. Outside any transaction.
 */
export async function scheduleReminder(host: HostServices, request: FastifyRequest, day: string | null) {
  // A later date is the daily schedule's.
  if (!day || day > businessDay() || !host.switchOn(request, REMINDER_SWITCH)) return null;
  try {
    return await host.submitJob(
      request,
      REMINDER_JOB,
      { day },
      { singletonKey: `day:${day}`, startAfterSeconds: secondsUntil(day) },
    );
  } catch (error) {
    // A reminder never fails the write that asked for it.
    request.log.warn({ err: error }, 'maintenance reminder not scheduled');
    return null;
  }
}
