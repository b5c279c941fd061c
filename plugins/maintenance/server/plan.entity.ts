// A maintenance plan (mantenimiento) and the record of its occurrences (done, reminded).
import { newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';
import { dayOf, lastDoneSql, lastDueSql, nextDueSql, type PlanColumns, statusSql, TODAY_SQL } from './plans.ts';

export const MaintenancePlanSchema = defineEntity({
  name: 'MaintenancePlan',
  tableName: 'maintenance_plans',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    complexId: p.uuid(),
    title: p.string().length(120),
    description: p.string().length(1000).nullable(),
    /** Free text: who does it. */
    supplier: p.string().length(120).nullable(),
    /** numeric(14,2), read as text and turned into cents. */
    cost: p.decimal().precision(14).scale(2).nullable(),
    /** 'weekly' | 'monthly' | 'annual' | 'rrule'. */
    recurrence: p.string().length(10),
    /** The custom rule (recurrence 'rrule'), normalised: 'FREQ=MONTHLY;BYMONTHDAY=15'. */
    rrule: p.string().length(300).nullable(),
    startDate: p.string().columnType('date'),
    /** The spec's rrule.until. */
    untilDate: p.string().columnType('date').nullable(),
    /** The last date when the recurrence ends (until or COUNT), computed when saved; null while it goes on. */
    endsOn: p.string().columnType('date').nullable(),
    /** The spec's ManFuturo: a maintenance foreseen for the future (planned, not yet contracted). */
    isFuture: p.boolean().default(false),
    // Today's dates and state, computed by SQL (the migration 0002's functions; a custom rule's dates stored on write):
    // the list filters and sorts on them, no read runs rrule.
    lastDue: p.formula<string | null>((cols) => dayOf(lastDueSql(cols as unknown as PlanColumns, TODAY_SQL))).type('string'),
    nextDue: p.formula<string | null>((cols) => dayOf(nextDueSql(cols as unknown as PlanColumns, TODAY_SQL))).type('string'),
    lastDone: p.formula<boolean>((cols) => lastDoneSql(cols as unknown as PlanColumns, TODAY_SQL)).type('boolean'),
    status: p.formula<string>((cols) => statusSql(cols as unknown as PlanColumns, TODAY_SQL)).type('string'),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export class MaintenancePlan extends MaintenancePlanSchema.class {}
MaintenancePlanSchema.setClass(MaintenancePlan);
