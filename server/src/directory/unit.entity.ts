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
    /** Replaces the complex's address on the unit's receipts and statements. */
    altAddress: p.string().length(250).nullable(),
    ownerLivesIn: p.boolean().default(true),
    /** The owner's rights over the tenant, set by the administrator (spec 002 §3). */
    ownerMaySeeTenant: p.boolean().default(false),
    ownerMayBlockTenant: p.boolean().default(false),
    /** The blocks themselves: set by the administrator, or by the owner when ownerMayBlockTenant. */
    tenantAccessBlocked: p.boolean().default(false),
    tenantVisitsBlocked: p.boolean().default(false),
    tenantReservationsBlocked: p.boolean().default(false),
    /** The property lock (spec 002 §4): its residents reach the payments part of the API only. */
    locked: p.boolean().default(false),
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

const catalogue = (name: string, tableName: string) =>
  defineEntity({
    name,
    tableName,
    properties: {
      id: p
        .uuid()
        .primary()
        .onCreate(() => newId()),
      complexId: p.uuid(),
      /** Stored in upper case (spec 002 §3). */
      name: p.string().length(50),
      createdAt: p
        .datetime()
        .defaultRaw('now()')
        .onCreate(() => new Date()),
    },
  });

/** The complex's unit types (conjuntoConfig.Subconjuntos.tiposUnidades). */
export const UnitTypeSchema = catalogue('UnitType', 'unit_types');
export class UnitType extends UnitTypeSchema.class {}
UnitTypeSchema.setClass(UnitType);

/** The complex's sub-complexes (conjuntoConfig.Subconjuntos.listaSubconjuntos). */
export const SubComplexSchema = catalogue('SubComplex', 'sub_complexes');
export class SubComplex extends SubComplexSchema.class {}
SubComplexSchema.setClass(SubComplex);
