// A database outage answers 503 with Retry-After and the Spanish text (never a 500 and an "unhandled error"
// in the log), and the server recovers by itself when the database is back. PostgreSQL only (PGlite is in
// the process): the app reaches its database through a TCP proxy that the test cuts and restores.
import { randomUUID } from 'node:crypto';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src/errors.ts';
import { startTestServer, type TestServer } from './harness.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const UNAVAILABLE = 'El servicio no está disponible en este momento. Inténtelo de nuevo en unos segundos.';

/** A TCP proxy to PostgreSQL that drops every connection and refuses new ones (down), then accepts again (up). */
function dbProxy(target: { host: string; port: number }) {
  let server: Server | undefined;
  let port = 0;
  let listening = false;
  let onCommit: (() => void) | undefined;
  const sockets = new Set<Socket>();
  const proxy = {
    get port() {
      return port;
    },
    up: () =>
      new Promise<void>((done, fail) => {
        if (listening) return done();
        const listener = createServer((client) => {
          const upstream = createConnection(target.port, target.host);
          client.pipe(upstream);
          upstream.on('data', (chunk: Buffer) => {
            // Armed: the server's CommandComplete 'COMMIT' reaches the app, then the database goes away.
            if (onCommit && chunk.includes('COMMIT\0')) {
              const cut = onCommit;
              onCommit = undefined;
              client.write(chunk, cut);
            } else {
              client.write(chunk);
            }
          });
          for (const s of [client, upstream]) {
            sockets.add(s);
            s.on('error', () => {});
            s.on('close', () => {
              sockets.delete(s);
              client.destroy();
              upstream.destroy();
            });
          }
        });
        server = listener;
        listener.once('error', fail);
        listener.listen(port, '127.0.0.1', () => {
          port = (listener.address() as { port: number }).port;
          listening = true;
          done();
        });
      }),
    async down() {
      listening = false;
      const closed = new Promise((done) => server?.close(done));
      for (const s of sockets) s.destroy();
      await closed;
    },
    /** Goes down right after the next transaction commits; resolves when it is down. */
    downAfterNextCommit: () =>
      new Promise<void>((done) => {
        onCommit = () => void proxy.down().then(done);
      }),
  };
  return proxy;
}

describe('connection errors are outages', () => {
  it('recognises refused, dropped and timed-out connections, and not bad input', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(
      isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })),
    ).toBe(true);
    expect(isDatabaseUnavailable({ message: 'x', cause: { code: '08006' } })).toBe(true);
    expect(isDatabaseUnavailable({ code: '53300' })).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });
});

describe.skipIf(!onPostgres)('a database outage (PostgreSQL)', () => {
  let t: TestServer;
  const target = new URL(process.env.DATABASE_URL ?? 'postgres://127.0.0.1:5432');
  const proxy = dbProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const logged: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    await proxy.up();
    t = await startTestServer({
      databaseUrl: (url) => {
        const u = new URL(url);
        u.hostname = '127.0.0.1';
        u.port = String(proxy.port);
        return u.toString();
      },
      // The app's own log lines (warnings and errors), to see what an outage writes.
      logger: { level: 'warn', stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
    });
  });
  afterAll(async () => {
    await proxy.up().catch(() => {});
    await t?.close();
  });

  it('answers 503 with Retry-After while the database is down, and recovers when it is back', async () => {
    const headers = await t.login('admin@demo.test');
    const url = `/api/complexes/${await t.complexId('alamos')}/units`;
    expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);

    logged.length = 0;
    await proxy.down();
    for (const request of [
      { method: 'GET' as const, url },
      { method: 'GET' as const, url: '/api/health' },
      { method: 'POST' as const, url: '/api/auth/login', payload: { email: 'admin@demo.test', password: 'demo1234' } },
    ]) {
      const res = await t.app.inject({ ...request, headers: request.url === url ? headers : {} });
      expect(res.statusCode, request.url).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ message: UNAVAILABLE, code: 'SERVICE_UNAVAILABLE' });
    }

    await proxy.up();
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
      status = (await t.app.inject({ method: 'GET', url, headers })).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // One warning for the outage, no error and no "unhandled error".
    const outageLines = logged.filter((l) => l.msg === 'database unavailable: answering 503');
    expect(outageLines.map((l) => l.level)).toEqual([40]);
    expect(logged.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('never records twice an income whose answer was lost after its commit: the retry with its key answers 409', async () => {
    const headers = await t.login('admin@demo.test');
    const base = `/api/complexes/${await t.complexId('alamos')}`;
    const [bank] = await t.sql<{ id: string }>("select id from banks where name = 'Banco Pichincha'");
    const account = await t.app.inject({
      method: 'POST',
      url: `${base}/bank-accounts`,
      headers,
      payload: {
        methodType: 'Cuenta Bancaria',
        bankId: bank.id,
        name: 'Cuenta corte',
        number: '2200113344',
        idType: 'Ruc',
        accountType: 'Corriente',
        initialBalance: 0,
        cutoffDate: '2026-01-01',
      },
    });
    expect(account.statusCode).toBe(201);
    const [unit] = await t.sql<{ id: string }>('select id from units where complex_id = ? order by number_sort limit 1', [
      await t.complexId('alamos'),
    ]);
    const income = {
      method: 'POST' as const,
      url: `${base}/incomes`,
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: {
        accountId: account.json().id,
        unitId: unit.id,
        date: '2026-11-20',
        description: 'Pago con corte',
        method: 'Transferencia',
        lines: [{ description: 'Otro ingreso', category: 'Ingresos Extraordinarios', amount: 10 }],
      },
    };

    // The income commits, then the database goes away before the answer is read back: the client sees a 503.
    const cut = proxy.downAfterNextCommit();
    const first = await t.app.inject(income);
    await cut;
    expect(first.statusCode).toBe(503);
    await proxy.up();
    for (
      let attempt = 0;
      attempt < 20 && (await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode !== 200;
      attempt++
    )
      await new Promise((r) => setTimeout(r, 250));

    // The key was marked committed in the income's own transaction; once the database is back the host records
    // that its answer was lost.
    const key = income.headers['idempotency-key'];
    let state = '';
    for (let attempt = 0; attempt < 40 && state !== 'lost'; attempt++) {
      [{ state }] = await t.sql<{ state: string }>('select state from idempotency_keys where key = ?', [key]);
      if (state !== 'lost') await new Promise((r) => setTimeout(r, 250));
    }
    expect(state).toBe('lost');
    // The client retries with the same key: refused, not recorded a second time.
    const retry = await t.app.inject(income);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().code).toBe('IDEMPOTENCY_RESULT_LOST');
    const rows = await t.sql('select id from incomes where description = ?', ['Pago con corte']);
    expect(rows).toHaveLength(1);
  });
});
