// A database outage answers 503 with Retry-After and the Spanish text (never a 500 and an "unhandled error"
// in the log), and the server recovers by itself when the database is back. PostgreSQL only (PGlite is in
// the process): the app reaches its database through a TCP proxy that the test cuts and restores.
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
  const sockets = new Set<Socket>();
  return {
    get port() {
      return port;
    },
    up: () =>
      new Promise<void>((done, fail) => {
        if (listening) return done();
        const listener = createServer((client) => {
          const upstream = createConnection(target.port, target.host);
          client.pipe(upstream).pipe(client);
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
  };
}

describe('connection errors are outages', () => {
  it('recognises refused, dropped and timed-out connections, and not bad input', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
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
});
