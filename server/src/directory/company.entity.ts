import { newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';

export const CompanySchema = defineEntity({
  name: 'Company',
  tableName: 'companies',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    name: p.string().length(150),
    ruc: p.string().length(13).nullable(),
    color: p.string().length(7).nullable(),
    contactName: p.string().length(150).nullable(),
    contactPhone: p.string().length(20).nullable(),
    contactEmail: p.string().length(100).nullable(),
    isActive: p.boolean().default(true),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export class Company extends CompanySchema.class {}
CompanySchema.setClass(Company);
