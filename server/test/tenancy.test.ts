// Walks the registered route table: for EVERY complex-scoped route, a user of another complex can neither
// read nor change anything, and a record of another complex answers 404 through any complex. New routes
// are covered without editing this test. The plugins' compatibility mounts that name the complex in a body
// field or query parameter (CompatibilityMount.complexField) instead of the path are walked too.

import { type AccessTable, canAccess, compatibilityMounts, type Role, routeAction, type ServerPlugin } from '@conjunto/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installedPlugins } from '../src/plugins.ts';
import type { RouteRecord } from '../src/types.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { COMPLEX_PREFIX, NO_SUCH_ID, recordIdFor as recordIdOf, snapshot as snapshotOf } from './walk.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const PREFIX = COMPLEX_PREFIX;
const BODY = { title: 'Intruso', number: '1', confirm: true, isActive: true, enabled: true, name: 'Intruso', Encuestas: false };
const snapshot = () => snapshotOf(t);
const recordIdFor = (url: string, complexId: string) => recordIdOf(t, url, complexId);
/** The generic body, for routes that take one (a route without a body schema refuses any). */
const bodyFor = (route: RouteRecord) => (route.schema?.body ? BODY : undefined);

function complexRoutes() {
  // The REST routes and the spec's own paths (e.g. /api/biometrics/conjuntos/:complexId/...).
  const routes = t.app.routeTable.filter((r) => r.url.includes('/:complexId'));
  return routes;
}

/** A route of a plugin's compatibility mount whose complex is the body's (else the query's) `field`. */
interface FieldRoute {
  route: RouteRecord;
  plugin: ServerPlugin;
  prefix: string;
  field: string;
}

/** Every route under a plugin's compatibility mount that declares `complexField`, read from the route table. */
function fieldRoutes(): FieldRoute[] {
  return installedPlugins.flatMap((plugin) =>
    compatibilityMounts(plugin).flatMap(({ prefix, complexField: field }) =>
      field
        ? t.app.routeTable
            .filter((r) => r.method !== 'HEAD' && !r.url.includes('/:complexId'))
            .filter((r) => r.url === prefix || r.url.startsWith(`${prefix}/`))
            .map((route) => ({ route, plugin, prefix, field }))
        : [],
    ),
  );
}

type Place = 'body' | 'query';
/** Where the host reads the complex: the body's field (of a route that takes a body), else the query parameter. */
const placesOf = (route: RouteRecord): Place[] => (route.schema?.body ? ['body', 'query'] : ['query']);

/**
 * A field route's URL for `complexId`: each path parameter an existing value of that complex (a column of that name
 * beside complex_id that the route's schema accepts, e.g. a reservation's hash), else 'sonda'.
 */
async function fieldUrl(route: RouteRecord, complexId: string): Promise<string> {
  let url = route.url;
  for (const [, name] of route.url.matchAll(/:(\w+)/g)) {
    const schema = (route.schema?.params as { properties?: Record<string, { pattern?: string }> } | undefined)?.properties?.[
      name
    ];
    const accepts = new RegExp(schema?.pattern ?? '');
    const tables = await t.sql<{ table_name: string }>(
      `select c.table_name from information_schema.columns c
         join information_schema.columns k
           on k.table_schema = c.table_schema and k.table_name = c.table_name and k.column_name = 'complex_id'
        where c.table_schema = current_schema() and c.column_name = ? order by 1`,
      [name],
    );
    let value = 'sonda';
    for (const { table_name } of tables) {
      const rows = await t.sql<{ v: string }>(
        `select "${name}"::text as v from "${table_name}" where complex_id = ? and "${name}" is not null`,
        [complexId],
      );
      const found = rows.find((r) => accepts.test(r.v));
      if (found) {
        value = found.v;
        break;
      }
    }
    url = url.replace(`:${name}`, value);
  }
  return url;
}

