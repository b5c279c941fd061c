// The dashboard's figures (GET /accounting-dashboard/*) on a ledger of known movements: Los Álamos's demo year is
// cleared first, so every expected number below is worked out by hand from what the test records.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ledger, startLedger } from './api.ts';

let l: Ledger;
let bank: { id: string };
let cash: { id: string };
let units: { id: string; number: string }[];

const ok = async (res: Promise<{ status: number; body: unknown }>, status = 201) => {
  const r = await res;
  if (r.status !== status) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
  return r.body as { id: string };
};
const charge = (unitIds: string[], amount: number, dueDate: string) =>
  ok(
    l.call('POST', '/receivables', {
      unitIds,
      name: 'Cuota',
      category: 'Ingresos Extraordinarios',
      subcategory: 'Cuota extraordinaria',
      amount,
      dueDate,
    }),
  ) as unknown as Promise<{ id: string; unitId: string }[]>;
const expense = (amount: number, date: string, category: string, subcategory: string, extra: object = {}) =>
  ok(
    l.call('POST', '/expenses', {
      accountId: bank.id,
      date,
      description: 'Gasto',
      method: 'Transferencia',
      lines: [{ description: 'Gasto', category, subcategory, amount }],
      ...extra,
    }),
  );

beforeAll(async () => {
  l = await startLedger();
  // Clear the demo year of this complex: its ledger is rebuilt below with known values.
  for (const table of [
    'income_lines',
    'pending_transfers',
    'expense_lines',
    'expenses',
    'payables',
    'incomes',
    'transfers',
    'receivables',
    'reconciliations',
    'bank_accounts',
  ])
    await l.t.sql(`delete from ${table} where complex_id = ?`, [l.complexId]);
  units = await l.units();
  bank = await l.bankAccount(1000); // its initial balance is an income of 2026-01-01, never counted as collected
  cash = await l.cashBox(0);
  // Billed in March: two fees of 100 due on the 10th. Older debts: 50 due in January, 30 due in November 2025.
  const march = await charge([units[0].id, units[1].id], 100, '2026-03-10');
  await charge([units[0].id], 50, '2026-01-15');
  await charge([units[2].id], 30, '2025-11-01');
  // Unit 1 pays its March fee on the 15th.
  const paid = march.find((r) => r.unitId === units[0].id)!;
  await ok(
    l.call('POST', '/incomes', {
      accountId: bank.id,
      unitId: units[0].id,
      date: '2026-03-15',
      description: 'Pago de expensas',
      method: 'Transferencia',
      lines: [{ receivableId: paid.id, description: 'Cuota', category: 'Ingresos Extraordinarios', amount: 100 }],
    }),
  );
  await expense(40, '2026-03-05', 'Servicios Básicos', 'Energía eléctrica');
  await expense(25, '2026-02-10', 'Mantenimiento', 'Pintura', { payeeName: 'Pinturas Andinas' });
  await ok(l.call('POST', '/transfers', { fromAccountId: bank.id, toAccountId: cash.id, amount: 200, date: '2026-03-16' }));
});
afterAll(() => l?.t.close());

