// The ledger's entities, one file per aggregate. The movements that must stay consistent (receipts,
// balances, annulments, reconciliation) are written with SQL in one transaction; entities serve the lists
// and simple edits.
import { Bank, BankAccount } from './bank-account.entity.ts';
import { Category } from './category.entity.ts';
import { Expense } from './expense.entity.ts';
import { Income } from './income.entity.ts';
import { NoticeRun } from './notice-run.entity.ts';
import { Receivable } from './receivable.entity.ts';
import { Reconciliation } from './reconciliation.entity.ts';
import { Payable, Supplier } from './supplier.entity.ts';
import { PendingTransfer, Transfer } from './transfer.entity.ts';

export {
  Bank,
  BankAccount,
  Category,
  Expense,
  Income,
  NoticeRun,
  Payable,
  PendingTransfer,
  Receivable,
  Reconciliation,
  Supplier,
  Transfer,
};
export const accountingEntities = [
  Category,
  Bank,
  BankAccount,
  Receivable,
  Income,
  Expense,
  Supplier,
  Payable,
  Transfer,
  PendingTransfer,
  Reconciliation,
  NoticeRun,
];