/** A field route's request naming `named` (absent when undefined; an array repeats the query parameter) at `place`. */
function fieldRequest(
  { route, field }: FieldRoute,
  url: string,
  place: Place,
  named: unknown,
  headers?: { authorization: string },
) {
  const query = new URLSearchParams();
  if (place === 'query' && named !== undefined) for (const value of [named].flat()) query.append(field, String(value));
  const search = query.toString();
  return t.app.inject({
    method: route.method as never,
    url: search ? `${url}?${search}` : url,
    headers,
    payload: route.schema?.body ? (place === 'body' && named !== undefined ? { ...BODY, [field]: named } : BODY) : undefined,
  });
}

describe('tenancy: the route-table walk', () => {
  it('finds the complex-scoped routes of the host and of every plugin, each declaring its roles', () => {
    const routes = complexRoutes();
    const urls = routes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain(`GET ${PREFIX}/units`);
    expect(urls).toContain(`POST ${PREFIX}/surveys/:id/answers`);
    expect(urls).toContain(`PUT ${PREFIX}/modules`);
    expect(urls).toContain('GET /api/biometrics/conjuntos/:complexId/biometricos/status');
    for (const r of routes) expect(r.roles?.length, `${r.method} ${r.url}`).toBeGreaterThan(0);
  });

  it('finds the routes of every compatibility mount that names the complex in a field, each declaring its roles', () => {
    const found = fieldRoutes();
    for (const plugin of installedPlugins)
      for (const mount of compatibilityMounts(plugin).filter((m) => m.complexField))
        expect(found.filter((f) => f.prefix === mount.prefix).length, `${plugin.manifest.id} ${mount.prefix}`).toBeGreaterThan(0);
    expect(found.map((f) => `${f.route.method} ${f.route.url}`)).toContain('DELETE /api/qrcode/qr_area/delete_code/:hash/');
    for (const { route } of found) expect(route.roles?.length, `${route.method} ${route.url}`).toBeGreaterThan(0);
  });

  it('answers 404 to a user of another complex on every route, with no data and no change', async () => {
    const alamos = await t.complexId('alamos');
    const outsider = await t.login('admin2@demo.test'); // La Colina only
    const before = await snapshot();
    for (const route of complexRoutes()) {
      const url = route.url.replace(':complexId', alamos).replace(':id', await recordIdFor(route.url, alamos));
      const res = await t.app.inject({
        method: route.method as never,
        url,
        headers: outsider,
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : BODY,
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(404);
      expect(res.json(), `${route.method} ${route.url}`).toEqual({ message: 'No se encontró el registro.', code: 'NOT_FOUND' });
    }
    // The same, naming the complex in the body's field or the query: and, naming their own complex (the path
    // parameters then match nothing of it), the outsider is admitted, so the 404 above is the complex's check.
    const colina = await t.complexId('colina');
    for (const f of fieldRoutes()) {
      const url = await fieldUrl(f.route, alamos);
      for (const place of placesOf(f.route)) {
        const label = `${place} ${f.route.method} ${f.route.url}`;
        const res = await fieldRequest(f, url, place, alamos, outsider);
        expect(res.statusCode, label).toBe(404);
        expect(res.json(), label).toEqual({ message: 'No se encontró el registro.', code: 'NOT_FOUND' });
        const own = await fieldRequest(f, f.route.url.replace(/:\w+/g, 'sonda'), place, colina, outsider);
        expect([401, 403, 404], `own complex ${label}: ${own.body}`).not.toContain(own.statusCode);
        expect(own.statusCode, `own complex ${label}`).toBeLessThan(500);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 401 without a token on every route', async () => {
    const alamos = await t.complexId('alamos');
    for (const route of complexRoutes()) {
      const res = await t.app.inject({
        method: route.method as never,
        url: route.url.replace(':complexId', alamos).replace(':id', await recordIdFor(route.url, alamos)),
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : BODY,
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
    for (const f of fieldRoutes()) {
      const url = await fieldUrl(f.route, alamos);
      for (const place of placesOf(f.route)) {
        const res = await fieldRequest(f, url, place, alamos);
        expect(res.statusCode, `${place} ${f.route.method} ${f.route.url}`).toBe(401);
      }
    }
  });

  it("answers 403 to every role but platform staff on every plugin's platform route, 401 without a token, and changes nothing", async () => {
    const ids = installedPlugins.filter((p) => p.platformRoutes).map((p) => p.manifest.id);
    const routes = t.app.routeTable.filter(
      (r) => ids.some((id) => r.url.startsWith(`/api/platform/${id}/`)) && r.method !== 'HEAD',
    );
    expect(routes.map((r) => `${r.method} ${r.url}`)).toContain('POST /api/platform/support/supports/:id/replies');
    const accounts = ['admin@demo.test', 'guardia@demo.test', 'directiva@demo.test', 'empresa@demo.test', 'parkey@demo.test'];
    // Signed in first: a sign-in writes its refresh token.
    const headers = new Map<string, { authorization: string }>();
    for (const email of accounts) headers.set(email, await t.login(email));
    const before = await snapshot();
    for (const route of routes) {
      const url = route.url.replace(':id', '01a2002d-0000-7000-8000-000000000000');
      const payload = route.method === 'GET' || route.method === 'DELETE' ? undefined : BODY;
      for (const email of accounts) {
        const res = await t.app.inject({ method: route.method as never, url, headers: headers.get(email), payload });
        expect(res.statusCode, `${email} ${route.method} ${route.url}`).toBe(403);
      }
      const anonymous = await t.app.inject({ method: route.method as never, url, payload });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 to a record of another complex through a complex the user may use, and changes nothing', async () => {
    const alamos = await t.complexId('alamos');
    const bosque = await t.complexId('bosque');
    const staff = await t.login('superadmin@demo.test'); // may act on every complex
    const before = await snapshot();
    const withId = complexRoutes().filter((r) => r.url.includes(':id'));
    expect(withId.length).toBeGreaterThan(5);
    for (const route of withId) {
      const url = route.url.replace(':complexId', bosque).replace(':id', await recordIdFor(route.url, alamos));
      const res = await t.app.inject({ method: route.method as never, url, headers: staff, payload: bodyFor(route) });
      // 403 where the route's roles exclude platform staff (e.g. answering), 404 everywhere else; a body the
      // route's schema refuses answers 400 before any record is read (the generic body cannot fit every route).
      if (res.statusCode === 400) expect(res.json().code, `${route.method} ${route.url}`).toBe('VALIDATION');
      else expect([403, 404], `${route.method} ${route.url}: ${res.body}`).toContain(res.statusCode);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses, for every role, what each plugin's access table denies (403), and changes nothing", async () => {
    const alamos = await t.complexId('alamos');
    const accounts: Partial<Record<Role, string>> = {
      superAdministrador: 'superadmin@demo.test',
      empresa: 'empresa@demo.test',
      administrador: 'admin@demo.test',
      supervisor: 'guardia@demo.test',
      directiva: 'directiva@demo.test',
      parkey: 'parkey@demo.test',
      residente: 'residente@demo.test',
    };
    // The residents' app signs in as such.
    const app = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'residente@demo.test', password: 'demo1234', client: 'app' },
    });
    const headers = new Map<string, { authorization: string }>();
    for (const email of Object.values(accounts))
      headers.set(email, email === accounts.residente ? { authorization: `Bearer ${app.json().token}` } : await t.login(email));
    const before = await snapshot();
    let refused = 0;
    let compatibility = 0;
    for (const plugin of installedPlugins.filter((p) => p.manifest.access)) {
      const table = plugin.manifest.access as AccessTable;
      // Its REST resources, and every route under its compatibility prefix (the spec's own paths).
      const own = compatibilityMounts(plugin).find((m) => m.prefix.includes(':complexId'))?.prefix;
      const routes = complexRoutes().filter(
        (r) =>
          plugin.manifest.resources.some((res) => r.url.startsWith(`${PREFIX}/${res}`)) || (own && r.url.startsWith(`${own}/`)),
      );
      expect(routes.length, plugin.manifest.id).toBeGreaterThan(0);
      for (const route of routes) {
        const underOwn = own !== undefined && route.url.startsWith(`${own}/`);
        if (underOwn) compatibility++;
        const { resource, action: derived } = routeAction(route.method, route.url.slice((underOwn ? own : PREFIX).length));
        const action = route.config?.access ?? derived;
        for (const [role, email] of Object.entries(accounts)) {
          if (canAccess(table, [role], resource, action)) continue;
          const url = route.url.replace(':complexId', alamos).replace(':id', await recordIdFor(route.url, alamos));
          const res = await t.app.inject({
            method: route.method as never,
            url,
            headers: headers.get(email),
            payload: bodyFor(route),
          });
          expect(res.statusCode, `${role} ${route.method} ${route.url}`).toBe(403);
          refused++;
        }
      }
    }
    // The compatibility routes that name the complex in a field: their resource and action from the path under the mount.
    let named = 0;
    for (const f of fieldRoutes()) {
      const table = f.plugin.manifest.access;
      if (!table) continue;
      const { resource, action: derived } = routeAction(f.route.method, f.route.url.slice(f.prefix.length));
      const action = f.route.config?.access ?? derived;
      const url = await fieldUrl(f.route, alamos);
      for (const [role, email] of Object.entries(accounts)) {
        if (canAccess(table, [role], resource, action)) continue;
        for (const place of placesOf(f.route)) {
          const res = await fieldRequest(f, url, place, alamos, headers.get(email));
          expect(res.statusCode, `${role} ${place} ${f.route.method} ${f.route.url}`).toBe(403);
          named++;
        }
      }
    }
    expect(refused).toBeGreaterThan(10);
    expect(compatibility).toBeGreaterThan(0);
    expect(named).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(before);
  }, 120_000);

  it('lists only the records of the complex in the URL', async () => {
    const headers = await t.login('admin@demo.test');
    const alamos = await t.complexId('alamos');
    const bosque = await t.complexId('bosque');
    const a = await t.app.inject({ method: 'GET', url: `/api/complexes/${alamos}/units?range=[0,999]`, headers });
    const b = await t.app.inject({ method: 'GET', url: `/api/complexes/${bosque}/units?range=[0,999]`, headers });
    expect(a.headers['content-range']).toBe('units 0-35/36');
    expect(b.headers['content-range']).toBe('units 0-31/32');
    const idsA = new Set(a.json().map((u: { id: string }) => u.id));
    expect(b.json().some((u: { id: string }) => idsA.has(u.id))).toBe(false);
  });

  it('cuts a disabled user off complex routes at once (401)', async () => {
    const headers = await t.login('guardia@demo.test');
    const url = `/api/complexes/${await t.complexId('alamos')}/units`;
    expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
    await t.sql("update users set is_active = false where email = 'guardia@demo.test'");
    try {
      expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(401);
    } finally {
      await t.sql("update users set is_active = true where email = 'guardia@demo.test'");
    }
  });

  it('answers 404 for a complex id that is not a UUID or does not exist', async () => {
    const headers = await t.login('superadmin@demo.test');
    for (const id of ['nope', '01a2002d-0000-7000-8000-000000000000']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/complexes/${id}/units`, headers })).statusCode).toBe(404);
    }
  });

  it('answers 404 on a compatibility route whose field names no complex, or one that is not a UUID or does not exist, and changes nothing', async () => {
    const alamos = await t.complexId('alamos');
    // An administrator of the complex whose records the path names, and platform staff.
    const users = [await t.login('admin@demo.test'), await t.login('superadmin@demo.test')];
    const before = await snapshot();
    let requests = 0;
    for (const f of fieldRoutes()) {
      const url = await fieldUrl(f.route, alamos);
      for (const place of placesOf(f.route)) {
        const values: unknown[] = [undefined, '', 'nope', NO_SUCH_ID, `${alamos}x`, [alamos, alamos]];
        if (place === 'body') values.push(null, 1, { id: alamos });
        for (const named of values)
          for (const headers of users) {
            const res = await fieldRequest(f, url, place, named, headers);
            const label = `${place} ${JSON.stringify(named)} ${f.route.method} ${f.route.url}`;
            expect(res.statusCode, `${label}: ${res.body}`).toBe(404);
            expect(res.json().code, label).toBe('NOT_FOUND');
            requests++;
          }
      }
    }
    expect(requests).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(before);
  });
});
