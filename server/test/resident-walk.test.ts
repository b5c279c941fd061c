// Issue 12: a resident reaches only their own unit's data. Walks EVERY route of the registered route table that the
// residente role may call (the host's routes naming it, and those the plugins' access tables grant it), signed in as
// the demo resident of unit A, with the ids of unit B's records in the path, the filter and the body: each route
// answers 403/404 (a route with ids in its path), or its own caller's data only, with no id of unit B in the answer
// and no change to unit B's rows. Routes that later issues add (family, plates, visits, reservations ...) are walked
// without editing this test; records of unit B are found in every table that holds a unit_id or a resident's id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteRecord } from '../src/types.ts';
import { multipart, startTestServer, type TestServer } from './harness.ts';
import { COMPLEX_PREFIX } from './walk.ts';

let t: TestServer;
let complexId: string;
let residentA: { id: string; unitId: string };
let residentB: { id: string; unitId: string; email: string };
let headersA: { authorization: string };
let admin: { authorization: string };
/** Tables with rows of one unit or one resident: the column that names them. */
let unitTables: { table: string; column: string }[] = [];

beforeAll(async () => {
  t = await startTestServer();
  complexId = await t.complexId('alamos');
  [residentA] = await t.sql<{ id: string; unitId: string }>(
    `select id, unit_id as "unitId" from users where email = 'residente@demo.test'`,
  );
  // Unit B: the next unit of the same complex, with a resident of its own.
  [residentB] = await t.sql<{ id: string; unitId: string; email: string }>(
    `select u.id, u.unit_id as "unitId", u.email from users u join units un on un.id = u.unit_id
      where u.residence_complex_id = ? and u.unit_id <> ? order by un.number_sort limit 1`,
    [complexId, residentA.unitId],
  );
  admin = await t.login('admin@demo.test');
  // The resident signs in on the admin, as in the browser (issue 12).
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'residente@demo.test', password: 'demo1234' },
  });
  expect(login.statusCode).toBe(200);
  headersA = { authorization: `Bearer ${login.json().token}` };
  unitTables = await t.sql<{ table: string; column: string }>(
    `select table_name as table, column_name as column from information_schema.columns
      where table_schema = current_schema() and column_name in ('unit_id', 'user_id', 'resident_id', 'owner_id', 'tenant_id')
        and table_name in (select table_name from information_schema.columns
                            where table_schema = current_schema() and column_name = 'id')
      order by 1, 2`,
  );
}, 180_000);
afterAll(() => t?.close());

/** Unit B's own records, found generically: every row that names unit B or its resident. */
async function recordsOfB(): Promise<Map<string, string[]>> {
  const byTable = new Map<string, string[]>();
  for (const { table, column } of unitTables) {
    const value = column === 'unit_id' ? residentB.unitId : residentB.id;
    const rows = await t.sql<{ id: string }>(`select id::text as id from "${table}" where "${column}"::text = ?`, [value]);
    if (rows.length) byTable.set(table, [...(byTable.get(table) ?? []), ...rows.map((r) => r.id)]);
  }
  byTable.set('units', [residentB.unitId]);
  byTable.set('users', [residentB.id]);
  return byTable;
}

/** A fingerprint of unit B's rows (and its resident's), to prove that nothing of theirs changed. */
async function fingerprintOfB(): Promise<string> {
  const parts: string[] = [];
  for (const { table, column } of [...unitTables, { table: 'units', column: 'id' }, { table: 'users', column: 'id' }]) {
    const value = column === 'unit_id' || table === 'units' ? residentB.unitId : residentB.id;
    const [row] = await t.sql<{ h: string }>(
      `select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${table}" x where "${column}"::text = ?`,
      [value],
    );
    parts.push(`${table}.${column}:${row.h}`);
  }
  return parts.join('\n');
}

/** The routes the residente role may call: the route table's own list of roles (derived from the access tables). */
const residentRoutes = () =>
  t.app.routeTable.filter((r) => r.url.includes('/:complexId') && (r.roles ?? []).includes('residente'));

