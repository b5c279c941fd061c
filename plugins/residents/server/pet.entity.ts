// A pet of a unit (mascota), with its photo (a stored file) and its last vaccination.
import { newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';
import { VACCINATION_VALID_MONTHS } from '../moving.ts';

/** The vaccination indicator, computed by the database on the Guayaquil business day (filters and sorts use it). */
export const vaccinationSql = (column: string) =>
  `(case when ${column} is null then 'sinRegistro' when ${column} <= ((now() at time zone 'America/Guayaquil')::date - interval '${VACCINATION_VALID_MONTHS} months')::date then 'vencida' else 'vigente' end)`;

export const PetSchema = defineEntity({
  name: 'Pet',
  tableName: 'pets',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    complexId: p.uuid(),
    unitId: p.uuid(),
    unitNumber: p
      .formula<string>((cols) => `(select u.number from directory_units u where u.id = ${cols.unitId})`)
      .type('string'),
    unitSort: p
      .formula<string>((cols) => `(select u.number_sort from directory_units u where u.id = ${cols.unitId})`)
      .type('string'),
    ownerId: p.uuid().nullable(),
    ownerName: p
      .formula<string>((cols) => `(select pp.name from directory_people pp where pp.id = ${cols.ownerId})`)
      .type('string'),
    name: p.string().length(60),
    /** 'perro', 'gato' or 'otro'. */
    species: p.string().length(10),
    breed: p.string().length(60).nullable(),
    color: p.string().length(40).nullable(),
    vaccinatedOn: p.string().columnType('date').nullable(),
    vaccination: p.formula<string>((cols) => vaccinationSql(cols.vaccinatedOn)).type('string'),
    notes: p.string().length(500).nullable(),
    photoFileId: p.uuid().nullable(),
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
export class Pet extends PetSchema.class {}
PetSchema.setClass(Pet);
