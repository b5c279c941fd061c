// A common area (área comunal) and how it is booked: by hours or by blocks, its opening hours and limits.
import { newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';

export const AreaSchema = defineEntity({
  name: 'ReservationArea',
  tableName: 'reservation_areas',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    complexId: p.uuid(),
    name: p.string().length(100),
    description: p.string().length(500).nullable(),
    rules: p.string().length(2000).nullable(),
    enabled: p.boolean().default(true),
    allowQr: p.boolean().default(false),
    capacity: p.integer().nullable(),
    price: p.decimal().precision(14).scale(2).default('0'),
    deposit: p.decimal().precision(14).scale(2).default('0'),
    mode: p.string().length(10).default('horas'),
    opensMinute: p.integer().default(480),
    closesMinute: p.integer().default(1320),
    slotMinutes: p.integer().default(60),
    maxSlots: p.integer().default(4),
    minNoticeHours: p.integer().default(24),
    maxPerUnitMonth: p.integer().nullable(),
    /** A bit per ISO weekday (Monday = 1). */
    weekdays: p.smallint().default(127),
    /** Stored files' ids (host.files), in their order. */
    photos: p.json<string[]>().defaultRaw("'[]'::jsonb"),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export class ReservationArea extends AreaSchema.class {}
AreaSchema.setClass(ReservationArea);
