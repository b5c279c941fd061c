// Receipt and cheque numbers never repeat or skip, and transfers never overdraw, under 20 parallel requests.
// On PostgreSQL (DATABASE_URL, as CI runs it) the requests really run in parallel transactions; on PGlite
// they are serialised by its single connection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ledger, startLedger } from './api.ts';

let l: Ledger;
beforeAll(async () => {
  l = await startLedger('alamos');
});
afterAll(() => l?.t.close());

const PARALLEL = 20;
const consecutive = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted.every((n, i) => n === sorted[0] + i);
};

describe(`under ${PARALLEL} parallel requests${process.env.DATABASE_URL ? ' (PostgreSQL)' : ' (PGlite)'}`, () => {
  it('gives incomes unique receipt numbers without gaps, and a failed request takes none', async () => {
    const account = await l.bankAccount(0);
    const units = await l.units();
    const before = (await l.call('GET', '/accounting-settings')).body.receiptNumber;
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        l.call('POST', '/incomes', {
          accountId: account.id,
          unitId: units[i % units.length].id,
          date: '2026-11-20',
          description: `Pago ${i}`,
          // Every fifth request is refused after validation (the cash method does not fit a bank account).
          method: i % 5 === 4 ? 'Efectivo' : 'Transferencia',
          lines: [{ description: 'Otro ingreso', category: 'Ingresos Extraordinarios', amount: 10 }],
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 201).map((r) => r.body.receiptNumber as number);
    expect(ok).toHaveLength(16);
    expect(new Set(ok).size).toBe(ok.length);
    expect(consecutive(ok)).toBe(true);
    expect(Math.min(...ok)).toBe(before);
    expect((await l.call('GET', '/accounting-settings')).body.receiptNumber).toBe(before + ok.length);
    expect(await l.balance(account.id)).toBe(160);
  });

  it('gives expenses unique receipt and cheque numbers without gaps', async () => {
    const account = await l.bankAccount(100_000);
    const settings = (await l.call('GET', '/accounting-settings')).body;
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        l.call('POST', '/expenses', {
          accountId: account.id,
          date: '2026-11-20',
          description: `Cheque ${i}`,
          method: 'Cheque en banco',
          lines: [{ description: 'Mantenimiento', category: 'Mantenimiento', amount: 12.34 }],
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(PARALLEL).fill(201));
    const receipts = results.map((r) => r.body.receiptNumber as number);
    const cheques = results.map((r) => r.body.chequeNumber as number);
    expect(consecutive(receipts) && new Set(receipts).size === PARALLEL).toBe(true);
    expect(consecutive(cheques) && new Set(cheques).size === PARALLEL).toBe(true);
    expect(Math.min(...receipts)).toBe(settings.expenseReceiptNumber);
    expect(Math.min(...cheques)).toBe(settings.nextChequeNumber);
  });

  it('never overdraws an account with parallel transfers', async () => {
    const from = await l.bankAccount(100);
    const to = [await l.cashBox(0), await l.bankAccount(0)];
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        l.call('POST', '/transfers', { fromAccountId: from.id, toAccountId: to[i % 2].id, amount: 10, date: '2026-11-20' }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    expect(results.find((r) => r.status === 409)?.body.message).toBe('Saldo insuficiente para realizar esta transacción.');
    expect(await l.balance(from.id)).toBe(0);
    expect((await l.balance(to[0].id)) + (await l.balance(to[1].id))).toBe(100);
  });
});
