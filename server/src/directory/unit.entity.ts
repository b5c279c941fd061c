import { newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';

/** A housing unit (unidad habitacional). */
export const UnitSchema = defineEntity({
  name: 'Unit',
  tableName: 'units',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    complexId: p.uuid(),
    number: p.string().length(30),
    /** Natural-order key of number ('A2' before 'A10'), kept by the host. */
    numberSort: p.string().length(200),
    /** Percentage of the complex's total fee. */
    aliquot: p.decimal().precision(9).scale(4).default('0'),
    type: p.string().length(50).nullable(),
    subComplex: p.string().length(50).nullable(),
    ownerId: p.uuid().nullable(),
    tenantId: p.uuid().nullable(),
    rented: p.boolean().default(false),
    isActive: p.boolean().default(true),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export class Unit extends UnitSchema.class {}
UnitSchema.setClass(Unit);

/** 'Casa 2' -> 'casa 0000000002': digit runs padded so text order is natural order. */
export function naturalSortKey(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/\d+/g, (digits) => digits.replace(/^0+(?=\d)/, '').padStart(10, '0'));
}
