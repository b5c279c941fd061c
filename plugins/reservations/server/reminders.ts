// The evening reminder (switch 'Recordatorios'): a daily host schedule per complex at 18:00 Guayaquil, set with the
// first area and seeded for the demo, pushes (and e-mails with ReservasEmail) each resident whose reservation is
// approved for tomorrow. Idempotent: a reservation is claimed (reminded_at) in the same transaction as its push and
// e-mail, so a retry or a second job sends nothing twice.
import { businessDay, formatDateTime, type HostServices, type JobContext, type JobInfo } from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import { instantOf } from './slots.ts';

export const REMINDER_JOB = 'reminders';
export const REMINDER_SWITCH = 'Recordatorios';
/** The complex's daily schedule (host.schedules) of REMINDER_JOB. */
export const REMINDER_SCHEDULE = 'reminders';
const DAY_MS = 86_400_000;

/** Every day at 18:00 in Guayaquil, from today. */
export const reminderSchedule = () => ({ job: REMINDER_JOB, start: `${businessDay()}T18:00`, rrule: 'FREQ=DAILY' });

export async function remindReservations(job: JobInfo, ctx: JobContext) {
  if (!ctx.switchOn(REMINDER_SWITCH)) return { sent: 0 };
  // Tomorrow of the occurrence's day (Guayaquil); a job run by hand: of today.
  const at = job.schedule ? new Date(job.schedule.occurrence) : new Date();
  const day = businessDay(new Date(at.getTime() + DAY_MS));
  const next = businessDay(new Date(at.getTime() + 2 * DAY_MS));
  const em = ctx.em as SqlEntityManager;
  return em.transactional(async (tx) => {
    const claimed = await tx.execute<{ id: string; userId: string; startsAt: Date; area: string }[]>(
      `update reservations r set reminded_at = now() from reservation_areas a
        where a.id = r.area_id and r.complex_id = ? and r.status = 'aprobada' and r.reminded_at is null
          and r.user_id is not null and r.starts_at >= ? and r.starts_at < ?
        returning r.id, r.user_id as "userId", r.starts_at as "startsAt", a.name as area`,
      [job.complexId, instantOf(day, 0), instantOf(next, 0)],
    );
    const mail = ctx.switchOn('ReservasEmail');
    for (const r of claimed) {
      const title = 'Recordatorio de reserva';
      const body = `${r.area}, mañana ${formatDateTime(r.startsAt)}`;
      await ctx.push.queue(tx, {
        userIds: [r.userId],
        title,
        body,
        url: '/#/residente',
        complexId: job.complexId,
        category: 'reservations.recordatorio',
        data: { reservationId: r.id },
      });
      const person = mail ? await ctx.directory(tx).person(r.userId) : null;
      if (person?.email)
        await ctx.queueMail(tx, {
          to: [person.email],
          subject: `${title}: ${r.area}`,
          text: `Le recordamos su reserva de ${r.area} para mañana, ${formatDateTime(r.startsAt)}.`,
          category: 'reservations.recordatorio',
        });
    }
    return { sent: claimed.length };
  });
}

/** After an area write: the complex keeps its evening schedule while it has areas, and loses it with the last one. */
export async function syncReminderSchedule(host: HostServices, request: FastifyRequest) {
  const em = host.em(request) as SqlEntityManager;
  const [area] = await em.execute('select 1 from reservation_areas where complex_id = ? limit 1', [
    host.context(request).complexId,
  ]);
  if (area) await host.schedules.ensure(request, em, REMINDER_SCHEDULE, reminderSchedule());
  else await host.schedules.remove(request, em, REMINDER_SCHEDULE);
}
