// The demo year of accounting keeps the ledger's invariants, and every list of the API shows it.
import { businessDay, toCents } from '@conjunto/core';
import { startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORIES } from '../manifest.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

describe('demo accounting', () => {
  it('never lets an account go below zero at the end of any day', async () => {
    const rows = await t.sql<{ account_id: string; date: string; balance: string }>(
      `select account_id, date::text, sum(sum(amount)) over (partition by account_id order by date)::text as balance
         from account_movements group by account_id, date`,
    );
    expect(rows.length).toBeGreaterThan(100);
    const negative = rows.filter((r) => toCents(r.balance) < 0);
    expect(negative).toEqual([]);
    const [accounts] = await t.sql<{ n: string }>("select count(*)::text as n from bank_accounts where method_type <> 'Caja'");
    expect(Number(accounts.n)).toBe(6);
  });

  it("keeps each receivable's balance = original - discount - what its lines paid", async () => {
    const wrong = await t.sql(
      `select r.id from receivables r left join income_lines l on l.receivable_id = r.id
        group by r.id having r.balance <> r.original_amount - r.discount - coalesce(sum(l.amount), 0)`,
    );
    expect(wrong).toEqual([]);
    const [stats] = await t.sql<{ fees: string; paid: string; overdue_units: string }>(
      `select count(*) filter (where kind = 'fee')::text as fees, count(*) filter (where kind = 'fee' and balance = 0)::text as paid,
              count(distinct unit_id) filter (where balance > 0 and due_date < current_date - 60)::text as overdue_units
         from receivables`,
    );
    expect(Number(stats.fees)).toBe((36 + 32 + 30) * 12);
    const ratio = Number(stats.paid) / Number(stats.fees);
    expect(ratio).toBeGreaterThan(0.78);
    expect(ratio).toBeLessThan(0.95);
    expect(Number(stats.overdue_units)).toBeGreaterThanOrEqual(9);
  });

  it('numbers receipts 1..n without gaps, in date order, and the counters continue after them', async () => {
    for (const table of ['incomes', 'expenses']) {
      const rows = await t.sql<{ complex_id: string; n: number; max: number; count: string; next: number }>(
        `select x.complex_id, max(x.receipt_number) as max, count(x.receipt_number)::text as count, count(distinct x.receipt_number)::text as n,
                max(${table === 'incomes' ? 'c.receipt_number' : 'c.expense_receipt_number'}) as next
           from ${table} x join accounting_settings c on c.complex_id = x.complex_id group by x.complex_id`,
      );
      expect(rows).toHaveLength(3);
      for (const r of rows) {
        expect(Number(r.count)).toBe(r.max);
        expect(Number(r.n)).toBe(r.max);
        expect(r.next).toBe(r.max + 1);
      }
      const disorder = await t.sql(
        `select 1 from ${table} a join ${table} b on a.complex_id = b.complex_id and a.receipt_number < b.receipt_number and a.date > b.date limit 1`,
      );
      expect(disorder).toEqual([]);
    }
    // UltimoMesAlicuota: the latest month that has fees.
    const months = await t.sql<{ kept: string | null; latest: string }>(
      `select s.last_aliquot_month as kept, max(r.period) as latest from accounting_settings s
         join receivables r on r.complex_id = s.complex_id and r.kind = 'fee' group by s.complex_id, s.last_aliquot_month`,
    );
    expect(months).toHaveLength(3);
    for (const m of months) expect(m.kept).toBe(m.latest);
  });

  it('uses only default rubros, pays incomes as their lines, and numbers cheques from the configured start', async () => {
    const lines = await t.sql<{ kind: 'income' | 'expense'; category: string; subcategory: string }>(
      `select distinct 'income' as kind, category, subcategory from income_lines
       union select distinct 'income', category, subcategory from receivables
       union select distinct 'expense', category, subcategory from expense_lines`,
    );
    for (const l of lines)
      expect(DEFAULT_CATEGORIES[l.kind][l.category], `${l.category}/${l.subcategory}`).toContain(l.subcategory);
    const mismatched = await t.sql(
      `select i.id from incomes i left join income_lines l on l.income_id = i.id group by i.id having i.amount + i.discount <> coalesce(sum(l.amount), 0)`,
    );
    expect(mismatched).toEqual([]);
    const badExpenses = await t.sql(
      'select e.id from expenses e join expense_lines l on l.expense_id = e.id group by e.id having e.amount <> sum(l.amount)',
    );
    expect(badExpenses).toEqual([]);
    const [cheques] = await t.sql<{ min: number; n: string; max: number }>(
      "select min(e.cheque_number) as min, max(e.cheque_number) as max, count(*)::text as n from expenses e join complexes c on c.id = e.complex_id where c.name = 'Conjunto Los Álamos' and e.method = 'Cheque en banco'",
    );
    expect(cheques.min).toBe(1001);
    expect(cheques.max).toBe(1000 + Number(cheques.n));
    const [future] = await t.sql<{ n: string }>(
      'select (select count(*) from incomes where date > ?) + (select count(*) from expenses where date > ?) + (select count(*) from transfers where date > ?) as n',
      [businessDay(), businessDay(), businessDay()],
    );
    expect(Number(future.n)).toBe(0);
  });

  it('marks what the reconciliation covered, with its counts and totals', async () => {
    const rows = await t.sql<{ ok: boolean }>(
      `select r.income_count = (select count(*) from incomes i where i.reconciliation_id = r.id)
          and r.expense_count = (select count(*) from expenses e where e.reconciliation_id = r.id)
          and r.income_total = (select sum(amount) from incomes i where i.reconciliation_id = r.id)
          and r.expense_total = (select sum(amount) from expenses e where e.reconciliation_id = r.id)
          and not exists (select 1 from incomes i where i.account_id = r.account_id and i.date <= r.until_date and not i.reconciled)
          and not exists (select 1 from expenses e where e.account_id = r.account_id and e.date <= r.until_date and not e.reconciled)
          and not exists (select 1 from incomes i where i.reconciled and i.reconciliation_id is null and i.annulled_at is null) as ok
         from reconciliations r`,
    );
    expect(rows.map((r) => r.ok)).toEqual([true, true, true]);
  });

  it('answers every list of the API for the administrator', async () => {
    const admin = await t.login('admin@demo.test');
    const base = `/api/complexes/${await t.complexId('alamos')}`;
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url: `${base}${url}`, headers: admin });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
      return res.json();
    };
    const filter = (f: object) => `?filter=${encodeURIComponent(JSON.stringify(f))}`;
    const accounts = await get('/bank-accounts');
    expect(accounts).toHaveLength(3);
    for (const a of accounts) expect(a.balance).toBeGreaterThan(0);
    expect((await get('/incomes')).length).toBeGreaterThan(0);
    expect(await get(`/incomes${filter({ unidentified: true })}`)).toHaveLength(2);
    const [annulled] = await get(`/incomes${filter({ annulled: true })}`);
    expect(annulled).toMatchObject({ amount: 0, description: 'Anulación' });
    // Its receipt shows what it was before the annulment.
    const [before] = await t.sql<{ amount: number; lines: number; unit: string }>(
      "select (before_annulment->>'amount')::float as amount, jsonb_array_length(before_annulment->'lines') as lines, before_annulment->'lines'->0->>'unitNumber' as unit from incomes where id = ?",
      [annulled.id],
    );
    expect(before).toEqual({ amount: expect.any(Number), lines: expect.any(Number), unit: annulled.unitNumber });
    expect(before.amount).toBeGreaterThan(0);
    expect(before.lines).toBeGreaterThan(0);
    expect((await get(`/incomes${filter({ isAdvance: true })}`)).length).toBe(2);
    expect((await get('/expenses')).length).toBeGreaterThan(0);
    expect((await get('/receivables')).length).toBeGreaterThan(0);
    expect((await get('/transfers')).length).toBeGreaterThan(0);
    expect((await get('/payables')).length).toBeGreaterThan(0);
    expect(await get('/suppliers')).toHaveLength(5);
    expect(await get(`/pending-transfers${filter({ status: 'Pendiente' })}`)).toHaveLength(2);
    expect(await get('/reconciliations')).toHaveLength(1);
    const settings = await get('/accounting-settings');
    expect(settings).toMatchObject({ totalFee: 3600, graceDays: 10, chequeNumbering: true, chequeStart: 1001 });
    for (const url of ['/categories', '/banks']) await get(url);
  });
});
