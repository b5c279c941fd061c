// Request rate limits (server/src/rate-limit.ts) with low limits set through the environment, and the proxy
// trust (TRUST_PROXY) they depend on: a client must not pick its own address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTLE_MS } from '../src/rate-limit.ts';
import { startTestServer, type TestServer } from './harness.ts';

const LIMITED = { message: 'Demasiadas solicitudes. Inténtelo de nuevo más tarde.', code: 'RATE_LIMITED' };

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({
    env: { RATE_LIMIT_API: '5', RATE_LIMIT_AUTH: '3', RATE_LIMIT_HEAVY: '2', RATE_LIMIT_NOT_FOUND: '3' },
  });
});
afterAll(() => t?.close());

const login = (email: string, password: string, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip, headers });

async function tokenOf(email: string, ip: string): Promise<{ authorization: string }> {
  const res = await login(email, 'demo1234', ip);
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().token}` };
}

function expectLimited(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual(LIMITED);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
}

describe('rate limits', () => {
  it('limits the API per address and signed-in user, with Retry-After and the Spanish message', async () => {
    const health = (ip: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: ip, headers });
    for (let i = 0; i < 5; i++) expect((await health('10.1.0.1')).statusCode).toBe(200);
    expectLimited(await health('10.1.0.1'));
    // Another address, and a signed-in user at the same address, count on their own.
    expect((await health('10.1.0.2')).statusCode).toBe(200);
    const admin = await tokenOf('admin@demo.test', '10.1.0.3');
    expect((await health('10.1.0.1', admin)).statusCode).toBe(200);
    // A forged token is no user: it counts with the address.
    expectLimited(await health('10.1.0.1', { authorization: `${admin.authorization.slice(0, -2)}xx` }));
  });

  it('limits /api/auth/* per address more tightly', async () => {
    for (let i = 0; i < 3; i++) expect((await login(`nadie${i}@demo.test`, 'x', '10.1.1.1')).statusCode).toBe(401);
    expectLimited(await login('admin@demo.test', 'demo1234', '10.1.1.1'));
    expectLimited(
      await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: 'x' }, remoteAddress: '10.1.1.1' }),
    );
  });

  it("limits the routes a plugin marks 'heavy' (imports, notice sends) per user", async () => {
    const alamos = await t.complexId('alamos');
    const admin = await tokenOf('admin@demo.test', '10.1.2.1');
    const send = (url: string) => t.app.inject({ method: 'POST', url, headers: admin, payload: {}, remoteAddress: '10.1.2.2' });
    const imports = `/api/complexes/${alamos}/receivables/import`;
    for (let i = 0; i < 2; i++) expect((await send(imports)).statusCode).toBe(400);
    expectLimited(await send(imports));
    expectLimited(await send(`/api/complexes/${alamos}/notices/overdue`));
    expectLimited(await send(`/api/biometrics/conjuntos/${alamos}/rostros/import/`));
    // Ordinary routes of the same user are not held by it.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/complexes/${alamos}/units`, headers: admin, remoteAddress: '10.1.2.2' }))
        .statusCode,
    ).toBe(200);
  });

  it('limits 404 answers per address (scanners)', async () => {
    for (const url of ['/wp-login.php', '/api/nada', '/.env'])
      expect((await t.app.inject({ method: 'GET', url, remoteAddress: '10.1.3.1' })).statusCode).toBe(404);
    expectLimited(await t.app.inject({ method: 'GET', url: '/admin.php', remoteAddress: '10.1.3.1' }));
    expect((await t.app.inject({ method: 'GET', url: '/admin.php', remoteAddress: '10.1.3.2' })).statusCode).toBe(404);
  });

  it('keeps its counters in the database, shared by every server process', async () => {
    const rows = await t.sql<{ key: string; count: number }>("select key, count from rate_limits where key = 'auth:10.1.1.1'");
    expect(rows).toEqual([{ key: 'auth:10.1.1.1', count: 5 }]);
  });

  it("settles the API's in-memory counts with the table within a second, both ways", async () => {
    const health = () => t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.1.9.9' });
    const shared = async () =>
      (await t.sql<{ count: number }>("select count from rate_limits where key = 'api:10.1.9.9|'"))[0]?.count;
    const settled = async (expected: number) => {
      for (const until = Date.now() + 3 * SETTLE_MS; (await shared()) !== expected && Date.now() < until; )
        await new Promise((r) => setTimeout(r, 50));
      return shared();
    };
    expect((await health()).statusCode).toBe(200);
    expect((await health()).statusCode).toBe(200);
    // This process's hits reach the table ...
    expect(await settled(2)).toBe(2);
    // ... and another process's (written straight into it) count here after the next settle.
    await t.sql("update rate_limits set count = count + 2 where key = 'api:10.1.9.9|'");
    expect((await health()).statusCode).toBe(200);
    expect(await settled(5)).toBe(5);
    expectLimited(await health());
  });
});

describe('proxy trust (TRUST_PROXY)', () => {
  const rotating = async (server: TestServer) => {
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'nadie@demo.test', password: 'x' },
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      answers.push(res.statusCode);
    }
    return answers;
  };

  it('in production, without TRUST_PROXY, a new X-Forwarded-For per try does not give a new address', async () => {
    const production = await startTestServer({ env: { NODE_ENV: 'production', RATE_LIMIT_AUTH: '3' } });
    try {
      expect(await rotating(production)).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await production.close();
    }
  });

  it("believes X-Forwarded-For from the configured proxy's address only", async () => {
    const proxied = await startTestServer({ env: { NODE_ENV: 'production', RATE_LIMIT_AUTH: '3', TRUST_PROXY: '127.0.0.1/32' } });
    try {
      // inject() comes from 127.0.0.1: the proxy; each forwarded client is counted apart.
      expect(await rotating(proxied)).toEqual([401, 401, 401, 401, 401]);
      const keys = await proxied.sql<{ key: string }>("select key from rate_limits where key like 'auth:%' order by key");
      expect(keys.map((k) => k.key)).toEqual([0, 1, 2, 3, 4].map((i) => `auth:203.0.113.${i}`));
      // From any other address the header is ignored.
      const direct = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'otro@demo.test', password: 'x' },
        headers: { 'x-forwarded-for': '203.0.113.9' },
        remoteAddress: '198.51.100.7',
      });
      expect(direct.statusCode).toBe(401);
      expect((await proxied.sql("select 1 from rate_limits where key = 'auth:198.51.100.7'")).length).toBe(1);
    } finally {
      await proxied.close();
    }
  });
});
