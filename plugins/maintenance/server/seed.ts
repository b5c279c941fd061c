// Demo plans per complex: weekly, monthly, annual, a custom RRULE, one that ended 3 months ago and one foreseen
// for the future (ManFuturo); some past dates done, the latest of others left pending (the bell shows them).
import { businessDay, centsToDecimal, type DemoSeedContext } from '@conjunto/core';
import type { Recurrence } from '../manifest.ts';
import { MaintenancePlan } from './plan.entity.ts';
import { monthsBefore, storeDates } from './plans.ts';
import { lastOnOrBefore, occurrencesBetween, planDates } from './recurrence.ts';
import { DAILY_SCHEDULE, dailySchedule } from './reminders.ts';

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface DemoPlan {
  title: string;
  description: string;
  supplier: string | null;
  cents: number | null;
  recurrence: Recurrence;
  rrule?: string;
  start: (today: string) => string;
  until?: (today: string) => string;
  isFuture?: boolean;
  /** Whether the latest date up to today is left pending. */
  pending?: boolean;
}

const PLANS: DemoPlan[] = [
  {
    title: 'Limpieza de piscina',
    description: 'Limpieza de fondo, paredes y filtros; control de cloro y pH.',
    supplier: 'Piscinas del Pacífico',
    cents: 8_500,
    recurrence: 'weekly',
    start: (t) => addDays(monthsBefore(t, 3), 0),
    pending: true,
  },
  {
    title: 'Mantenimiento de ascensores',
    description: 'Revisión mensual de cables, frenos y tableros de control.',
    supplier: 'Ascensores Andinos S.A.',
    cents: 42_000,
    recurrence: 'monthly',
    start: (t) => monthsBefore(t, 8),
  },
  {
    title: 'Fumigación general',
    description: 'Control de plagas en áreas comunales, bodegas y ductos.',
    supplier: 'Fumigadora Quito',
    cents: 65_050,
    recurrence: 'annual',
    start: (t) => monthsBefore(t, 14),
    pending: true,
  },
  {
    title: 'Revisión de bombas de agua',
    description: 'El primer lunes de cada mes: presión, fugas y tablero de bombas.',
    supplier: null,
    cents: null,
    recurrence: 'rrule',
    rrule: 'FREQ=MONTHLY;BYDAY=1MO',
    start: (t) => monthsBefore(t, 5),
  },
  {
    title: 'Pintura de fachadas',
    description: 'Trabajo por etapas, una torre por semana.',
    supplier: 'Pinturas Cóndor',
    cents: 1_250_000,
    recurrence: 'weekly',
    start: (t) => monthsBefore(t, 5),
    until: (t) => monthsBefore(t, 3),
  },
  {
    title: 'Impermeabilización de terrazas',
    description: 'Prevista antes de la temporada de lluvias.',
    supplier: null,
    cents: 300_000,
    recurrence: 'annual',
    start: (t) => addDays(t, 45),
    isFuture: true,
  },
];

export async function seedMaintenance({ em, complexes, schedule }: DemoSeedContext) {
  const today = businessDay();
  for (const complex of complexes) {
    const done: { planId: string; day: string }[] = [];
    const stored: { planId: string; dates: string[] | null }[] = [];
    for (const demo of PLANS) {
      const rule = {
        recurrence: demo.recurrence,
        rrule: demo.rrule ?? null,
        startDate: demo.start(today),
        untilDate: demo.until?.(today) ?? null,
      };
      const { endsOn, dates } = planDates(rule, today);
      const plan = em.create(MaintenancePlan, {
        complexId: complex.id,
        title: demo.title,
        description: demo.description,
        supplier: demo.supplier,
        cost: demo.cents == null ? null : centsToDecimal(demo.cents),
        recurrence: rule.recurrence,
        rrule: rule.rrule,
        startDate: rule.startDate,
        untilDate: rule.untilDate,
        endsOn,
        isFuture: demo.isFuture ?? false,
        createdAt: new Date(`${rule.startDate}T15:00:00Z`),
      } as never) as MaintenancePlan;
      stored.push({ planId: plan.id, dates });
      const last = lastOnOrBefore(rule, endsOn && endsOn < today ? endsOn : today);
      if (!last) continue;
      // The dates of the last two months before the latest are done; the latest too unless it is left pending.
      for (const day of occurrencesBetween(rule, monthsBefore(last, 2), last, 20))
        if (day !== last || !demo.pending) done.push({ planId: plan.id, day });
    }
    await em.flush();
    for (const s of stored) await storeDates(em, s.planId, s.dates);
    for (const d of done)
      await em.execute(
        `insert into maintenance_occurrences (id, complex_id, plan_id, due_on, done_at, notes)
         values (gen_random_uuid(), ?, ?, ?::date, (?::date + time '10:30') at time zone 'America/Guayaquil', 'Realizado sin novedad')`,
        [complex.id, d.planId, d.day, d.day],
      );
    await schedule(complex.id, DAILY_SCHEDULE, dailySchedule());
  }
}
