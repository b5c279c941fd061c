// The figures of the administrator's dashboard (spec 002 §2.5 item 13: days past due, monthly, transactions,
// incomes and expenses grouped by): each one SQL aggregate over the complex's ledger, bound parameters only.
import { toCents } from '@conjunto/core';
import { ARREARS_BUCKETS } from '../manifest.ts';
import type { DashboardBreakdown } from '../schemas.ts';
import { amountOf, type Tx } from './ledger.ts';

/** 'YYYY-MM' -> the first day of the month after. */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** The 12 months ending with `month`, oldest first. */
export function lastTwelveMonths(month: string): string[] {
  const [y, m] = month.split('-').map(Number);
  return Array.from({ length: 12 }, (_, i) => {
    const n = y * 12 + (m - 1) - (11 - i);
    return `${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`;
  });
}

/** Billed (receivables due in the month) and collected (incomes paid by units dated in it). */
export async function monthFigures(tx: Tx, complexId: string, month: string) {
  const from = `${month}-01`;
  const to = nextMonth(month);
  const [billed] = await tx.execute(
    `select coalesce(sum(original_amount), 0)::text as amount, count(*)::int as n
       from receivables where complex_id = ? and due_date >= ? and due_date < ?`,
    [complexId, from, to],
  );
  const [collected] = await tx.execute(
    `select coalesce(sum(amount), 0)::text as amount, count(*) filter (where amount > 0)::int as n
       from incomes where complex_id = ? and date >= ? and date < ? and unit_id is not null and not is_initial_balance`,
    [complexId, from, to],
  );
  return {
    month,
    billed: amountOf(billed.amount),
    billedCount: Number(billed.n),
    collected: amountOf(collected.amount),
    collectedCount: Number(collected.n),
  };
}

/** Unpaid balances past their due date on `date`, by days past due: 1-30, 31-60, 61-90, more than 90. */
export async function arrears(tx: Tx, complexId: string, date: string) {
  const rows = await tx.execute(
    `select case when days <= 30 then '1-30' when days <= 60 then '31-60' when days <= 90 then '61-90' else '90+' end as bucket,
            sum(balance)::text as amount, count(*)::int as receivables, count(distinct unit_id)::int as units
       from (select balance, unit_id, ?::date - due_date as days
               from receivables where complex_id = ? and balance > 0 and due_date < ?::date) r
      group by 1`,
    [date, complexId, date],
  );
  const [all] = await tx.execute(
    `select coalesce(sum(balance), 0)::text as amount, count(distinct unit_id)::int as units
       from receivables where complex_id = ? and balance > 0 and due_date < ?::date`,
    [complexId, date],
  );
  const byBucket = new Map(rows.map((r) => [r.bucket as string, r]));
  return {
    date,
    buckets: ARREARS_BUCKETS.map((bucket) => {
      const r = byBucket.get(bucket);
      return { bucket, amount: amountOf(r?.amount ?? 0), receivables: Number(r?.receivables ?? 0), units: Number(r?.units ?? 0) };
    }),
    total: amountOf(all.amount),
    units: Number(all.units),
  };
}

/** Every account's live balance (its movements: incomes, expenses, transfers), as the balance route derives it. */
export async function balances(tx: Tx, complexId: string) {
  const rows = await tx.execute(
    `select a.id, a.name, a.method_type, coalesce(m.balance, 0)::text as balance
       from bank_accounts a
       left join (select account_id, sum(amount) as balance from account_movements where complex_id = ? group by account_id) m
         on m.account_id = a.id
      where a.complex_id = ?
      order by a.method_type, lower(a.name)`,
    [complexId, complexId],
  );
  const accounts = rows.map((r) => ({
    id: r.id as string,
    name: r.name as string,
    methodType: r.method_type as string,
    balance: amountOf(r.balance),
  }));
  return { accounts, total: amountOf(rows.reduce((sum, r) => sum + toCents(r.balance as string), 0) / 100) };
}

