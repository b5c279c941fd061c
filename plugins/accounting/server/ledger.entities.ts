// The ledger's tables as MikroORM entities, for the generic lists and simple edits. The movements that must
// stay consistent (receipts, balances, annulments, reconciliation) are written with SQL in one transaction.
import { newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';

const id = () => p.uuid().primary().onCreate(() => newId());
const amount = () => p.decimal().precision(14).scale(2);
const day = () => p.string().columnType('date');
const createdAt = () => p.datetime().onCreate(() => new Date());
const accountName = (column: string) =>
  p.formula<string>((cols) => `(select a.name from bank_accounts a where a.id = ${(cols as Record<string, string>)[column]})`).type('string');
const unitNumber = (column = 'unitId') =>
  p.formula<string>((cols) => `(select u.number from units u where u.id = ${(cols as Record<string, string>)[column]})`).type('string');
const userName = () =>
  p.formula<string>((cols) => `(select u.first_name || ' ' || u.last_name from users u where u.id = ${cols.userId})`).type('string');

export const CategorySchema = defineEntity({
  name: 'Category',
  tableName: 'categories',
  properties: {
    id: id(),
    complexId: p.uuid(),
    kind: p.string().length(7),
    name: p.string().length(100),
    subcategories: p.json<string[]>(),
    isDefault: p.boolean().default(false),
    createdAt: createdAt(),
  },
});
export class Category extends CategorySchema.class {}
CategorySchema.setClass(Category);

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
    initialBalance: amount(),
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

export const ReceivableSchema = defineEntity({
  name: 'Receivable',
  tableName: 'receivables',
  properties: {
    id: id(),
    complexId: p.uuid(),
    unitId: p.uuid(),
    unitNumber: unitNumber(),
    unitSort: p.formula<string>((cols) => `(select u.number_sort from units u where u.id = ${cols.unitId})`).type('string'),
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
    createdAt: createdAt(),
  },
});
export class Receivable extends ReceivableSchema.class {}
ReceivableSchema.setClass(Receivable);

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
    amount: amount(),
    discount: amount(),
    balance: amount(),
    isAdvance: p.boolean(),
    isInitialBalance: p.boolean(),
    unitId: p.uuid().nullable(),
    unitNumber: unitNumber(),
    userId: p.uuid().nullable(),
    payerName: p.string().length(201).nullable(),
    transactionReference: p.string().length(50).nullable(),
    reconciled: p.boolean(),
    reconciliationId: p.uuid().nullable(),
    annulledAt: p.datetime().nullable(),
    createdAt: createdAt(),
  },
});
export class Income extends IncomeSchema.class {}
IncomeSchema.setClass(Income);

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
    reconciled: p.boolean(),
    reconciliationId: p.uuid().nullable(),
    createdAt: createdAt(),
  },
});
export class Expense extends ExpenseSchema.class {}
ExpenseSchema.setClass(Expense);

export const SupplierSchema = defineEntity({
  name: 'Supplier',
  tableName: 'suppliers',
  properties: {
    id: id(),
    complexId: p.uuid(),
    name: p.string().length(150),
    idNumber: p.string().length(20).nullable(),
    email: p.string().length(100).nullable(),
    phone: p.string().length(20).nullable(),
    address: p.string().length(250).nullable(),
    createdAt: createdAt(),
  },
});
export class Supplier extends SupplierSchema.class {}
SupplierSchema.setClass(Supplier);

export const PayableSchema = defineEntity({
  name: 'Payable',
  tableName: 'payables',
  properties: {
    id: id(),
    complexId: p.uuid(),
    supplierId: p.uuid().nullable(),
    supplierName: p.string().length(150),
    detail: p.string().length(500),
    amount: amount(),
    dueDate: day(),
    recurrenceDays: p.integer().nullable(),
    paidAt: p.datetime().nullable(),
    expenseId: p.uuid().nullable(),
    createdAt: createdAt(),
  },
});
export class Payable extends PayableSchema.class {}
PayableSchema.setClass(Payable);

export const TransferSchema = defineEntity({
  name: 'Transfer',
  tableName: 'transfers',
  properties: {
    id: id(),
    complexId: p.uuid(),
    fromAccountId: p.uuid(),
    fromAccountName: accountName('fromAccountId'),
    toAccountId: p.uuid(),
    toAccountName: accountName('toAccountId'),
    amount: amount(),
    date: day(),
    description: p.string().length(500).nullable(),
    createdAt: createdAt(),
  },
});
export class Transfer extends TransferSchema.class {}
TransferSchema.setClass(Transfer);

export const PendingTransferSchema = defineEntity({
  name: 'PendingTransfer',
  tableName: 'pending_transfers',
  properties: {
    id: id(),
    complexId: p.uuid(),
    userId: p.uuid().nullable(),
    userName: userName(),
    unitId: p.uuid(),
    unitNumber: unitNumber(),
    amount: amount(),
    detail: p.string().length(500),
    reference: p.string().length(50).nullable(),
    receivableIds: p.json<string[]>(),
    status: p.string().length(10).default('Pendiente'),
    incomeId: p.uuid().nullable(),
    rejectReason: p.string().length(250).nullable(),
    reviewedBy: p.string().length(201).nullable(),
    reviewedAt: p.datetime().nullable(),
    createdAt: createdAt(),
  },
});
export class PendingTransfer extends PendingTransferSchema.class {}
PendingTransferSchema.setClass(PendingTransfer);

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
    incomeTotal: amount(),
    expenseTotal: amount(),
    userId: p.uuid().nullable(),
    userName: p.string().length(201),
    createdAt: createdAt(),
  },
});
export class Reconciliation extends ReconciliationSchema.class {}
ReconciliationSchema.setClass(Reconciliation);

export const accountingEntities = [Category, Bank, BankAccount, Receivable, Income, Expense, Supplier, Payable, Transfer, PendingTransfer, Reconciliation];
