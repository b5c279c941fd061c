// A visit a resident announces (visita anticipada): the guard sees today's pending ones and lets them in.
import { newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';
import { personNameOf, unitNumberOf, unitSortOf } from './formulas.ts';

export const EarlyVisitSchema = defineEntity({
  name: 'EarlyVisit',
  tableName: 'early_visits',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    complexId: p.uuid(),
    unitId: p.uuid().nullable(),
    unitNumber: unitNumberOf(),
    unitSort: unitSortOf(),
    /** LugarDestinoOtro: the place when the destination is 'Otro'. */
    place: p.string().length(120).nullable(),
    /** The resident visited (DestinoId). */
    residentId: p.uuid().nullable(),
    residentName: personNameOf('residentId'),
    announcedBy: p.uuid().nullable(),
    announcedByName: personNameOf('announcedBy'),
    firstName: p.string().length(70),
    lastName: p.string().length(70).default(''),
    idNumber: p.string().length(20).nullable(),
    plate: p.string().length(10).nullable(),
    vehicleColor: p.string().length(30).nullable(),
    expectedArrival: p.datetime(),
    expectedStay: p.string().length(10).nullable(),
    visitType: p.string().length(30),
    observations: p.string().length(500).nullable(),
    /** The visit's code (spec 002 §9: 15 lowercase letters and digits). */
    hash: p.string().length(15),
    /** The pass (QR / PIN): 8 digits, unique among the complex's pending visits. */
    code: p.string().length(8).nullable(),
    /** QrRecurrente: a bit per ISO weekday (Monday = 1), with the last day the pass opens. */
    weekdays: p.smallint().nullable(),
    validUntil: p.string().columnType('date').nullable(),
    /** A recurring pass opens once a day: the day it last did. */
    lastEntryOn: p.string().columnType('date').nullable(),
    /** 'pendiente', 'ingresada' (EstadoSalida: the guard let them in) or 'cancelada'. */
    status: p.string().length(10).default('pendiente'),
    entryId: p.uuid().nullable(),
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
export class EarlyVisit extends EarlyVisitSchema.class {}
EarlyVisitSchema.setClass(EarlyVisit);
