// Reconciliation (conciliar): every income and expense of an account dated up to the chosen day is marked
// Conciliado in one set-based statement, and recorded with its detail.
import { newId } from '@conjunto/core';
import type { Reconciliation } from './ledger.entities.ts';
import { accountOf, amountOf, iso, type Tx } from './ledger.ts';

export async function reconcile(
  tx: Tx,
  complexId: string,
  accountId: string,
  untilDate: string,
  user: { userId: string; userName: string },
) {
  await accountOf(tx, complexId, accountId, 'accountId', true);
  const id = newId();
  // The row first (the movements point to it); its counts and totals are filled from what was marked.
  await tx.execute(
    `insert into reconciliations (id, complex_id, account_id, until_date, income_count, expense_count, user_id, user_name)
     values (?, ?, ?, ?, 0, 0, ?, ?)`,
    [id, complexId, accountId, untilDate, user.userId, user.userName],
  );
  const mark = (table: 'incomes' | 'expenses') =>
    `update ${table} set reconciled = true, reconciliation_id = ?
      where account_id = ? and complex_id = ? and not reconciled and date <= ? returning amount`;
  await tx.execute(
    `with i as (${mark('incomes')}), e as (${mark('expenses')})
     update reconciliations set income_count = (select count(*) from i), income_total = (select coalesce(sum(amount), 0) from i),
            expense_count = (select count(*) from e), expense_total = (select coalesce(sum(amount), 0) from e)
      where id = ?`,
    [id, accountId, complexId, untilDate, id, accountId, complexId, untilDate, id],
  );
  return id;
}

/** The records a reconciliation marked (conciliar/:id/detalle). */
export async function reconciliationMovements(tx: Tx, reconciliationId: string) {
  const rows = await tx.execute(
    `select id, 'income' as kind, receipt_number, date::text, description, amount::text from incomes where reconciliation_id = ?
     union all
     select id, 'expense', receipt_number, date::text, description, amount::text from expenses where reconciliation_id = ?
     order by date, kind, receipt_number`,
    [reconciliationId, reconciliationId],
  );
  return rows.map((r) => ({
    id: r.id as string,
    kind: r.kind as 'income' | 'expense',
    receiptNumber: (r.receipt_number as number) ?? null,
    date: r.date as string,
    description: r.description as string,
    amount: amountOf(r.amount as string),
  }));
}

export const toReconciliation = (r: Reconciliation) => ({
  id: r.id,
  accountId: r.accountId,
  accountName: r.accountName ?? '',
  untilDate: r.untilDate,
  incomeCount: r.incomeCount,
  expenseCount: r.expenseCount,
  incomeTotal: amountOf(r.incomeTotal),
  expenseTotal: amountOf(r.expenseTotal),
  userName: r.userName,
  createdAt: iso(r.createdAt)!,
});
