// Idempotency-Key on the accounting POSTs: a retried request (the client saw an error or a timeout and sends
// it again) answers the first answer instead of committing a second income; concurrent retries of one key
// create one income; the key cannot be reused for another body; a failure that committed nothing frees the key.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ledger, startLedger } from './api.ts';

let l: Ledger;
let account: { id: string };
let unitId: string;
beforeAll(async () => {
  l = await startLedger('alamos');
  account = await l.bankAccount(0);
  unitId = (await l.units())[0].id;
});
afterAll(() => l?.t.close());

const income = (description: string, amount = 10) => ({
  accountId: account.id,
  unitId,
  date: '2026-11-20',
  description,
  method: 'Transferencia',
  lines: [{ description: 'Otro ingreso', category: 'Ingresos Extraordinarios', amount }],
});

async function post(path: string, payload: object, key?: string, email = 'admin@demo.test') {
  const res = await l.t.app.inject({
    method: 'POST',
    url: `/api/complexes/${l.complexId}${path}`,
    headers: { ...(await l.t.login(email)), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload,
  });
  return { status: res.statusCode, body: res.json(), replayed: res.headers['idempotency-replayed'] };
}
const incomesNamed = async (description: string) =>
  l.t.sql<{ id: string; receipt_number: number }>(
    'select id, receipt_number from incomes where complex_id = ? and description = ?',
    [l.complexId, description],
  );

describe('Idempotency-Key', () => {
  it('answers a retried POST with the first answer: one income, one receipt number', async () => {
    const key = randomUUID();
    const first = await post('/incomes', income('Pago reintentado'), key);
    expect(first.status).toBe(201);
    expect(first.replayed).toBeUndefined();
    const retry = await post('/incomes', income('Pago reintentado'), key);
    expect(retry.status).toBe(201);
    expect(retry.replayed).toBe('true');
    expect(retry.body).toEqual(first.body);
    const rows = await incomesNamed('Pago reintentado');
    expect(rows).toHaveLength(1);
    expect(rows[0].receipt_number).toBe(first.body.receiptNumber);
    // Without the header every POST is a new income, as before.
    expect((await post('/incomes', income('Sin clave'))).status).toBe(201);
    expect((await post('/incomes', income('Sin clave'))).status).toBe(201);
    expect(await incomesNamed('Sin clave')).toHaveLength(2);
  });

  it('creates exactly one income from 10 concurrent requests with one key', async () => {
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post('/incomes', income('Pago concurrente'), key)));
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const a of answers.filter((x) => x.status !== 201)) {
      expect(a.status).toBe(409);
      expect(a.body).toEqual({ message: 'Una solicitud con esta clave ya está en curso.', code: 'IDEMPOTENCY_IN_PROGRESS' });
    }
    // Every 201 is the same income (the first, or its replay).
    expect(new Set(created.map((a) => a.body.id)).size).toBe(1);
    expect(await incomesNamed('Pago concurrente')).toHaveLength(1);
    // Once it finished, a retry replays it.
    const retry = await post('/incomes', income('Pago concurrente'), key);
    expect(retry).toMatchObject({ status: 201, replayed: 'true', body: { id: created[0].body.id } });
  });

  it('refuses the same key with another body (422) or on another route, and scopes keys per user', async () => {
    const key = randomUUID();
    expect((await post('/incomes', income('Pago A', 10), key)).status).toBe(201);
    const other = await post('/incomes', income('Pago A', 11), key);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(other.body.message).toMatch(/ya se usó con otra solicitud/);
    expect(
      (await post('/transfers', { fromAccountId: account.id, toAccountId: account.id, amount: 1, date: '2026-11-20' }, key))
        .status,
    ).toBe(422);
    expect(await incomesNamed('Pago A')).toHaveLength(1);
    // Another user's key of the same text is another key.
    const multi = await post('/incomes', income('Pago A', 10), key, 'multi@demo.test');
    expect(multi.status).toBe(201);
    expect(multi.replayed).toBeUndefined();
    expect(await incomesNamed('Pago A')).toHaveLength(2);
  });

  it('frees the key of a request that committed nothing, so a corrected retry runs', async () => {
    const key = randomUUID();
    // Cash does not fit a bank account: refused inside the transaction.
    const refused = await post('/incomes', { ...income('Pago corregido'), method: 'Efectivo' }, key);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    const fixed = await post('/incomes', income('Pago corregido'), key);
    expect(fixed.status).toBe(201);
    expect(await incomesNamed('Pago corregido')).toHaveLength(1);
  });

  it('refuses keys that are too long or not printable ASCII', async () => {
    for (const key of ['x'.repeat(201), 'clave-ñ', '']) {
      const res = await post('/incomes', income('Clave inválida'), key);
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(res.body.code).toBe('IDEMPOTENCY_KEY_INVALID');
    }
    expect((await post('/incomes', income('Clave larga'), 'k'.repeat(200))).status).toBe(201);
    expect(await incomesNamed('Clave inválida')).toHaveLength(0);
  });

  it('forgets keys after 24 hours', async () => {
    const key = randomUUID();
    expect((await post('/incomes', income('Pago viejo'), key)).status).toBe(201);
    await l.t.sql("update idempotency_keys set created_at = now() - interval '25 hours' where key = ?", [key]);
    const again = await post('/incomes', income('Pago viejo'), key);
    expect(again.status).toBe(201);
    expect(again.replayed).toBeUndefined();
    expect(await incomesNamed('Pago viejo')).toHaveLength(2);
  });

  it('is honoured by every POST of the accounting plugin (they all create or change money or numbered records)', () => {
    const accountingPaths =
      /^\/api\/complexes\/:complexId\/(incomes|expenses|transfers|pending-transfers|receivables|notices|bank-accounts|payables|suppliers|categories|reconciliations|units\/:unitId\/statement)/;
    const posts = l.t.app.routeTable.filter((r) => r.method === 'POST' && accountingPaths.test(r.url));
    expect(posts.length).toBeGreaterThanOrEqual(20);
    expect(posts.filter((r) => !r.idempotent).map((r) => r.url)).toEqual([]);
    for (const url of [
      '/incomes',
      '/expenses',
      '/transfers',
      '/receivables',
      '/receivables/generate',
      '/receivables/import',
      '/notices/overdue',
      '/notices/statements',
      '/notices/manual',
      '/bank-accounts',
      '/payables',
    ]) {
      expect(
        posts.some((r) => r.url === `/api/complexes/:complexId${url}`),
        url,
      ).toBe(true);
    }
  });
});
