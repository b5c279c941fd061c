import { defineEntity, p } from '@mikro-orm/core';
import { accountName, amount, createdAt, day, id, unitNumber, userName } from './columns.ts';

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
    receivableIds: p.json<string[]>().defaultRaw("'[]'::jsonb"),
    status: p.string().length(10).default('Pendiente'),
    incomeId: p.uuid().nullable(),
    rejectReason: p.string().length(250).nullable(),
    reviewedBy: p.string().length(201).nullable(),
    reviewedAt: p.datetime().nullable(),
    /** The bank's receipt the resident attached (a host file), if any. */
    voucherFileId: p.uuid().nullable(),
    createdAt: createdAt(),
  },
});
export class PendingTransfer extends PendingTransferSchema.class {}
PendingTransferSchema.setClass(PendingTransfer);
