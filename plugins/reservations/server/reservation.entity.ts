// A reservation of a common area by a unit (Inicio, Fin, Usuario, Aprobada, Hash; spec 002 §3), with its code.
import { newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';

type Cols = Record<string, string>;
const view = (sql: (cols: Cols) => string) => p.formula<string>((cols) => sql(cols as Cols)).type('string');

export const ReservationSchema = defineEntity({
  name: 'Reservation',
  tableName: 'reservations',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    complexId: p.uuid(),
    areaId: p.uuid(),
    areaName: view((c) => `(select a.name from reservation_areas a where a.id = ${c.areaId})`),
    unitId: p.uuid(),
    unitNumber: view((c) => `(select u.number from directory_units u where u.id = ${c.unitId})`),
    unitSort: view((c) => `(select u.number_sort from directory_units u where u.id = ${c.unitId})`),
    userId: p.uuid().nullable(),
    userName: view((c) => `(select pp.name from directory_people pp where pp.id = ${c.userId})`),
    startsAt: p.datetime(),
    endsAt: p.datetime(),
    status: p.string().length(10).default('pendiente'),
    hash: p.string().length(15),
    code: p.string().length(8).nullable(),
    codeValidFrom: p.datetime().nullable(),
    codeValidUntil: p.datetime().nullable(),
    guests: p.integer().nullable(),
    notes: p.string().length(500).nullable(),
    price: p.decimal().precision(14).scale(2).default('0'),
    deposit: p.decimal().precision(14).scale(2).default('0'),
    charged: p.boolean().default(false),
    reason: p.string().length(300).nullable(),
    decidedAt: p.datetime().nullable(),
    decidedBy: p.uuid().nullable(),
    decidedByName: view((c) => `(select s.name from directory_staff s where s.id = ${c.decidedBy} limit 1)`),
    lastValidatedAt: p.datetime().nullable(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export class Reservation extends ReservationSchema.class {}
ReservationSchema.setClass(Reservation);
