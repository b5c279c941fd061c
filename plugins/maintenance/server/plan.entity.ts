// A maintenance plan (mantenimiento) and the record of its occurrences (done, reminded).
import { newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';

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
