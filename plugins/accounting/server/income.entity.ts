import { defineEntity, p } from '@mikro-orm/core';
import { accountName, amount, createdAt, day, id, unitNumber } from './columns.ts';

export const IncomeSchema = defineEntity({
  name: 'Income',
  tableName: 'incomes',
  properties: {
    id: id(),
    complexId: p.uuid(),
    accountId: p.uuid(),
    accountName: accountName('accountId'),
    receiptNumber: p.integer().nullable(),
    date: day(),
    description: p.string().length(500),
    method: p.string().length(30),
    amount: amount().default('0'),
    discount: amount().default('0'),
    balance: amount().default('0'),
    isAdvance: p.boolean().default(false),
    isInitialBalance: p.boolean().default(false),
    unitId: p.uuid().nullable(),
    unitNumber: unitNumber(),
    userId: p.uuid().nullable(),
    payerName: p.string().length(201).nullable(),
    transactionReference: p.string().length(50).nullable(),
    reconciled: p.boolean().default(false),
    reconciliationId: p.uuid().nullable(),
    annulledAt: p.datetime().nullable(),
    createdAt: createdAt(),
  },
});
export class Income extends IncomeSchema.class {}
IncomeSchema.setClass(Income);
