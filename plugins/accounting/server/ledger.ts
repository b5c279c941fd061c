// What every part of the ledger shares: errors in the API's shape, receipt numbers, account and category
// checks, derived balances, and the serialisers that turn numeric strings into exact JSON amounts.
import { ApiError, businessDay, fromCents, MESSAGES, toCents } from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { ACCOUNTING_MESSAGES as M, methodsFor } from '../manifest.ts';
import { directory } from './directory.ts';

export type Tx = SqlEntityManager;

/** 400 naming the field, as schema errors do. */
export const invalid = (field: string, message: string) =>
  new ApiError(400, 'VALIDATION', MESSAGES.invalidInput, { [field]: message });
/** 409: a rule of the ledger refused the change. */
export const conflict = (code: string, message: string, field?: string) =>
  new ApiError(409, code, message, field ? { [field]: message } : undefined);

/** Numeric string of the database -> exact JSON amount. */
export const amountOf = (value: string | number | null | undefined): number => fromCents(toCents(value));

/**
 * The next receipt number of the complex (NumeroComprobante or NumeroComprobanteEgreso), taken inside the
 * caller's transaction: the row lock serialises concurrent writers and a rollback gives the number back, so
 * numbers neither repeat nor skip. A complex without a settings row yet starts at 1.
 */
export async function nextReceiptNumber(tx: Tx, complexId: string, kind: 'income' | 'expense'): Promise<number> {
  const column = kind === 'income' ? 'receipt_number' : 'expense_receipt_number';
  const [row] = await tx.execute(
    `insert into accounting_settings as s (complex_id, ${column}) values (?, 2)
     on conflict (complex_id) do update set ${column} = s.${column} + 1 returning s.${column} - 1 as n`,
    [complexId],
  );
  return Number(row.n);
}

export interface AccountRow {
  id: string;
  method_type: string;
  name: string;
}

/** An account of the complex, or 400 on the field that named it. */
export async function accountOf(
  tx: Tx,
  complexId: string,
  accountId: string,
  field = 'accountId',
  lock = false,
): Promise<AccountRow> {
  const [row] = await tx.execute(
    `select id, method_type, name from bank_accounts where id = ? and complex_id = ?${lock ? ' for no key update' : ''}`,
    [accountId, complexId],
  );
  if (!row) throw invalid(field, MESSAGES.notFound);
  return row as AccountRow;
}

export function checkMethod(account: AccountRow, method: string): void {
  if (!methodsFor(account.method_type).includes(method)) throw invalid('method', M.methodNotAllowed);
}

/** The derived balance of an account, in cents: every income, expense and transfer that touches it. */
export async function balanceCents(tx: Tx, accountId: string): Promise<number> {
  const [row] = await tx.execute('select coalesce(sum(amount), 0)::text as balance from account_movements where account_id = ?', [
    accountId,
  ]);
  return toCents(row.balance as string);
}

/** Lines must use rubros (and subrubros) the complex has for that kind. */
export async function checkCategories(
  tx: Tx,
  complexId: string,
  kind: 'income' | 'expense',
  lines: { category: string; subcategory?: string | null }[],
): Promise<void> {
  if (!lines.length) return;
  const rows = await tx.execute('select name, subcategories from categories where complex_id = ? and kind = ?', [
    complexId,
    kind,
  ]);
  const known = new Map(
    rows.map((r) => [String(r.name).toLowerCase(), (r.subcategories as string[]).map((s) => s.toLowerCase())]),
  );
  lines.forEach((line, i) => {
    const subs = known.get(line.category.trim().toLowerCase());
    if (!subs) throw invalid(`lines.${i}.category`, M.categoryUnknown);
    if (line.subcategory && !subs.includes(line.subcategory.trim().toLowerCase()))
      throw invalid(`lines.${i}.subcategory`, M.categoryUnknown);
  });
}

/** A unit of the complex with the resident who pays it (the owner, else the tenant). */
export async function unitOf(tx: Tx, complexId: string, unitId: string, field = 'unitId') {
  const unit = await directory(tx, complexId).unit(unitId);
  if (!unit) throw invalid(field, M.unitRequired);
  return { id: unit.id, number: unit.number, user_id: unit.holderId, user_name: unit.holderName };
}

/** Reconciled records are frozen. */
export function checkNotReconciled(record: { reconciled: boolean }): void {
  if (record.reconciled) throw conflict('RECONCILED', M.reconciled);
}

export const today = () => businessDay();

/** Whole days from `from` to `to` ('YYYY-MM-DD'). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** ISO timestamp of a Date or string column. */
export const iso = (value: Date | string | null | undefined): string | null =>
  value == null ? null : new Date(value).toISOString();
