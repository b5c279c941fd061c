// Demo: two scheduled e-mails in Los Álamos (a monthly payment reminder to units with overdue debts when accounting
// is on, else to every resident; a weekly notice to owners), and the switch on for the demo complexes.
import type { DemoSeedContext } from '@conjunto/core';
import { Mailing } from './mailing.entity.ts';
import { ruleOf } from './routes.ts';

/** Today's Guayaquil date plus `days`, at `time`, as 'YYYY-MM-DDTHH:mm'. */
const localAt = (days: number, time: string) =>
  `${new Date(Date.now() - 5 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10)}T${time}`;

export async function seedMailings(ctx: DemoSeedContext) {
  await ctx.switchOn(
    ctx.complexes.map((c) => c.id),
    'CorreosProgramados',
  );
  const alamos = ctx.complexes.find((c) => c.name.includes('Álamos')) ?? ctx.complexes[0];
  if (!alamos) return;
  const demo = [
    {
      subject: 'Recordatorio: pago de alícuota',
      body: 'Estimado residente:\n\nLe recordamos que la alícuota del mes vence el día 10. Puede pagarla en la oficina de administración o por transferencia.\n\nGracias por su puntualidad.\nAdministración',
      audience: 'all',
      recurrence: 'monthly',
      startAt: localAt(3, '08:00'),
    },
    {
      subject: 'Recolección de reciclaje',
      body: 'Estimados propietarios:\n\nEste sábado se recoge el material reciclable en la garita principal, de 09:00 a 12:00.\n\nAdministración',
      audience: 'owners',
      recurrence: 'weekly',
      startAt: localAt(1, '18:30'),
    },
  ] as const;
  // What the monthly reminder sent the last two months: one mail per resident, as the send job queues them.
  const residents = await ctx.directory(alamos.id).residents();
  for (const monthsAgo of [2, 1]) {
    const sentAt = new Date(`${localAt(3 - 30 * monthsAgo, '08:00')}:00-05:00`);
    for (const r of residents.slice(0, 12))
      ctx.sentMail(alamos.id, {
        to: [r.email],
        subject: demo[0].subject,
        text: demo[0].body,
        category: 'mailings.scheduled',
        sentAt,
      });
  }
  for (const d of demo) {
    const mailing = ctx.em.create(Mailing, { complexId: alamos.id, ...d, unitIds: [], isActive: true } as never);
    await ctx.em.flush();
    await ctx.schedule(alamos.id, mailing.id, {
      job: 'send',
      start: d.startAt,
      rrule: ruleOf(d.recurrence, d.startAt),
      data: { mailingId: mailing.id },
    });
  }
}
