import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, id } from './columns.ts';

export const CategorySchema = defineEntity({
  name: 'Category',
  tableName: 'categories',
  properties: {
    id: id(),
    complexId: p.uuid(),
    kind: p.string().length(7),
    name: p.string().length(100),
    subcategories: p.json<string[]>().defaultRaw("'[]'::jsonb"),
    isDefault: p.boolean().default(false),
    createdAt: createdAt(),
  },
});
export class Category extends CategorySchema.class {}
CategorySchema.setClass(Category);
