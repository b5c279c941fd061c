// One visitor's pass through the gate (bitácora digital): who, to which unit or place, when in and when out.
import { newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';
import { personNameOf, postNameOf, unitNumberOf, unitSortOf } from './formulas.ts';

export const GateEntrySchema = defineEntity({
  name: 'GateEntry',
  tableName: 'gate_entries',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    complexId: p.uuid(),
    /** The destination unit, or null with `place` ('Otro'). */
    unitId: p.uuid().nullable(),
    unitNumber: unitNumberOf(),
    unitSort: unitSortOf(),
    /** The resident visited (default: the unit's holder). */
    residentId: p.uuid().nullable(),
    residentName: personNameOf('residentId'),
    /** A VIP resident's visits are not shown to guards. */
    residentVip: p
      .formula<boolean>((cols) => `coalesce((select pp.vip from directory_people pp where pp.id = ${cols.residentId}), false)`)
      .type('boolean'),
    place: p.string().length(120).nullable(),
    idNumber: p.string().length(20),
    firstName: p.string().length(70),
    lastName: p.string().length(70).default(''),
    plate: p.string().length(10).nullable(),
    vehicleColor: p.string().length(30).nullable(),
    visitType: p.string().length(30),
    validUntil: p.datetime().nullable(),
    expectedStay: p.string().length(10).nullable(),
    expectedExitAt: p.datetime().nullable(),
    observations: p.string().length(500).nullable(),
    /** The spec's tipo_entrada (e.g. pedestrian or vehicle), as the console sends it. */
    entryKind: p.string().length(30).nullable(),
    postId: p.uuid().nullable(),
    postName: postNameOf(),
    registeredBy: p.uuid().nullable(),
    registeredByName: personNameOf('registeredBy'),
    enteredAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    exitedAt: p.datetime().nullable(),
    exitRegisteredBy: p.uuid().nullable(),
    exitRegisteredByName: personNameOf('exitRegisteredBy'),
    /** The list the visitor is on ('negra': a warning; 'blanca': trusted), when checked at the entry. */
    listHit: p.string().length(6).nullable(),
    approvedBy: p.uuid().nullable(),
    approvedByName: personNameOf('approvedBy'),
    approvedAt: p.datetime().nullable(),
    /** The guard refused the visitor (bitácoras rechazadas); the entry is closed at once. */
    rejected: p.boolean().default(false),
    /** 'guardia' (the console), 'anticipada' (an early visit let in), 'bitacora' (the spec's form-encoded path). */
    source: p.string().length(12).default('guardia'),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export class GateEntry extends GateEntrySchema.class {}
GateEntrySchema.setClass(GateEntry);
