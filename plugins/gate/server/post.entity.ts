// A guard post (garita) of a complex; its cameras come later.
import { newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';

export const GatePostSchema = defineEntity({
  name: 'GatePost',
  tableName: 'gate_posts',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    complexId: p.uuid(),
    name: p.string().length(60),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export class GatePost extends GatePostSchema.class {}
GatePostSchema.setClass(GatePost);
