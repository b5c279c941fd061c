import { defineEntity, p } from '@mikro-orm/core';
import { accountName, amount, createdAt, day, id } from './columns.ts';

export const ExpenseSchema = defineEntity({
  name: 'Expense',
  tableName: 'expenses',
  properties: {
    id: id(),
    complexId: p.uuid(),
    accountId: p.uuid(),
    accountName: accountName('accountId'),
    receiptNumber: p.integer(),
    date: day(),
    description: p.string().length(500),
    method: p.string().length(30),
    amount: amount(),
    supplierId: p.uuid().nullable(),
    supplierName: p.formula<string>((cols) => `(select s.name from suppliers s where s.id = ${cols.supplierId})`).type('string'),
    payeeName: p.string().length(150).nullable(),
    invoice: p.string().length(50).nullable(),
    chequeNumber: p.integer().nullable(),
    payableId: p.uuid().nullable(),
    reconciled: p.boolean().default(false),
    reconciliationId: p.uuid().nullable(),
    createdAt: createdAt(),
  },
});
export class Expense extends ExpenseSchema.class {}
ExpenseSchema.setClass(Expense);
