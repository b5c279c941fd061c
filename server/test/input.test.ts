// The input rules of DESIGN §6, proved on every route of the route table (host and plugins), so that new
// routes are covered without edits: closed bodies (a mass-assignment probe on every write), own-property
// filter keys on every list, and NUL bytes, non-finite numbers and deep nesting refused with a 400 that
// changes nothing, never a 500.
import { CLOSED, type ServerPlugin } from '@conjunto/core';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRouteInput, openSchemaProblems } from '../src/input.ts';
import { JOBS_SCHEMA } from '../src/jobs.ts';
import { installedPlugins } from '../src/plugins.ts';
import type { RouteRecord } from '../src/types.ts';
import { listQuery, startTestServer, type TestServer } from './harness.ts';
import { accountFor, headersOf, sampleOf, snapshot, tables, urlOf } from './walk.ts';

let t: TestServer;
let alamos: string;
let colina: string;
let intruderCompany: string;
let otherUser: string;
beforeAll(async () => {
  // The walks call the sign-in routes many times a minute from one address: not what they test.
  t = await startTestServer({ env: { RATE_LIMIT_AUTH: '10000' } });
  alamos = await t.complexId('alamos');
  colina = await t.complexId('colina');
  const staff = await t.login('superadmin@demo.test');
  intruderCompany = (
    await t.app.inject({ method: 'POST', url: '/api/platform/companies', headers: staff, payload: { name: 'Empresa Intrusa' } })
  ).json().id;
  [{ id: otherUser }] = await t.sql<{ id: string }>("select id from users where email = 'directiva@demo.test'");
});
afterAll(() => t?.close());

const withBody = (r: RouteRecord) => r.schema?.body !== undefined;
/** The body schema's top-level field names. */
const fieldsOfBody = (r: RouteRecord) => Object.keys((r.schema?.body as { properties?: object } | undefined)?.properties ?? {});
const reachable = () =>
  t.app.routeTable.filter((r) => r.url.startsWith('/api/') && accountFor(r) !== undefined && !r.url.endsWith('/events'));

/** Platform records the probe writes to, by route. */
async function paramsFor(route: RouteRecord): Promise<Record<string, string>> {
  if (route.url.startsWith('/api/platform/complexes/')) return { id: alamos };
  if (route.url.startsWith('/api/platform/companies/')) return { id: intruderCompany };
  if (route.url.startsWith('/api/platform/users/')) return { id: otherUser };
  if (route.url.startsWith('/api/platform/plugins/')) return { id: 'surveys' };
  const [face] = await t.sql<{ identificacion: string }>('select identificacion from faces where complex_id = ? limit 1', [
    alamos,
  ]);
  return face ? { identificacion: face.identificacion } : {};
}

/** The jobs the walks queue (statement notices) write while they run: wait until none is due or running. */
async function jobsSettled(): Promise<void> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    const [row] = await t.sql<{ n: number }>(
      `select count(*)::int as n from ${JOBS_SCHEMA}.job where state in ('created', 'retry', 'active') and start_after <= now()`,
    );
    if (row.n === 0) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function call(route: RouteRecord, init: { url?: string; payload?: unknown; headers?: Record<string, string> } = {}) {
  // A route of /api/auth may end the session it is called with (logout, a new password): its own sign-in.
  const headers = { ...(await headersOf(t, accountFor(route)!, route.url.startsWith('/api/auth/'))), ...init.headers };
  const url = init.url ?? (await urlOf(t, route, alamos, await paramsFor(route)));
  return t.app.inject({ method: route.method as never, url, headers, payload: init.payload as never });
}

