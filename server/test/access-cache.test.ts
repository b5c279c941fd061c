// The tenancy check answers a warm request from the access cache (no round trip), and every change to what
// it is made of takes effect at once: made through this process's API, or straight in the database as another
// process would (heard through the access channel's NOTIFY).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
let alamos: string;
beforeAll(async () => {
  t = await startTestServer();
  alamos = await t.complexId('alamos');
});
afterAll(() => t?.close());

/** Runs SQL as another process would: not through this app's ORM (whose writes it watches). */
async function elsewhere(query: string, params: unknown[] = []): Promise<void> {
  let n = 0;
  const sql = query.replace(/\?/g, () => `$${++n}`);
  if (t.db.pglite) {
    await t.db.pglite.query(sql, params);
    return;
  }
  const url = t.db.orm.config.get('clientUrl') as string;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql, params);
  } finally {
    await client.end();
  }
}

/** Statuses until `expected` (or 2 s): another process's change reaches this one when its NOTIFY arrives. */
async function statusBecomes(url: string, headers: Record<string, string>, expected: number): Promise<number> {
  const until = Date.now() + 2000;
  for (;;) {
    const status = (await t.app.inject({ method: 'GET', url, headers })).statusCode;
    if (status === expected || Date.now() > until) return status;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Counts the tenancy check's queries while `run` runs. */
async function tenancyQueries(run: () => Promise<unknown>): Promise<number> {
  const config = t.db.orm.config;
  const original = config.get('onQuery');
  let count = 0;
  config.set('onQuery', (sql: string, params: readonly unknown[]) => {
    if (sql.includes('as plugin_enabled')) count++;
    return original(sql, params as unknown[]);
  });
  try {
    await run();
  } finally {
    config.set('onQuery', original);
  }
  return count;
}

describe('the access cache', () => {
  it('answers a warm request without the tenancy query', async () => {
    const headers = await t.login('admin@demo.test');
    const url = `/api/complexes/${alamos}/units`;
    expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
    const queries = await tenancyQueries(async () => {
      for (let i = 0; i < 5; i++) expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
    });
    expect(queries).toBe(0);
  });

  it('drops a user disabled by another process', async () => {
    const headers = await t.login('guardia@demo.test');
    const url = `/api/complexes/${alamos}/units`;
    expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
    await elsewhere("update users set is_active = false where email = 'guardia@demo.test'");
    expect(await statusBecomes(url, headers, 401)).toBe(401);
    await elsewhere("update users set is_active = true where email = 'guardia@demo.test'");
  });

  it('drops a link removed by another process, and a role taken away', async () => {
    const headers = await t.login('directiva@demo.test');
    const url = `/api/complexes/${alamos}/units`;
    expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
    await elsewhere(
      "delete from user_complexes where user_id = (select id from users where email = 'directiva@demo.test') and complex_id = ?",
      [alamos],
    );
    expect(await statusBecomes(url, headers, 404)).toBe(404);
  });

  it('closes a complex disabled through the API at once', async () => {
    const headers = await t.login('admin@demo.test');
    const staff = await t.login('superadmin@demo.test');
    const bosque = await t.complexId('bosque');
    const url = `/api/complexes/${bosque}/units`;
    expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/platform/complexes/${bosque}`,
      headers: staff,
      payload: { isActive: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(404);
    await t.app.inject({ method: 'PUT', url: `/api/platform/complexes/${bosque}`, headers: staff, payload: { isActive: true } });
    expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
  });

  it("closes a plugin's routes when its module is switched off by another process", async () => {
    const headers = await t.login('admin@demo.test');
    const url = `/api/complexes/${alamos}/surveys`;
    expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
    await elsewhere(
      `update complexes set modules = coalesce(modules, '{}'::jsonb) || '{"Encuestas": false}'::jsonb where id = ?`,
      [alamos],
    );
    expect(await statusBecomes(url, headers, 404)).toBe(404);
    await elsewhere(`update complexes set modules = modules || '{"Encuestas": true}'::jsonb where id = ?`, [alamos]);
    expect(await statusBecomes(url, headers, 200)).toBe(200);
  });

  it("ends a sign-in's access at once on logout", async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'multi@demo.test', password: 'demo1234' },
    });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const url = `/api/complexes/${alamos}/units`;
    expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers, payload: {} })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(401);
  });
});
