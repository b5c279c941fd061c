// A cédula or a plate on the complex's black list (a warning at every entry) or white list (a trusted visitor).
import { newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';
import { personNameOf } from './formulas.ts';

export const GateListItemSchema = defineEntity({
  name: 'GateListItem',
  tableName: 'gate_lists',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    complexId: p.uuid(),
    kind: p.string().length(6),
    idNumber: p.string().length(20).nullable(),
    plate: p.string().length(10).nullable(),
    name: p.string().length(140).nullable(),
    reason: p.string().length(300).nullable(),
    createdBy: p.uuid().nullable(),
    createdByName: personNameOf('createdBy'),
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
export class GateListItem extends GateListItemSchema.class {}
GateListItemSchema.setClass(GateListItem);
