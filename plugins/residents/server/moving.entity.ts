// A moving request (mudanza) of a unit and the log of its truck's entries and exits (one aggregate).
import { newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';

const unitNumber = () =>
  p.formula<string>((cols) => `(select u.number from directory_units u where u.id = ${cols.unitId})`).type('string');
const personName = (column: string) =>
  p
    .formula<string>(
      (cols) => `(select pp.name from directory_people pp where pp.id = ${(cols as Record<string, string>)[column]})`,
    )
    .type('string');

export const MovingRequestSchema = defineEntity({
  name: 'MovingRequest',
  tableName: 'moving_requests',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    complexId: p.uuid(),
    unitId: p.uuid(),
    /** The unit's number (natural order key for sorting: unitSort). */
    unitNumber: unitNumber(),
    unitSort: p
      .formula<string>((cols) => `(select u.number_sort from directory_units u where u.id = ${cols.unitId})`)
      .type('string'),
    /** The resident who asks (a resident of the unit). */
    residentId: p.uuid().nullable(),
    residentName: personName('residentId'),
    /** 'ingreso' (move in) or 'salida' (move out). */
    type: p.string().length(10),
    date: p.string().columnType('date'),
    startTime: p.string().length(5).nullable(),
    endTime: p.string().length(5).nullable(),
    plate: p.string().length(7),
    notes: p.string().length(500).nullable(),
    status: p.string().length(12).default('pendiente'),
    rejectReason: p.string().length(300).nullable(),
    decidedBy: p.uuid().nullable(),
    decidedByName: personName('decidedBy'),
    decidedAt: p.datetime().nullable(),
    createdBy: p.uuid().nullable(),
    entryCount: p
      .formula<number>((cols) => `(select count(*)::int from moving_entries e where e.request_id = ${cols.id})`)
      .type('integer'),
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
export class MovingRequest extends MovingRequestSchema.class {}
MovingRequestSchema.setClass(MovingRequest);

/** One pass of the request's truck (its plate) through the gate for the unit: in, and out once it leaves. */
export const MovingEntrySchema = defineEntity({
  name: 'MovingEntry',
  tableName: 'moving_entries',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    complexId: p.uuid(),
    requestId: p.uuid(),
    unitId: p.uuid(),
    unitNumber: unitNumber(),
    plate: p.string().length(7),
    enteredAt: p.datetime(),
    exitedAt: p.datetime().nullable(),
    registeredBy: p.uuid().nullable(),
    registeredByName: personName('registeredBy'),
    notes: p.string().length(300).nullable(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export class MovingEntry extends MovingEntrySchema.class {}
MovingEntrySchema.setClass(MovingEntry);