/** Incomes (not initial balances) and expenses of each of the 12 months ending with `month`. */
export async function monthly(tx: Tx, complexId: string, month: string) {
  const months = lastTwelveMonths(month);
  const params = [complexId, `${months[0]}-01`, nextMonth(month)];
  const [incomes, expenses] = await Promise.all([
    tx.execute(
      `select to_char(date, 'YYYY-MM') as month, sum(amount)::text as amount from incomes
        where complex_id = ? and date >= ? and date < ? and not is_initial_balance group by 1`,
      params,
    ),
    tx.execute(
      `select to_char(date, 'YYYY-MM') as month, sum(amount)::text as amount from expenses
        where complex_id = ? and date >= ? and date < ? group by 1`,
      params,
    ),
  ]);
  const income = new Map(incomes.map((r) => [r.month as string, r.amount as string]));
  const expense = new Map(expenses.map((r) => [r.month as string, r.amount as string]));
  return {
    months: months.map((m) => ({ month: m, income: amountOf(income.get(m) ?? 0), expense: amountOf(expense.get(m) ?? 0) })),
  };
}

const TOP = 8;

/**
 * Incomes or expenses from `from` to `to` (inclusive) grouped by rubro or subrubro (their lines: what each paid
 * for), by account, payment method or supplier (the whole movement). Initial balances are not incomes here.
 */
export async function breakdown(
  tx: Tx,
  complexId: string,
  q: { kind: 'income' | 'expense'; by: 'category' | 'subcategory' | 'account' | 'method' | 'supplier'; from: string; to: string },
  texts: { noSubcategory: string; noSupplier: string },
): Promise<DashboardBreakdown> {
  const income = q.kind === 'income';
  const head = income ? 'incomes' : 'expenses';
  const lines = income
    ? 'income_lines l join incomes h on h.id = l.income_id'
    : 'expense_lines l join expenses h on h.id = l.expense_id';
  const where = `h.complex_id = ? and h.date >= ? and h.date <= ?${income ? ' and not h.is_initial_balance' : ''}`;
  // Only fixed SQL is chosen here; every value is a bound parameter.
  const sql = {
    category: `select l.category as label, sum(l.amount)::text as amount from ${lines} where ${where} group by 1`,
    subcategory: `select l.category || ' › ' || coalesce(l.subcategory, ?) as label, sum(l.amount)::text as amount
                    from ${lines} where ${where} group by 1`,
    account: `select a.name as label, sum(h.amount)::text as amount from ${head} h join bank_accounts a on a.id = h.account_id
               where ${where} group by a.id, a.name`,
    method: `select h.method as label, sum(h.amount)::text as amount from ${head} h where ${where} group by 1`,
    supplier: income
      ? undefined
      : `select coalesce(s.name, nullif(trim(h.payee_name), ''), ?) as label, sum(h.amount)::text as amount
           from expenses h left join suppliers s on s.id = h.supplier_id where ${where} group by 1`,
  }[q.by];
  if (!sql) return { ...q, rows: [], others: 0, total: 0 };
  const params = [complexId, q.from, q.to];
  const extra = q.by === 'subcategory' ? [texts.noSubcategory] : q.by === 'supplier' ? [texts.noSupplier] : [];
  const rows = (await tx.execute(sql, [...extra, ...params]))
    .map((r) => ({ label: r.label as string, cents: toCents(r.amount as string) }))
    .filter((r) => r.cents !== 0)
    .sort((a, b) => b.cents - a.cents || a.label.localeCompare(b.label));
  const top = rows.slice(0, TOP);
  const others = rows.slice(TOP).reduce((sum, r) => sum + r.cents, 0);
  const total = rows.reduce((sum, r) => sum + r.cents, 0);
  return {
    ...q,
    rows: top.map((r) => ({ label: r.label, amount: r.cents / 100 })),
    others: others / 100,
    total: total / 100,
  };
}
