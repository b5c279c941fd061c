// Test helpers: a demo server, the admin's calls on one complex and fresh accounts to work on.
import { startTestServer, type TestServer } from '@conjunto/server/testing';

export interface Ledger {
  t: TestServer;
  complexId: string;
  /** Calls /api/complexes/:complexId<path> as `email` (admin@demo.test by default). */
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked by the assertions
  call(method: string, path: string, payload?: unknown, email?: string): Promise<{ status: number; body: any }>;
  bankAccount(initialBalance?: number, extra?: object): Promise<{ id: string }>;
  cashBox(initialBalance?: number): Promise<{ id: string }>;
  units(): Promise<{ id: string; number: string }[]>;
  balance(accountId: string): Promise<number>;
  /** Polls GET /jobs/:id until the job completes, fails or is cancelled; answers its state (progress, output). */
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked by the assertions
  job(id: string, timeoutMs?: number): Promise<any>;
}

export const filter = (f: object) => `filter=${encodeURIComponent(JSON.stringify(f))}`;

export async function startLedger(complex: 'alamos' | 'bosque' | 'colina' = 'alamos'): Promise<Ledger> {
  const t = await startTestServer();
  const complexId = await t.complexId(complex);
  const call: Ledger['call'] = async (
    method,
    path,
    payload,
    email = complex === 'colina' ? 'admin2@demo.test' : 'admin@demo.test',
  ) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url: `/api/complexes/${complexId}${path}`,
      headers: await t.login(email),
      payload: payload as object,
    });
    return { status: res.statusCode, body: res.headers['content-type']?.toString().includes('json') ? res.json() : res.body };
  };
  const [bank] = await t.sql<{ id: string }>("select id from banks where name = 'Banco Pichincha'");
  let n = 0;
  const create = async (payload: object) => {
    const res = await call('POST', '/bank-accounts', payload);
    if (res.status !== 201) throw new Error(`account: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: string };
  };
  const job: Ledger['job'] = async (id, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await call('GET', `/jobs/${id}`);
      if (res.status !== 200) throw new Error(`job ${id}: ${res.status} ${JSON.stringify(res.body)}`);
      if (['completed', 'failed', 'cancelled'].includes(res.body.state)) return res.body;
      if (Date.now() > deadline) throw new Error(`job ${id} still ${res.body.state}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return {
    t,
    complexId,
    call,
    job,
    bankAccount: (initialBalance = 0, extra = {}) =>
      create({
        methodType: 'Cuenta Bancaria',
        bankId: bank.id,
        name: `Cuenta prueba ${++n}`,
        number: '2200113344',
        idType: 'Ruc',
        accountType: 'Corriente',
        initialBalance,
        cutoffDate: '2026-01-01',
        ...extra,
      }),
    cashBox: (initialBalance = 0) =>
      create({ methodType: 'Caja', name: `Caja prueba ${++n}`, initialBalance, cutoffDate: '2026-01-01' }),
    units: () =>
      t.sql<{ id: string; number: string }>('select id, number from units where complex_id = ? order by number_sort', [
        complexId,
      ]),
    async balance(accountId) {
      const res = await call('GET', `/bank-accounts/${accountId}/balance`);
      return res.body.balance;
    },
  };
}

/** Two receivables for a unit, returned with their ids. */
export async function twoCharges(l: Ledger, unitId: string, amounts: [number, number] = [45.5, 30]) {
  const charge = async (name: string, amount: number) => {
    const res = await l.call('POST', '/receivables', {
      unitIds: [unitId],
      name,
      category: 'Ingresos Extraordinarios',
      subcategory: 'Cuota extraordinaria',
      amount,
      dueDate: '2026-10-15',
    });
    if (res.status !== 201) throw new Error(`charge: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body[0] as { id: string; balance: number };
  };
  return [await charge('Cuota extraordinaria pintura', amounts[0]), await charge('Cuota extraordinaria jardines', amounts[1])];
}
