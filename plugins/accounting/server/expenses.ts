// Expenses (egresos): payment lines, receipt numbers from NumeroComprobanteEgreso, cheque numbering
// (NumeracionCheque) and the payables they settle.
import { centsToDecimal, MESSAGES, newId, toCents } from '@conjunto/core';
import { CHEQUE_METHODS, ACCOUNTING_MESSAGES as M } from '../manifest.ts';
import { nextCheque } from './categories.ts';
import type { Expense, Payable } from './ledger.entities.ts';
import {
  accountOf,
  amountOf,
  checkCategories,
  checkMethod,
  conflict,
  invalid,
  iso,
  nextReceiptNumber,
  type Tx,
} from './ledger.ts';

export interface ExpenseInput {
  accountId: string;
  supplierId?: string | null;
  payeeName?: string | null;
  date: string;
  description: string;
  method: string;
  invoice?: string | null;
  chequeNumber?: number | null;
  payableId?: string | null;
  lines: { description: string; category: string; subcategory?: string | null; amount: number }[];
}

async function chequeNumberFor(tx: Tx, complexId: string, requested: number | null | undefined): Promise<number> {
  if (requested) {
    const [taken] = await tx.execute('select 1 from expenses where complex_id = ? and cheque_number = ?', [complexId, requested]);
    if (taken) throw conflict('CHEQUE_TAKEN', M.chequeTaken, 'chequeNumber');
    return requested;
  }
  const [row] = await tx.execute(
    `select s.cheque_numbering, s.cheque_start, (select max(cheque_number) from expenses where complex_id = ?) as highest
       from (select 1) one left join accounting_settings s on s.complex_id = ?`,
    [complexId, complexId],
  );
  return nextCheque(row?.cheque_numbering ? row.cheque_start : null, row?.highest ?? null);
}

/** Records an expense; its value is the sum of its lines. Answers its id. */
export async function createExpense(tx: Tx, complexId: string, input: ExpenseInput): Promise<string> {
  const account = await accountOf(tx, complexId, input.accountId);
  checkMethod(account, input.method);
  await checkCategories(tx, complexId, 'expense', input.lines);
  if (input.supplierId) {
    const [supplier] = await tx.execute('select 1 from suppliers where id = ? and complex_id = ?', [input.supplierId, complexId]);
    if (!supplier) throw invalid('supplierId', MESSAGES.notFound);
  }
  let payable: { id: string; recurrence_days: number | null; due_date: string } | undefined;
  if (input.payableId) {
    [payable] = (await tx.execute(
      'select id, recurrence_days, due_date::text from payables where id = ? and complex_id = ? and paid_at is null for update',
      [input.payableId, complexId],
    )) as (typeof payable)[];
    if (!payable) throw invalid('payableId', 'La cuenta por pagar no existe o ya fue pagada.');
  }
  // The expense counter locks the complex's row: expenses (and so cheque numbers) are written one at a time.
  const receiptNumber = await nextReceiptNumber(tx, complexId, 'expense');
  const cheque = CHEQUE_METHODS.includes(input.method) ? await chequeNumberFor(tx, complexId, input.chequeNumber) : null;
  const total = input.lines.reduce((sum, l) => sum + toCents(l.amount), 0);
  const id = newId();
  await tx.execute(
    `insert into expenses (id, complex_id, account_id, receipt_number, date, description, method, amount, supplier_id, payee_name, invoice, cheque_number, payable_id)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      id,
      complexId,
      account.id,
      receiptNumber,
      input.date,
      input.description,
      input.method,
      centsToDecimal(total),
      input.supplierId ?? null,
      input.payeeName ?? null,
      input.invoice ?? null,
      cheque,
      payable?.id ?? null,
    ],
  );
  const values: unknown[] = [];
  const rows = input.lines.map((l, position) => {
    values.push(
      newId(),
      complexId,
      id,
      position,
      l.description,
      l.category,
      l.subcategory ?? null,
      centsToDecimal(toCents(l.amount)),
    );
    return '(?, ?, ?, ?, ?, ?, ?, ?)';
  });
  await tx.execute(
    `insert into expense_lines (id, complex_id, expense_id, position, description, category, subcategory, amount) values ${rows.join(', ')}`,
    values,
  );
  if (payable) await settlePayable(tx, complexId, payable, id);
  return id;
}

/** A paid payable records its expense; a recurring one comes back for its next period. */
async function settlePayable(
  tx: Tx,
  complexId: string,
  payable: { id: string; recurrence_days: number | null; due_date: string },
  expenseId: string,
) {
  await tx.execute('update payables set paid_at = now(), expense_id = ? where id = ?', [expenseId, payable.id]);
  if (payable.recurrence_days) {
    await tx.execute(
      `insert into payables (id, complex_id, supplier_id, supplier_name, detail, amount, due_date, recurrence_days)
       select ?, complex_id, supplier_id, supplier_name, detail, amount, due_date + recurrence_days, recurrence_days from payables where id = ? and complex_id = ?`,
      [newId(), payable.id, complexId],
    );
  }
}

/** Deleting an unreconciled expense gives its payable back to the list. */
export async function deleteExpense(tx: Tx, expense: Expense): Promise<void> {
  if (expense.reconciled) throw conflict('RECONCILED', M.reconciled);
  await tx.execute('update payables set paid_at = null, expense_id = null where expense_id = ?', [expense.id]);
  await tx.execute('delete from expenses where id = ?', [expense.id]);
}

export async function expenseLinesOf(tx: Tx, expenseId: string) {
  const rows = await tx.execute(
    'select id, description, category, subcategory, amount::text from expense_lines where expense_id = ? order by position',
    [expenseId],
  );
  return rows.map((l) => ({
    id: l.id as string,
    description: l.description as string,
    category: l.category as string,
    subcategory: (l.subcategory as string) ?? null,
    amount: amountOf(l.amount as string),
  }));
}

export const toExpense = (e: Expense) => ({
  id: e.id,
  accountId: e.accountId,
  accountName: e.accountName ?? '',
  receiptNumber: e.receiptNumber,
  date: e.date,
  description: e.description,
  method: e.method,
  amount: amountOf(e.amount),
  supplierId: e.supplierId ?? null,
  supplierName: e.supplierName ?? null,
  payeeName: e.payeeName ?? null,
  invoice: e.invoice ?? null,
  chequeNumber: e.chequeNumber ?? null,
  payableId: e.payableId ?? null,
  reconciled: e.reconciled,
  createdAt: iso(e.createdAt)!,
});

export const toPayable = (p: Payable) => ({
  id: p.id,
  supplierId: p.supplierId ?? null,
  supplierName: p.supplierName,
  detail: p.detail,
  amount: amountOf(p.amount),
  dueDate: p.dueDate,
  recurrenceDays: p.recurrenceDays ?? null,
  paidAt: iso(p.paidAt),
  expenseId: p.expenseId ?? null,
  createdAt: iso(p.createdAt)!,
});
