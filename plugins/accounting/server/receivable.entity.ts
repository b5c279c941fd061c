import { defineEntity, p } from '@mikro-orm/core';
import { amount, createdAt, day, id, unitNumber, userName } from './columns.ts';

export const ReceivableSchema = defineEntity({
  name: 'Receivable',
  tableName: 'receivables',
  properties: {
    id: id(),
    complexId: p.uuid(),
    unitId: p.uuid(),
    unitNumber: unitNumber(),
    unitSort: p
      .formula<string>((cols) => `(select u.number_sort from directory_units u where u.id = ${cols.unitId})`)
      .type('string'),
    userId: p.uuid().nullable(),
    userName: userName(),
    kind: p.string().length(15),
    period: p.string().length(7).nullable(),
    name: p.string().length(150),
    description: p.string().length(500).nullable(),
    category: p.string().length(100),
    subcategory: p.string().length(100).nullable(),
    originalAmount: amount(),
    discount: amount().default('0'),
    balance: amount(),
    dueDate: day(),
    sourceRef: p.string().length(200).nullable(),
    createdAt: createdAt(),
  },
});
export class Receivable extends ReceivableSchema.class {}
ReceivableSchema.setClass(Receivable);
