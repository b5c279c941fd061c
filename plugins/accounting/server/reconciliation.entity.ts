import { defineEntity, p } from '@mikro-orm/core';
import { accountName, amount, createdAt, day, id } from './columns.ts';

export const ReconciliationSchema = defineEntity({
  name: 'Reconciliation',
  tableName: 'reconciliations',
  properties: {
    id: id(),
    complexId: p.uuid(),
    accountId: p.uuid(),
    accountName: accountName('accountId'),
    untilDate: day(),
    incomeCount: p.integer(),
    expenseCount: p.integer(),
    incomeTotal: amount().default('0'),
    expenseTotal: amount().default('0'),
    userId: p.uuid().nullable(),
    userName: p.string().length(201),
    createdAt: createdAt(),
  },
});
export class Reconciliation extends ReconciliationSchema.class {}
ReconciliationSchema.setClass(Reconciliation);
