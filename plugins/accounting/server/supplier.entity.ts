import { defineEntity, p } from '@mikro-orm/core';
import { amount, createdAt, day, id } from './columns.ts';

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
