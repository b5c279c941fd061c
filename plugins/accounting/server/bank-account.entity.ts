import { defineEntity, p } from '@mikro-orm/core';
import { amount, createdAt, day, id } from './columns.ts';

export const BankSchema = defineEntity({
  name: 'Bank',
  tableName: 'banks',
  properties: { id: id(), name: p.string().length(100), image: p.text().nullable() },
});
export class Bank extends BankSchema.class {}
BankSchema.setClass(Bank);

export const BankAccountSchema = defineEntity({
  name: 'BankAccount',
  tableName: 'bank_accounts',
  properties: {
    id: id(),
    complexId: p.uuid(),
    methodType: p.string().length(25),
    name: p.string().length(100),
    number: p.string().length(25).nullable(),
    idType: p.string().length(10).nullable(),
    accountType: p.string().length(10).nullable(),
    idNumber: p.string().length(20).nullable(),
    email: p.string().length(50).nullable(),
    bankId: p.uuid().nullable(),
    bankName: p.formula<string>((cols) => `(select b.name from banks b where b.id = ${cols.bankId})`).type('string'),
    initialBalance: amount().default('0'),
    cutoffDate: day(),
    logo: p.text().nullable(),
    /** Derived from the movements, never stored. */
    balance: p
      .formula<string>((cols) => `(select coalesce(sum(m.amount), 0) from account_movements m where m.account_id = ${cols.id})`)
      .type('string'),
    createdAt: createdAt(),
  },
});
export class BankAccount extends BankAccountSchema.class {}
BankAccountSchema.setClass(BankAccount);