describe('accounting dashboard figures', () => {
  it('collected vs billed in a month', async () => {
    const march = await l.call('GET', '/accounting-dashboard/month?month=2026-03');
    expect(march.status).toBe(200);
    expect(march.body).toEqual({ month: '2026-03', billed: 200, billedCount: 2, collected: 100, collectedCount: 1 });
    // January: the 50 billed; the account's initial balance (an income of 2026-01-01) is not a collection.
    const january = await l.call('GET', '/accounting-dashboard/month?month=2026-01');
    expect(january.body).toMatchObject({ billed: 50, collected: 0 });
    expect((await l.call('GET', '/accounting-dashboard/month?month=2026-13')).status).toBe(400);
  });

  it('arrears by days past due', async () => {
    const { status, body } = await l.call('GET', '/accounting-dashboard/arrears?date=2026-03-20');
    expect(status).toBe(200);
    expect(body).toEqual({
      date: '2026-03-20',
      buckets: [
        { bucket: '1-30', amount: 100, receivables: 1, units: 1 }, // unit 2's March fee, 10 days late
        { bucket: '31-60', amount: 0, receivables: 0, units: 0 },
        { bucket: '61-90', amount: 50, receivables: 1, units: 1 }, // due 15 January: 64 days
        { bucket: '90+', amount: 30, receivables: 1, units: 1 }, // due 1 November: 139 days
      ],
      total: 180,
      units: 3,
    });
    // On the due day itself nothing of March is late yet.
    const early = await l.call('GET', '/accounting-dashboard/arrears?date=2026-03-10');
    expect(early.body.buckets[0]).toEqual({ bucket: '1-30', amount: 0, receivables: 0, units: 0 });
  });

  it('balance per account', async () => {
    const { body } = await l.call('GET', '/accounting-dashboard/balances');
    // Bank: 1000 + 100 - 40 - 25 - 200; cash box: the 200 transferred. The same as each account's balance route.
    const balanceOf = (id: string) => body.accounts.find((a: { id: string }) => a.id === id)?.balance;
    expect(body.accounts).toHaveLength(2);
    expect([balanceOf(bank.id), balanceOf(cash.id)]).toEqual([835, 200]);
    expect(body.total).toBe(1035);
    expect(await l.balance(bank.id)).toBe(835);
  });

  it('incomes and expenses of the last 12 months', async () => {
    const { body } = await l.call('GET', '/accounting-dashboard/monthly?month=2026-03');
    expect(body.months).toHaveLength(12);
    expect(body.months[0]).toEqual({ month: '2025-04', income: 0, expense: 0 });
    expect(body.months.slice(-3)).toEqual([
      { month: '2026-01', income: 0, expense: 0 },
      { month: '2026-02', income: 0, expense: 25 },
      { month: '2026-03', income: 100, expense: 40 },
    ]);
  });

  it('incomes and expenses grouped by rubro, subrubro, account, method or supplier', async () => {
    const q = (kind: string, by: string, from = '2026-01-01', to = '2026-03-31') =>
      l.call('GET', `/accounting-dashboard/breakdown?kind=${kind}&by=${by}&from=${from}&to=${to}`);
    expect((await q('expense', 'category')).body).toMatchObject({
      rows: [
        { label: 'Servicios Básicos', amount: 40 },
        { label: 'Mantenimiento', amount: 25 },
      ],
      others: 0,
      total: 65,
    });
    expect((await q('expense', 'subcategory')).body.rows[0]).toEqual({
      label: 'Servicios Básicos › Energía eléctrica',
      amount: 40,
    });
    expect((await q('expense', 'supplier')).body.rows).toEqual([
      { label: 'Sin proveedor', amount: 40 },
      { label: 'Pinturas Andinas', amount: 25 },
    ]);
    expect((await q('income', 'method')).body.rows).toEqual([{ label: 'Transferencia', amount: 100 }]);
    expect((await q('income', 'account')).body.total).toBe(100); // the initial balance is left out
    expect((await q('expense', 'category', '2026-03-01', '2026-03-31')).body.total).toBe(40);
    const supplierOfIncome = await q('income', 'supplier');
    expect(supplierOfIncome.status).toBe(400);
    expect(supplierOfIncome.body.errors).toEqual({ by: 'Los ingresos no tienen proveedor.' });
    const reversed = await q('expense', 'category', '2026-03-31', '2026-03-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors).toEqual({ to: 'La fecha inicial no puede ser posterior a la final.' });
    expect((await q('expense', 'category', '2026-03-05', '2026-03-05')).body.total).toBe(40); // one day
    expect((await q('expense', 'color')).status).toBe(400);
  });

  it('reads a period of at most 5 years: counted from the first day, not by the years of the two dates', async () => {
    const q = (from: string, to: string) =>
      l.call('GET', `/accounting-dashboard/breakdown?kind=expense&by=category&from=${from}&to=${to}`);
    expect((await q('2020-01-01', '2024-12-31')).status).toBe(200);
    expect((await q('2020-03-15', '2025-03-14')).status).toBe(200);
    for (const [from, to] of [
      ['2020-01-01', '2025-12-31'], // six calendar years: the same year difference as 2020-12-31 .. 2025-01-01
      ['2020-03-15', '2025-03-15'],
      ['0001-01-01', '9999-12-31'],
    ]) {
      const res = await q(from, to);
      expect(res.status, `${from}..${to}`).toBe(400);
      expect(res.body.errors).toEqual({ from: 'El período no puede superar 5 años.' });
    }
  });

  it('reads for the board, not for the guard, the parking attendant or another complex', async () => {
    const path = '/accounting-dashboard/balances';
    expect((await l.call('GET', path, undefined, 'directiva@demo.test')).status).toBe(200);
    expect((await l.call('GET', path, undefined, 'guardia@demo.test')).status).toBe(403);
    expect((await l.call('GET', path, undefined, 'parkey@demo.test')).status).toBe(403);
    // Colina's administrator is not linked to Los Álamos: its figures are not found for him.
    expect([403, 404]).toContain((await l.call('GET', path, undefined, 'admin2@demo.test')).status);
  });

  it('answers 404 while the complex has Contabilidad switched off', async () => {
    const set = (on: boolean) =>
      l.t.sql(`update complexes set modules = modules || jsonb_build_object('Contabilidad', ?::boolean) where id = ?`, [
        on,
        l.complexId,
      ]);
    await set(false);
    try {
      expect((await l.call('GET', '/accounting-dashboard/month')).status).toBe(404);
    } finally {
      await set(true);
    }
  });
});