/** The table a route's resource lives in ('/pending-transfers/:id' -> pending_transfers). */
const tableOf = (route: RouteRecord) =>
  route.url
    .slice(route.url.indexOf(':complexId') + ':complexId'.length + 1)
    .split('/')[0]
    .replaceAll('-', '_');

/** One of B's ids for a parameter or property name: the unit, the resident, else a record of the named table. */
function idOfB(name: string, records: Map<string, string[]>, route: RouteRecord): string {
  const key = name.replace(/Ids?$/, '').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  if (key === 'unit') return residentB.unitId;
  if (key === 'user' || key === 'resident' || key === 'owner' || key === 'tenant') return residentB.id;
  const table = name === 'id' ? tableOf(route) : [...records.keys()].find((tb) => tb === key || tb === `${key}s`);
  return (table && records.get(table)?.[0]) ?? residentB.id;
}

/** A body the schema accepts where it can, with every id naming a record of unit B. */
function bodyOf(schema: unknown, records: Map<string, string[]>, route: RouteRecord, name = ''): unknown {
  const s = (schema ?? {}) as Record<string, unknown>;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const branches = (s.anyOf ?? s.oneOf) as Record<string, unknown>[] | undefined;
  if (branches) return bodyOf(branches.find((b) => b.type !== 'null') ?? branches[0], records, route, name);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  const looksLikeId = /(^id$|Id$|Ids$)/.test(name);
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      // Every property that names a record (unitId, receivableIds ...), and the required ones.
      for (const key of Object.keys(properties))
        if (((s.required as string[] | undefined) ?? []).includes(key) || /(Id|Ids)$/.test(key))
          out[key] = bodyOf(properties[key], records, route, key);
      return out;
    }
    case 'array':
      return looksLikeId
        ? [idOfB(name, records, route)]
        : Array.from({ length: Number(s.minItems ?? 0) }, () => bodyOf(s.items, records, route, name));
    case 'number':
    case 'integer':
      return Math.max(1, Number(s.minimum ?? 0));
    case 'boolean':
      return true;
    case 'string':
      if (looksLikeId || s.format === 'uuid') return idOfB(name, records, route);
      if (s.format === 'date') return '2026-11-20';
      if (s.format === 'email') return residentB.email;
      return 'Sonda'.padEnd(Number(s.minLength ?? 0), 'x').slice(0, Math.max(Number(s.maxLength ?? 5), 1));
    default:
      return {};
  }
}

