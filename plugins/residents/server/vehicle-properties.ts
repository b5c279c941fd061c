// The columns plates and tags share (each has its own table and entity: two switches, two resources).
import { newId } from '@conjunto/core';
import { p } from '@mikro-orm/core';

export const vehicleProperties = () => ({
  id: p
    .uuid()
    .primary()
    .onCreate(() => newId()),
  complexId: p.uuid(),
  value: p.string().length(20),
  status: p.string().length(10).default('active'),
  /** The destination unit (a unit of the complex, read through the directory). */
  unitId: p.uuid(),
  unitNumber: p.formula<string>((cols) => `(select u.number from directory_units u where u.id = ${cols.unitId})`).type('string'),
  unitSort: p
    .formula<string>((cols) => `(select u.number_sort from directory_units u where u.id = ${cols.unitId})`)
    .type('string'),
  residentId: p.uuid().nullable(),
  residentName: p
    .formula<string>((cols) => `(select d.name from directory_people d where d.id = ${cols.residentId})`)
    .type('string'),
  blockReason: p.string().length(250).nullable(),
  blockedAt: p.datetime().nullable(),
  createdAt: p
    .datetime()
    .defaultRaw('now()')
    .onCreate(() => new Date()),
});
