import { newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';

/** A residential complex (conjunto): the tenant of every complex-scoped record. Fields of spec 002 §3. */
export const ComplexSchema = defineEntity({
  name: 'Complex',
  tableName: 'complexes',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    name: p.string().length(150),
    ruc: p.string().length(13).nullable(),
    image: p.text().nullable(),
    /** No longer read: the API counts the residents (residentCounts). */
    residentCount: p.integer().default(0),
    /** The parking spaces the complex declares (NumParqueaderos). */
    parkingCount: p.integer().default(0),
    address: p.string().length(250).nullable(),
    city: p.string().length(100).nullable(),
    province: p.string().length(100).nullable(),
    trustLimit: p.integer().nullable(),
    sessionLimit: p.integer().nullable(),
    companyId: p.uuid().nullable(),
    contactName: p.string().length(150).nullable(),
    contactPhone: p.string().length(20).nullable(),
    contactEmail: p.string().length(100).nullable(),
    parkey: p.boolean().default(false),
    isActive: p.boolean().default(true),
    themeColor: p.string().length(7).nullable(),
    customEmail: p.string().length(100).nullable(),
    /** Stored switch values; missing ones take the catalogue default. */
    modules: p.json<Record<string, boolean>>().default('{}' as never),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export class Complex extends ComplexSchema.class {}
ComplexSchema.setClass(Complex);