describe('resident walk: a resident reaches only their own unit (issue 12)', () => {
  it("creates records of unit B to look for: a reported transfer of B's debt", async () => {
    const [debt] = await t.sql<{ id: string }>('select id from receivables where unit_id = ? and balance > 0 limit 1', [
      residentB.unitId,
    ]);
    expect(debt, 'the demo seeds debts for unit B').toBeDefined();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/complexes/${complexId}/pending-transfers`,
      headers: admin,
      payload: { unitId: residentB.unitId, amount: 10, detail: 'Transferencia de la unidad B', receivableIds: [debt.id] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await recordsOfB()).get('pending_transfers')?.length).toBeGreaterThan(0);
  });

  it('walks every route the residente role may call with the ids of unit B: 403/404 or only their own data', async () => {
    const routes = residentRoutes();
    const urls = routes.map((r) => `${r.method} ${r.url.slice(COMPLEX_PREFIX.length)}`);
    // What this issue adds is in the walk; later issues' routes join it by themselves.
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /me',
        'PUT /me',
        'GET /modules',
        'GET /my-unit/statement',
        'GET /my-unit/statement.pdf',
        'GET /pending-transfers',
        'POST /pending-transfers',
      ]),
    );
    const records = await recordsOfB();
    const secrets = [residentB.unitId, residentB.id, residentB.email, ...[...records.values()].flat()];
    const before = await fingerprintOfB();
    let walked = 0;
    for (const route of routes) {
      const params = route.url.match(/:(\w+)/g)?.filter((p) => p !== ':complexId') ?? [];
      let url = route.url.replace(':complexId', complexId);
      for (const p of params) url = url.replace(p, idOfB(p.slice(1), records, route));
      const payload =
        route.method === 'GET' || route.method === 'DELETE' || route.upload
          ? undefined
          : ((route.schema?.body ? bodyOf(route.schema.body, records, route) : undefined) as object | undefined);
      // A list is asked for unit B's records outright, by the filters a list speaks, and plainly.
      const queries =
        route.method === 'GET' && params.length === 0
          ? [
              '',
              `?filter=${encodeURIComponent(JSON.stringify({ unitId: residentB.unitId }))}`,
              `?filter=${encodeURIComponent(JSON.stringify({ userId: residentB.id }))}`,
              `?filter=${encodeURIComponent(JSON.stringify({ id: secrets.slice(0, 50) }))}`,
            ]
          : [''];
      for (const query of queries) {
        const res = await t.app.inject({ method: route.method as never, url: url + query, headers: headersA, payload });
        const label = `${route.method} ${route.url}${query} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
        walked++;
        if (params.length) {
          // A record named in the path: unit B's is not theirs (a body the schema refuses stops before any read).
          if (res.statusCode === 400) expect(res.json().code, label).toBe('VALIDATION');
          else expect([403, 404], label).toContain(res.statusCode);
        }
        expect(res.statusCode, label).toBeLessThan(500);
        for (const secret of secrets) expect(res.body.includes(secret), `${label}: shows ${secret}`).toBe(false);
      }
    }
    expect(walked).toBeGreaterThanOrEqual(routes.length);
    expect(await fingerprintOfB()).toBe(before);
  }, 300_000);

  it('shows the resident their own unit: statement, profile and transfers, and never the unit given by the client', async () => {
    const base = `/api/complexes/${complexId}`;
    const statement = await t.app.inject({ method: 'GET', url: `${base}/my-unit/statement`, headers: headersA });
    expect(statement.statusCode).toBe(200);
    expect(statement.json().unit.id).toBe(residentA.unitId);
    const pdf = await t.app.inject({ method: 'GET', url: `${base}/my-unit/statement.pdf`, headers: headersA });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const me = await t.app.inject({ method: 'GET', url: `${base}/me`, headers: headersA });
    expect(me.json()).toMatchObject({ id: residentA.id, email: 'residente@demo.test', unitId: residentA.unitId });
    // The administrator reads B's statement through the unit; the resident may not.
    const adminView = await t.app.inject({ method: 'GET', url: `${base}/units/${residentB.unitId}/statement`, headers: admin });
    expect(adminView.json().unit.id).toBe(residentB.unitId);
    const mine = await t.app.inject({ method: 'GET', url: `${base}/units/${residentA.unitId}/statement`, headers: headersA });
    expect(mine.statusCode).toBe(403);
    // Their transfers list holds only their own.
    const list = await t.app.inject({ method: 'GET', url: `${base}/pending-transfers`, headers: headersA });
    expect(list.statusCode).toBe(200);
    for (const row of list.json()) expect(row.unitId).toBe(residentA.unitId);
  });

  it('lets the resident change only their phone and notification e-mails; a body carrying ids or names is refused', async () => {
    const url = `/api/complexes/${complexId}/me`;
    const ok = await t.app.inject({
      method: 'PUT',
      url,
      headers: headersA,
      payload: { phone: ' 0991234567 ', notificationEmails: ['Familia@Demo.test', ''] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ phone: '0991234567', notificationEmails: ['familia@demo.test'] });
    const [audit] = await t.sql<{ n: number }>(
      "select count(*)::int as n from audit_logs where resource = 'residents' and record_id = ? and action = 'update'",
      [residentA.id],
    );
    expect(audit.n).toBeGreaterThan(0);
    // Fields beyond the two are dropped (closed bodies keep only their declared fields): nothing else changes.
    for (const payload of [{ unitId: residentB.unitId }, { id: residentB.id }, { email: 'otro@demo.test' }, { complexId }]) {
      const res = await t.app.inject({ method: 'PUT', url, headers: headersA, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(200);
      expect(res.json()).toMatchObject({ id: residentA.id, unitId: residentA.unitId, email: 'residente@demo.test' });
    }
    for (const payload of [
      { phone: 'a\u0000b' },
      { notificationEmails: ['no-es-correo'] },
      { notificationEmails: Array.from({ length: 50 }, (_, i) => `c${i}@demo.test`) },
      { phone: 'x'.repeat(21) },
    ]) {
      const res = await t.app.inject({ method: 'PUT', url, headers: headersA, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const [row] = await t.sql<{ unit_id: string; email: string }>('select unit_id, email from users where id = ?', [
      residentA.id,
    ]);
    expect(row).toEqual({ unit_id: residentA.unitId, email: 'residente@demo.test' });
    // Staff have no resident profile here.
    expect((await t.app.inject({ method: 'GET', url, headers: admin })).statusCode).toBe(403);
  });

  it('never lets the client pick the unit of a reported transfer', async () => {
    // A charge of their own to pay (the demo resident is kept up to date).
    const [{ category }] = await t.sql<{ category: string }>('select category from receivables where complex_id = ? limit 1', [
      complexId,
    ]);
    const charge = await t.app.inject({
      method: 'POST',
      url: `/api/complexes/${complexId}/receivables`,
      headers: admin,
      payload: { unitIds: [residentA.unitId], name: 'Multa', category, amount: 12.5, dueDate: '2026-12-15' },
    });
    expect(charge.statusCode, charge.body).toBe(201);
    const [debtA] = await t.sql<{ id: string }>(
      "select id from receivables where unit_id = ? and name = 'Multa' and balance > 0 limit 1",
      [residentA.unitId],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/complexes/${complexId}/pending-transfers`,
      headers: headersA,
      payload: { unitId: residentB.unitId, amount: 5, detail: 'Pago', receivableIds: [debtA.id] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().unitId).toBe(residentA.unitId);
  });

  it("attaches a voucher to the resident's own pending transfer only; the reviewer opens it", async () => {
    const base = `/api/complexes/${complexId}/pending-transfers`;
    const [own] = await t.sql<{ id: string }>('select id from pending_transfers where user_id = ? limit 1', [residentA.id]);
    const [other] = await t.sql<{ id: string }>('select id from pending_transfers where unit_id = ? limit 1', [residentB.unitId]);
    const pdf = () =>
      multipart([{ name: 'file', filename: 'comprobante.pdf', contentType: 'application/pdf', data: '%PDF-1.4\n%%EOF\n' }]);
    // Another unit's transfer: as if it did not exist, and nothing is stored.
    const refused = await t.app.inject({
      method: 'PUT',
      url: `${base}/${other.id}/voucher`,
      headers: { ...headersA, ...pdf().headers },
      payload: pdf().payload,
    });
    expect(refused.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${base}/${other.id}/voucher`, headers: headersA })).statusCode).toBe(404);
    // Not an image or a PDF: refused.
    const text = multipart([{ name: 'file', filename: 'x.txt', contentType: 'text/plain', data: 'hola' }]);
    const wrong = await t.app.inject({
      method: 'PUT',
      url: `${base}/${own.id}/voucher`,
      headers: { ...headersA, ...text.headers },
      payload: text.payload,
    });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrong.statusCode).toBeLessThan(500);
    const body = pdf();
    const ok = await t.app.inject({
      method: 'PUT',
      url: `${base}/${own.id}/voucher`,
      headers: { ...headersA, ...body.headers },
      payload: body.payload,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ id: own.id, hasVoucher: true });
    for (const headers of [headersA, admin]) {
      const link = await t.app.inject({ method: 'GET', url: `${base}/${own.id}/voucher`, headers });
      expect(link.statusCode).toBe(200);
      const file = await t.app.inject({ method: 'GET', url: link.json().url });
      expect(file.statusCode).toBe(200);
      expect(file.body).toContain('%PDF-1.4');
    }
    // Once reviewed, its voucher stays as it was.
    await t.app.inject({ method: 'POST', url: `${base}/${own.id}/reject`, headers: admin, payload: { reason: 'No llegó' } });
    const late = pdf();
    const after = await t.app.inject({
      method: 'PUT',
      url: `${base}/${own.id}/voucher`,
      headers: { ...headersA, ...late.headers },
      payload: late.payload,
    });
    expect(after.statusCode).toBe(409);
  });
});
