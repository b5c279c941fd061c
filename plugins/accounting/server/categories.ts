// Rubros and subrubros, the default set of a new complex, and the accounting settings.
import { newId } from '@conjunto/core';
import { DEFAULT_CATEGORIES, ACCOUNTING_MESSAGES as M } from '../manifest.ts';
import type { Category } from './ledger.entities.ts';
import { amountOf, conflict, type Tx } from './ledger.ts';

/** Creates the default rubros of a complex (spec 002 §3); does nothing if it has them already. */
export async function createDefaultCategories(tx: Tx, complexId: string): Promise<void> {
  const values: unknown[] = [];
  const rows: string[] = [];
  for (const kind of ['income', 'expense'] as const) {
    for (const [name, subcategories] of Object.entries(DEFAULT_CATEGORIES[kind])) {
      rows.push('(?, ?, ?, ?, ?::jsonb, true)');
      values.push(newId(), complexId, kind, name, JSON.stringify(subcategories));
    }
  }
  await tx.execute(
    `insert into categories (id, complex_id, kind, name, subcategories, is_default) values ${rows.join(', ')} on conflict do nothing`,
    values,
  );
  await tx.execute('insert into accounting_settings (complex_id) values (?) on conflict do nothing', [complexId]);
}

export const toCategory = (c: Category) => ({
  id: c.id,
  kind: c.kind as 'income' | 'expense',
  name: c.name,
  subcategories: c.subcategories,
  isDefault: c.isDefault,
});

/** Trimmed subrubros without repeats (ignoring case). */
export function cleanSubcategories(list: readonly string[]): string[] {
  const seen = new Set<string>();
  return list.map((s) => s.trim()).filter((s) => s && !seen.has(s.toLowerCase()) && seen.add(s.toLowerCase()));
}

/** A rubro used by a charge, income or expense line keeps its name and cannot be deleted. */
export async function categoryInUse(tx: Tx, complexId: string, category: Category): Promise<boolean> {
  const table = category.kind === 'income' ? 'income_lines' : 'expense_lines';
  const rows = await tx.execute(
    `select 1 from ${table} where complex_id = ? and lower(category) = lower(?)
     union all select 1 from receivables where complex_id = ? and lower(category) = lower(?) and ? = 'income' limit 1`,
    [complexId, category.name, complexId, category.name, category.kind],
  );
  return rows.length > 0;
}

export const categoryTaken = () => conflict('CATEGORY_TAKEN', M.categoryTaken, 'name');

export async function settingsOf(tx: Tx, complexId: string) {
  const [row = {}] = await tx.execute(
    `select s.total_fee::text, s.grace_days, s.cheque_numbering, s.cheque_start, s.receipt_number, s.expense_receipt_number,
            s.last_aliquot_month, s.cashbook, (select max(cheque_number) from expenses e where e.complex_id = ?) as max_cheque
       from (select 1) one left join accounting_settings s on s.complex_id = ?`,
    [complexId, complexId],
  );
  return {
    id: complexId,
    totalFee: row.total_fee == null ? null : amountOf(row.total_fee),
    graceDays: row.grace_days ?? 10,
    chequeNumbering: row.cheque_numbering ?? false,
    chequeStart: row.cheque_start ?? null,
    nextChequeNumber: nextCheque(row.cheque_numbering ? row.cheque_start : null, row.max_cheque),
    receiptNumber: row.receipt_number ?? 1,
    expenseReceiptNumber: row.expense_receipt_number ?? 1,
    lastAliquotMonth: row.last_aliquot_month ?? null,
    cashbook: row.cashbook ?? false,
  };
}

/** NumeracionCheque: the configured start, or the highest existing number + 1 (whichever is higher). */
export function nextCheque(configuredStart: number | null, highest: number | null): number {
  return Math.max(configuredStart ?? 1, (highest ?? 0) + 1);
}
