// Transfers between accounts (crucecuentas) and the transfers residents report (transferenciasporaprobar).
import { centsToDecimal, newId, toCents } from '@conjunto/core';
import { ACCOUNTING_MESSAGES as M } from '../manifest.ts';
import { createIncome, type LineInput } from './incomes.ts';
import type { PendingTransfer, Transfer } from './ledger.entities.ts';
import { accountOf, amountOf, balanceCents, conflict, invalid, iso, type Tx, today } from './ledger.ts';

const insufficient = () => conflict('INSUFFICIENT_BALANCE', M.insufficientBalance, 'amount');

/**
 * Moves money between two accounts of the complex. The source account's row is locked before its balance is
 * read, so parallel transfers from one account run one after the other and can never overdraw it.
 */
export async function createTransfer(
  tx: Tx,
  complexId: string,
  input: { fromAccountId: string; toAccountId: string; amount: number; date: string; description?: string | null },
) {
  if (input.fromAccountId === input.toAccountId) throw invalid('toAccountId', M.sameAccount);
  const from = await accountOf(tx, complexId, input.fromAccountId, 'fromAccountId', true);
  await accountOf(tx, complexId, input.toAccountId, 'toAccountId');
  const cents = toCents(input.amount);
  if ((await balanceCents(tx, from.id)) < cents) throw insufficient();
  const id = newId();
  await tx.execute(
    'insert into transfers (id, complex_id, from_account_id, to_account_id, amount, date, description) values (?, ?, ?, ?, ?, ?, ?)',
    [id, complexId, input.fromAccountId, input.toAccountId, centsToDecimal(cents), input.date, input.description ?? null],
  );
  return id;
}

/** Undoing a transfer takes the money back from the destination, which must still hold it. */
export async function deleteTransfer(tx: Tx, transfer: Transfer): Promise<void> {
  await accountOf(tx, transfer.complexId, transfer.toAccountId, 'toAccountId', true);
  if ((await balanceCents(tx, transfer.toAccountId)) < toCents(transfer.amount)) throw insufficient();
  await tx.execute('delete from transfers where id = ?', [transfer.id]);
}

export const toTransfer = (t: Transfer) => ({
  id: t.id,
  fromAccountId: t.fromAccountId,
  fromAccountName: t.fromAccountName ?? '',
  toAccountId: t.toAccountId,
  toAccountName: t.toAccountName ?? '',
  amount: amountOf(t.amount),
  date: t.date,
  description: t.description ?? null,
  createdAt: iso(t.createdAt)!,
});

/** A resident reports a transfer that pays some of the unit's debts. */
export async function reportTransfer(
  tx: Tx,
  complexId: string,
  unitId: string,
  userId: string | null,
  input: { amount: number; detail: string; reference?: string | null; receivableIds: string[] },
) {
  if (!input.receivableIds.length) throw invalid('receivableIds', M.selectDebt);
  const debts = await tx.execute(
    'select balance > 0 as owed from receivables where complex_id = ? and unit_id = ? and id in (?)',
    [complexId, unitId, input.receivableIds],
  );
  if (debts.length !== new Set(input.receivableIds).size) throw invalid('receivableIds', M.debtOfOtherUnit);
  if (debts.some((d) => !d.owed)) throw invalid('receivableIds', M.debtPaid);
  const id = newId();
  await tx.execute(
    'insert into pending_transfers (id, complex_id, user_id, unit_id, amount, detail, reference, receivable_ids) values (?, ?, ?, ?, ?, ?, ?, ?::jsonb)',
    [
      id,
      complexId,
      userId,
      unitId,
      centsToDecimal(toCents(input.amount)),
      input.detail,
      input.reference ?? null,
      JSON.stringify([...new Set(input.receivableIds)]),
    ],
  );
  return id;
}

function checkPending(pending: PendingTransfer): void {
  if (pending.status !== 'Pendiente') throw conflict('ALREADY_REVIEWED', M.pendingNotPending);
}

/**
 * Approval records the income on the chosen bank account and applies it to the reported debts, oldest due
 * first; what exceeds them stays in favour of the unit.
 */
export async function approveTransfer(
  tx: Tx,
  pending: PendingTransfer,
  input: { accountId: string; date?: string; method?: string },
  reviewer: string,
): Promise<string> {
  checkPending(pending);
  const account = await accountOf(tx, pending.complexId, input.accountId);
  if (account.method_type === 'Caja') throw invalid('accountId', M.methodNotAllowed);
  const debts = await tx.execute(
    `select id, name, category, subcategory, balance::text from receivables
      where complex_id = ? and unit_id = ? and id in (?) and balance > 0 order by due_date, id`,
    [pending.complexId, pending.unitId, pending.receivableIds],
  );
  let left = toCents(pending.amount);
  const lines: LineInput[] = [];
  for (const debt of debts) {
    const pay = Math.min(left, toCents(debt.balance as string));
    if (pay <= 0) break;
    lines.push({
      receivableId: debt.id as string,
      description: debt.name as string,
      category: debt.category as string,
      subcategory: debt.subcategory as string | null,
      amount: pay / 100,
    });
    left -= pay;
  }
  const incomeId = await createIncome(tx, pending.complexId, {
    accountId: account.id,
    unitId: pending.unitId,
    date: input.date ?? today(),
    description: pending.detail,
    method: input.method ?? 'Transferencia',
    transactionReference: pending.reference,
    advance: left / 100,
    lines,
  });
  await tx.execute(
    "update pending_transfers set status = 'Aprobada', income_id = ?, reviewed_by = ?, reviewed_at = now() where id = ?",
    [incomeId, reviewer, pending.id],
  );
  return incomeId;
}

export async function rejectTransfer(
  tx: Tx,
  pending: PendingTransfer,
  reason: string | undefined,
  reviewer: string,
): Promise<void> {
  checkPending(pending);
  await tx.execute(
    "update pending_transfers set status = 'Rechazada', reject_reason = ?, reviewed_by = ?, reviewed_at = now() where id = ?",
    [reason ?? null, reviewer, pending.id],
  );
}

export const toPendingTransfer = (t: PendingTransfer) => ({
  id: t.id,
  unitId: t.unitId,
  unitNumber: t.unitNumber ?? '',
  userId: t.userId ?? null,
  userName: t.userName ?? null,
  amount: amountOf(t.amount),
  detail: t.detail,
  reference: t.reference ?? null,
  receivableIds: t.receivableIds,
  status: t.status,
  incomeId: t.incomeId ?? null,
  rejectReason: t.rejectReason ?? null,
  reviewedBy: t.reviewedBy ?? null,
  reviewedAt: iso(t.reviewedAt),
  hasVoucher: t.voucherFileId != null,
  createdAt: iso(t.createdAt)!,
});