describe('closed bodies', () => {
  it('refuses to boot a route whose body schema is open, also through Type.Partial, which drops additionalProperties', async () => {
    const closed = Type.Object(
      { name: Type.String({ maxLength: 10 }), tags: Type.Array(Type.String({ maxLength: 10 }), { maxItems: 5 }) },
      CLOSED,
    );
    expect(openSchemaProblems(closed)).toEqual([]);
    expect(openSchemaProblems(Type.Partial(closed))).toEqual(['body: object without additionalProperties: false']);
    expect(openSchemaProblems(Type.Object({ tags: Type.Array(Type.String({ maxLength: 9 })) }, CLOSED))).toEqual([
      'body.tags: array without maxItems',
    ]);
    expect(openSchemaProblems(Type.Object({ any: Type.Unknown() }, CLOSED))).toEqual(['body.any: value of any shape']);
    expect(openSchemaProblems(Type.Object({ text: Type.String() }, CLOSED))).toEqual(['body.text: string without maxLength']);
    expect(openSchemaProblems(Type.Record(Type.String(), Type.Boolean(), CLOSED))).toEqual(['body: map without maxProperties']);

    const probe: ServerPlugin = {
      manifest: { id: 'probe', titleKey: 'probe', roles: ['administrador'], resources: [] },
      entities: [],
      migrations: [],
      routes: (app) => {
        app.put('/probe', { config: { roles: ['administrador'] }, schema: { body: Type.Partial(closed) } }, async () => ({}));
      },
    };
    await expect(startTestServer({ plugins: [...installedPlugins, probe] })).rejects.toThrow(
      'PUT /api/complexes/:complexId/probe has an open body schema',
    );
    expect(() => checkRouteInput({ method: 'POST', url: '/x', schema: { body: closed } } as never)).not.toThrow();
  });

  it('gives every write of a complex or of the platform only its own fields: complexId, id, companyId, isActive, modules, counters and dates in the body change nothing', async () => {
    const extras: Record<string, unknown> = {
      complexId: colina,
      complex_id: colina,
      id: '0190aaaa-0000-7000-8000-00000000beef',
      companyId: intruderCompany,
      isActive: false,
      modules: { Encuestas: false, Contabilidad: false, RostrosResidentes: false },
      receiptNumber: 987654,
      expenseReceiptNumber: 987654,
      createdAt: '1999-12-31T00:00:00.000Z',
      userId: otherUser,
    };
    const markers = [colina, extras.id, intruderCompany, 987654, otherUser];
    const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    const everyTable = await tables(t);
    const columnsOf = new Map<string, string[]>();
    for (const table of everyTable) {
      columnsOf.set(
        table,
        (
          await t.sql<{ c: string }>(
            'select column_name as c from information_schema.columns where table_schema = current_schema() and table_name = ?',
            [table],
          )
        ).map((r) => r.c),
      );
    }
    /** Rows by table and id: the columns the extras name, as JSON text. */
    const guarded = async () => {
      const state = new Map<string, Map<string, string>>();
      for (const table of everyTable) {
        const columns = columnsOf.get(table)!.filter((c) => Object.keys(extras).map(snake).includes(c));
        if (!columns.includes('id')) continue;
        const rows = await t.sql<{ id: string; v: string }>(
          `select id::text as id, json_build_array(${columns.map((c) => `"${c}"`).join(', ')})::text as v from "${table}"`,
        );
        state.set(table, new Map(rows.map((r) => [r.id, r.v])));
      }
      return state;
    };

    const writes = reachable().filter(withBody);
    expect(writes.length).toBeGreaterThan(40);
    let applied = 0;
    for (const route of writes) {
      const own = fieldsOfBody(route);
      const injected = Object.fromEntries(Object.entries(extras).filter(([key]) => !own.includes(key)));
      const before = await guarded();
      const [{ xid }] = await t.sql<{ xid: string }>('select txid_current()::text as xid');
      const res = await call(route, { payload: { ...(sampleOf(route.schema?.body) as object), ...injected } });
      const where = `${route.method} ${route.url} (${res.statusCode})`;
      expect(res.statusCode, `${where}: ${res.body}`).toBeLessThan(500);
      if (res.statusCode < 300) applied++;
      const after = await guarded();
      for (const [table, rows] of after) {
        const columns = columnsOf.get(table)!.filter((c) => Object.keys(extras).map(snake).includes(c));
        const ownColumns = own.map(snake);
        for (const [id, value] of rows) {
          const old = before.get(table)?.get(id);
          if (old === value) continue;
          const [now, was] = [JSON.parse(value) as unknown[], old ? (JSON.parse(old) as unknown[]) : undefined];
          columns.forEach((column, i) => {
            if (ownColumns.includes(column)) return;
            if (was) {
              // An existing row: a column the body named but the route does not own keeps its value.
              if (column !== 'is_active' || route.url.includes(table.replaceAll('_', '-')))
                expect(now[i], `${where}: ${table}.${column} of ${id}`).toEqual(was[i]);
            } else {
              // A new row: none of the injected values.
              expect(markers, `${where}: new ${table}.${column}`).not.toContain(now[i]);
              if (column === 'created_at') expect(String(now[i]), `${where}: new ${table}.created_at`).not.toMatch(/^1999/);
            }
          });
        }
      }
      const changed = await t.sql<{ n: number }>(
        `select count(*)::int as n from complexes where id = ? and xmin::text::bigint > ?::bigint`,
        [colina, xid],
      );
      expect(changed[0].n, `${where}: La Colina changed`).toBe(0);
    }
    // The probe is only worth something if most writes went through.
    expect(applied).toBeGreaterThan(writes.length / 3);
    // Every write route of every plugin, one after another: about 90 s on a quiet machine of two cores, three minutes
    // beside other work, and it grows with each route.
  }, 300_000);

  it("keeps an administrator of La Colina in La Colina: complexId in a unit's body neither creates nor moves a unit elsewhere", async () => {
    const attacker = await t.login('admin2@demo.test');
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/complexes/${colina}/units`,
      headers: attacker,
      payload: { number: 'X-1', complexId: alamos },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [unit] = await t.sql<{ complex_id: string }>('select complex_id from units where id = ?', [created.json().id]);
    expect(unit.complex_id).toBe(colina);
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/complexes/${colina}/units/${created.json().id}`,
      headers: attacker,
      payload: { number: 'X-2', complexId: alamos },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [after] = await t.sql<{ complex_id: string; number: string }>('select complex_id, number from units where id = ?', [
      created.json().id,
    ]);
    expect(after).toEqual({ complex_id: colina, number: 'X-2' });
    const audits = await t.sql<{ complex_id: string }>('select complex_id from audit_logs where record_id = ?', [
      created.json().id,
    ]);
    expect(audits.map((a) => a.complex_id)).toEqual([colina, colina]);
  });

  it("lets an administrator edit the complex's own data only: switches, counters, company, state, limits and dates stay", async () => {
    const columns = 'modules, company_id, is_active, trust_limit, session_limit, resident_count, parking_count, created_at';
    const [before] = await t.sql(`select ${columns} from complexes where id = ?`, [colina]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/complexes/${colina}`,
      headers: await t.login('admin2@demo.test'),
      payload: {
        city: 'Cuenca',
        modules: { Contabilidad: false, Encuestas: false },
        receiptNumber: 0,
        expenseReceiptNumber: 0,
        companyId: intruderCompany,
        isActive: false,
        trustLimit: 1,
        sessionLimit: 1,
        residentCount: 9999,
        parkingCount: 9999,
        createdAt: '1999-12-31T00:00:00.000Z',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().city).toBe('Cuenca');
    expect((await t.sql(`select ${columns} from complexes where id = ?`, [colina]))[0]).toEqual(before);
  });

  it('refuses a body on a route that takes none (400, nothing changes)', async () => {
    await jobsSettled();
    const before = await snapshot(t);
    const bodiless = reachable().filter((r) => !withBody(r) && r.method !== 'GET' && !r.upload);
    expect(bodiless.length).toBeGreaterThan(10);
    for (const route of bodiless) {
      const res = await call(route, { payload: { complexId: colina, isActive: false } });
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe('BODY_NOT_ALLOWED');
    }
    // But the sign-ins the auth routes were called with (each its own, see call()).
    const { refresh_tokens: _before, ...rest } = before;
    const { refresh_tokens: _after, ...now } = await snapshot(t);
    expect(now).toEqual(rest);
  });
});

const isList = (r: RouteRecord) =>
  r.method === 'GET' && 'filter' in ((r.schema?.querystring as { properties?: object } | undefined)?.properties ?? {});
const lists = () => reachable().filter(isList);

describe('list filters look up own properties only', () => {
  it('answers 400 to prototype keys in the filter and the sort of every list', async () => {
    const routes = lists();
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const base = await urlOf(t, route, alamos);
      for (const raw of [
        '{"constructor":{"amount":{"$gt":500}}}',
        '{"__proto__":{"amount":1}}',
        '{"constructor":{"prototype":{"amount":1}}}',
        '{"toString":"x"}',
        '{"hasOwnProperty":"x"}',
      ]) {
        const res = await call(route, { url: `${base}?filter=${encodeURIComponent(raw)}` });
        expect(res.statusCode, `${route.url} ${raw}: ${res.body}`).toBe(400);
      }
      for (const field of ['constructor', '__proto__', 'toString']) {
        const res = await call(route, { url: `${base}${listQuery({ sort: [field, 'ASC'] })}` });
        expect(res.statusCode, `${route.url} sort ${field}: ${res.body}`).toBe(400);
      }
    }
  });
});

describe('bad input gets a 400 that changes nothing, never a 500', () => {
  let before: Record<string, string>;
  beforeAll(async () => {
    await jobsSettled();
    before = await snapshot(t);
  });

  it('refuses a NUL byte in any text: bodies, keys, path parameters, query strings and list filters, signed in or not', async () => {
    for (const route of reachable()) {
      const where = `${route.method} ${route.url}`;
      if (withBody(route)) {
        const sample = sampleOf(route.schema?.body, { text: 'a\u0000b' }) as Record<string, unknown>;
        for (const payload of [sample, { ...sample, 'clave\u0000': 'x' }]) {
          if (!JSON.stringify(payload).includes('\\u0000')) continue;
          const res = await call(route, { payload });
          expect(res.statusCode, `${where} ${JSON.stringify(payload)}: ${res.body}`).toBe(400);
          expect(res.json().message).toBe('El texto contiene caracteres no permitidos.');
        }
      }
      const url = await urlOf(t, route, alamos, await paramsFor(route));
      const query = await call(route, {
        url: `${url}?x=a%00b`,
        payload: withBody(route) ? sampleOf(route.schema?.body) : undefined,
      });
      expect(query.statusCode, `${where} query: ${query.body}`).toBe(400);
      if (route.url.includes(':id') || route.url.includes(':identificacion')) {
        const param = await call(route, {
          url: await urlOf(t, route, alamos, { id: 'a%00b', identificacion: 'a%00b' }),
          payload: withBody(route) ? sampleOf(route.schema?.body) : undefined,
        });
        expect(param.statusCode, `${where} param: ${param.body}`).toBe(400);
      }
      if (isList(route)) {
        const res = await call(route, { url: `${url}${listQuery({ filter: { q: 'a\u0000' } })}` });
        expect(res.statusCode, `${where} filter: ${res.body}`).toBe(400);
      }
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@demo.test\u0000', password: 'demo1234' },
    });
    expect(login.statusCode).toBe(400);
  });

  it('refuses "Infinity", NaN and 1e999 wherever a number is expected', async () => {
    const numeric = reachable().filter((r) => withBody(r) && /"(number|integer)"/.test(JSON.stringify(r.schema?.body)));
    expect(numeric.length).toBeGreaterThan(5);
    for (const route of numeric) {
      for (const number of ['Infinity', '-Infinity', 'NaN']) {
        const payload = everyNumber(route.schema?.body, number);
        if (!JSON.stringify(payload).includes(number)) continue;
        const res = await call(route, { payload });
        expect(res.statusCode, `${route.method} ${route.url} ${number}: ${res.body}`).toBe(400);
      }
      // JSON itself: 1e999 parses to Infinity.
      const raw = JSON.stringify(everyNumber(route.schema?.body, 'HUGE')).replaceAll('"HUGE"', '1e999');
      if (!raw.includes('1e999')) continue;
      const res = await call(route, { payload: raw, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, `${route.method} ${route.url} 1e999: ${res.body}`).toBe(400);
    }
  });

  it('refuses a 5,000-deep array in every body and every list filter', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    for (const route of reachable()) {
      if (isList(route)) {
        const res = await call(route, {
          url: `${await urlOf(t, route, alamos, await paramsFor(route))}?filter=${encodeURIComponent(`{"q":${deep}}`)}`,
        });
        expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBe(400);
      } else if (route.method !== 'GET') {
        const wrapped = withBody(route) ? `{"${fieldsOfBody(route)[0] ?? 'x'}":${deep}}` : deep;
        const res = await call(route, { payload: wrapped, headers: { 'content-type': 'application/json' } });
        expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBe(400);
      }
    }
  });

  it('changed nothing (but the sign-ins the auth routes were called with)', async () => {
    const { refresh_tokens: _before, ...rest } = before;
    const { refresh_tokens: _after, ...now } = await snapshot(t);
    expect(now).toEqual(rest);
  });
});

/** The schema's smallest sample with every number replaced by `value` (numbers it must have, at least one). */
function everyNumber(schema: unknown, value: string): unknown {
  const sample = sampleOf(schema, { number: value }) as Record<string, unknown>;
  // Optional numbers too: every numeric property of the top-level object.
  for (const [key, property] of Object.entries(
    ((schema as { properties?: Record<string, unknown> }).properties ?? {}) as Record<string, unknown>,
  )) {
    if (
      /^\{"type":"(number|integer)"/.test(JSON.stringify(property)) ||
      /"anyOf":\[\{"type":"(number|integer)"/.test(JSON.stringify(property))
    )
      sample[key] = value;
  }
  return sample;
}
