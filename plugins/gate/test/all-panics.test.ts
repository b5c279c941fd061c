// /superAdmin/allPanics (spec 000 §2.2, 002 §2.4 'AllPanicAlerts') through the host's platform scope for plugins:
// GET /api/platform/gate/panic-alerts lists every complex's alerts with the complex's name, filters by complex,
// state and days, pages (capped) and exports; it is platform staff's only (403 for every other role, 401 without a
// sign-in, before any read) and answers 404 while the plugin is disabled on the platform. Read-only: no route
// writes.
import { listQuery, startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import gate from '../server/index.ts';

let t: TestServer;
let alamos: string;
let colina: string;
let staff: { authorization: string };
let alamosAlert: string;
let colinaAlert: string;
const URL = '/api/platform/gate/panic-alerts';

type Row = {
  id: string;
  complexId: string;
  complexName: string;
  status: number;
  residentName: string;
  observation: string | null;
};
const list = async (filter: Record<string, unknown> = {}, range: [number, number] = [0, 99]) => {
  const res = await t.app.inject({ method: 'GET', url: `${URL}${listQuery({ filter, range })}`, headers: staff });
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json() as Row[], range: res.headers['content-range'] as string };
};

beforeAll(async () => {
  t = await startTestServer({ plugins: [gate] });
  alamos = await t.complexId('alamos');
  colina = await t.complexId('colina');
  staff = await t.login('superadmin@demo.test');
  // An alert raised by a resident of Los Álamos (the API), then closed by its guard; one of La Colina still open.
  const app = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'residente@demo.test', password: 'demo1234', client: 'app' },
  });
  const raised = await t.app.inject({
    method: 'POST',
    url: `/api/complexes/${alamos}/panic-alerts`,
    headers: { authorization: `Bearer ${app.json().token}` },
    payload: { detail: 'Ruido extraño en el parqueadero' },
  });
  expect(raised.statusCode, raised.body).toBe(201);
  alamosAlert = raised.json().id;
  const closed = await t.app.inject({
    method: 'POST',
    url: `/api/complexes/${alamos}/panic-alerts/${alamosAlert}/close`,
    headers: await t.login('guardia@demo.test'),
    payload: { observation: 'Era un gato.' },
  });
  expect(closed.statusCode, closed.body).toBe(200);
  [{ id: colinaAlert }] = await t.sql<{ id: string }>(
    `insert into panic_alerts (id, complex_id, resident_name, unit_number, detail, status, raised_at)
     values ('0190aaaa-0000-7000-8000-00000000a1e7', ?, 'Residente de La Colina', 'C-1', 'Auxilio', 1, now() - interval '2 days')
     returning id`,
    [colina],
  );
});
afterAll(() => t?.close());

describe('GET /api/platform/gate/panic-alerts', () => {
  it("lists every complex's alerts, newest first, with the complex's name, the resident's data, state and observation", async () => {
    const { rows, range } = await list();
    const ids = rows.map((r) => r.id);
    expect(ids).toContain(alamosAlert);
    expect(ids).toContain(colinaAlert);
    expect(ids.indexOf(alamosAlert)).toBeLessThan(ids.indexOf(colinaAlert));
    const [names] = await t.sql<{ a: string; c: string }>(
      'select (select name from complexes where id = ?) as a, (select name from complexes where id = ?) as c',
      [alamos, colina],
    );
    expect(rows.find((r) => r.id === alamosAlert)).toMatchObject({
      complexId: alamos,
      complexName: names.a,
      status: 0,
      observation: 'Era un gato.',
    });
    expect(rows.find((r) => r.id === colinaAlert)).toMatchObject({
      complexId: colina,
      complexName: names.c,
      status: 1,
      residentName: 'Residente de La Colina',
    });
    expect(range).toMatch(/^panic-alerts 0-\d+\/\d+$/);
  });

  it('filters by complex, state and days; pages are bounded', async () => {
    expect((await list({ complexId: colina })).rows.every((r) => r.complexId === colina)).toBe(true);
    expect((await list({ complexId: colina })).rows.map((r) => r.id)).toContain(colinaAlert);
    expect((await list({ status: 0 })).rows.every((r) => r.status === 0)).toBe(true);
    expect((await list({ status: 1 })).rows.map((r) => r.id)).not.toContain(alamosAlert);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000 - 3600_000).toISOString().slice(0, 10);
    const old = await list({ raisedAt_lte: twoDaysAgo });
    expect(old.rows.map((r) => r.id)).not.toContain(alamosAlert);
    // One row a page: the total says the rest.
    const page = await list({}, [0, 0]);
    expect(page.rows).toHaveLength(1);
    expect(page.range).toMatch(/^panic-alerts 0-0\/\d+$/);
    for (const bad of [{ status: 7 }, { complexId: 'nope' }, { unknown: 1 }, { raisedAt_gte: 'ayer' }]) {
      const res = await t.app.inject({ method: 'GET', url: `${URL}${listQuery({ filter: bad })}`, headers: staff });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const huge = await t.app.inject({ method: 'GET', url: `${URL}?range=${encodeURIComponent('[0,99999999]')}`, headers: staff });
    expect(huge.statusCode).toBe(200);
    expect(huge.json().length).toBeLessThanOrEqual(1000);
  });

  it('exports with the complex name', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${URL}/export?format=csv&filter=${encodeURIComponent(JSON.stringify({ complexId: colina }))}`,
      headers: staff,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Conjunto');
    expect(res.body).toContain('Residente de La Colina');
    expect(res.body).not.toContain('Ruido extraño');
  });

  it('is platform staff’s only: 403 for every other role on every platform route of the plugin, 401 without a sign-in', async () => {
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/platform/gate/'));
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /api/platform/gate/panic-alerts',
      'GET /api/platform/gate/panic-alerts/export',
    ]);
    for (const email of [
      'admin@demo.test',
      'guardia@demo.test',
      'directiva@demo.test',
      'empresa@demo.test',
      'residente@demo.test',
    ]) {
      const headers = await t.login(email);
      for (const route of routes) {
        const res = await t.app.inject({ method: route.method as never, url: route.url, headers });
        expect(res.statusCode, `${email} ${route.url}`).toBe(403);
        expect(res.body).not.toContain('Auxilio');
      }
    }
    for (const route of routes)
      expect((await t.app.inject({ method: route.method as never, url: route.url })).statusCode).toBe(401);
  });

  it('answers 404 while the plugin is disabled on the platform', async () => {
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/platform/plugins/gate',
      headers: staff,
      payload: { enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    try {
      expect((await t.app.inject({ method: 'GET', url: URL, headers: staff })).statusCode).toBe(404);
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/platform/plugins/gate', headers: staff, payload: { enabled: true } });
    }
    expect((await t.app.inject({ method: 'GET', url: URL, headers: staff })).statusCode).toBe(200);
  });
});
