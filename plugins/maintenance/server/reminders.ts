// Reminders (switch 'Recordatorios'): one e-mail to the complex's administrators for each maintenance date that is
// due (today or overdue, not done), sent once per date. The host has no recurring schedules (server/src/jobs.ts:
// no cron), so the job is submitted by the writes: on every plan write, delayed until 07:00 (Guayaquil) of the
// plan's pending date (an overdue one: at once), else of its next date. Reads queue nothing. The switch is read when submitting (jobs have
// no request); the job itself is idempotent: a date is marked reminded in the same transaction as its e-mail, so a
// retry or a second job sends nothing twice.
import { businessDay, type HostServices, type JobContext, type JobInfo } from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import { dayLabel, pendingOccurrences } from './plans.ts';

export const REMINDER_JOB = 'reminders';
export const REMINDER_SWITCH = 'Recordatorios';
/** The hour of the business day (Guayaquil, UTC-5) when a date's reminder goes: 07:00 = 12:00 UTC. */
const REMINDER_UTC_HOUR = 12;

export async function sendReminders(job: JobInfo, ctx: JobContext) {
  const em = ctx.em as SqlEntityManager;
  const today = businessDay();
  const due = (await pendingOccurrences(em, job.complexId, today)).items.filter((d) => !d.reminded);
  if (!due.length) return { sent: 0 };
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
    if (!claimed.length || !admins.length) return { sent: 0, dates: claimed.length };
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
    return { sent: 1, dates: claimed.length };
  });
}

/** Seconds until 07:00 (Guayaquil) of `day`, at least 0. */
export function secondsUntil(day: string, now = Date.now()): number {
  const at = Date.parse(`${day}T${String(REMINDER_UTC_HOUR).padStart(2, '0')}:00:00Z`);
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** Queues the reminder job for `day` (once per complex and day) while the switch is on. Outside any transaction. */
export async function scheduleReminder(host: HostServices, request: FastifyRequest, day: string | null) {
  if (!day || !host.switchOn(request, REMINDER_SWITCH)) return null;
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
