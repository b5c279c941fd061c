// The administrator's audit log (issue 11): entries name their record, old ones fall back to what they wrote,
// and the list filters by user, action, resource and business day, inside the complex only.
import { newId } from '@conjunto/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_PAST_READS } from '../src/migrations/audit.ts';
import { listQuery, startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
let alamos: string;
let bosque: string;
let admin: { authorization: string };
let staff: { authorization: string };
beforeAll(async () => {
  t = await startTestServer();
  alamos = await t.complexId('alamos');
  bosque = await t.complexId('bosque');
  admin = await t.login('admin@demo.test');
  staff = await t.login('superadmin@demo.test');
});
afterAll(() => t?.close());

interface Entry {
  id: string;
  at: string;
  userId: string | null;
  userName: string;
  resource: string;
  recordId: string;
  action: string;
  changes: unknown;
  description: string | null;
  count: number;
  firstAt: string | null;
}

async function list(filter: Record<string, unknown>, complexId = alamos, headers = admin) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/complexes/${complexId}/audit-logs${listQuery({ filter, sort: ['at', 'ASC'], range: [0, 99] })}`,
    headers,
  });
  return res;
}
const entries = async (filter: Record<string, unknown>, complexId = alamos, headers = admin) => {
  const res = await list(filter, complexId, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Entry[];
};

/** An entry as an older server wrote it (no description), at a chosen instant. */
async function oldEntry(values: { complexId?: string; resource?: string; action?: string; at?: string; changes?: unknown }) {
  const id = newId();
  await t.sql(
    `insert into audit_logs (id, complex_id, user_id, user_name, at, resource, record_id, action, changes)
     values (?, ?, null, 'Proceso anterior', ?, ?, ?, ?, ?::jsonb)`,
    [
      id,
      values.complexId ?? alamos,
      values.at ?? new Date().toISOString(),
      values.resource ?? 'units',
      newId(),
      values.action ?? 'update',
      JSON.stringify(values.changes ?? null),
    ],
  );
  return id;
}

describe('audit log entries', () => {
  it('name their record as it was written, and keep an update as { field: [before, after] }', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/complexes/${alamos}/units`,
      headers: admin,
      payload: { number: 'Casa 912', aliquot: 1 },
    });
    expect(created.statusCode).toBe(201);
    const unit = created.json();
    await t.app.inject({
      method: 'PUT',
      url: `/api/complexes/${alamos}/units/${unit.id}`,
      headers: admin,
      payload: { number: 'Casa 913', aliquot: 2.5 },
    });
    const log = await entries({ recordId: unit.id });
    expect(log.map((e) => [e.action, e.description, e.count])).toEqual([
      ['create', 'Casa 912', 1],
      ['update', 'Casa 913', 1],
    ]);
    expect(log[1].changes).toEqual({ number: ['Casa 912', 'Casa 913'], aliquot: [1, 2.5] });
    // The detail answers the same.
    const one = await t.app.inject({ method: 'GET', url: `/api/complexes/${alamos}/audit-logs/${log[1].id}`, headers: admin });
    expect(one.json()).toMatchObject({ description: 'Casa 913', count: 1, firstAt: null });
  });

  it('fall back to a name in what they wrote when they were written without a description', async () => {
    const named = await oldEntry({ changes: { name: ['Torre A', 'Torre B'] } });
    const annulled = await oldEntry({ resource: 'incomes', action: 'annul', changes: { before: { receiptNumber: 123 } } });
    const nameless = await oldEntry({ changes: { aliquot: [1, 2] } });
    const byId = new Map((await entries({ id: [named, annulled, nameless] })).map((e) => [e.id, e.description]));
    expect(byId.get(named)).toBe('Torre B');
    expect(byId.get(annulled)).toBe('N° 000123');
    expect(byId.get(nameless)).toBeNull();
  });
});

describe('audit log filters', () => {
  it('filters by user, and lists the users who wrote in the complex for that filter', async () => {
    const unit = (
      await t.app.inject({
        method: 'POST',
        url: `/api/complexes/${alamos}/units`,
        headers: staff,
        payload: { number: 'Casa 914' },
      })
    ).json();
    const users = await t.app.inject({ method: 'GET', url: `/api/complexes/${alamos}/audit-logs/users`, headers: admin });
    expect(users.statusCode).toBe(200);
    const names = new Map((users.json() as { id: string; name: string }[]).map((u) => [u.name, u.id]));
    expect(names.has('Andrea Administradora')).toBe(true);
    const sofia = names.get('Sofía Plataforma');
    expect(sofia).toBeDefined();
    const hers = await entries({ userId: sofia });
    expect(hers.length).toBeGreaterThan(0);
    expect(hers.every((e) => e.userName === 'Sofía Plataforma')).toBe(true);
    expect(hers.some((e) => e.recordId === unit.id)).toBe(true);
    // A value that is no user id is a clear 400, not a database error.
    const bad = await list({ userId: 'nadie' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_FILTER', errors: { userId: 'Filtro no permitido.' } });
  });

  it('filters by action and by resource', async () => {
    await oldEntry({ resource: 'incomes', action: 'annul' });
    const annulled = await entries({ action: 'annul' });
    expect(annulled.length).toBeGreaterThan(0);
    expect(annulled.every((e) => e.action === 'annul')).toBe(true);
    const units = await entries({ resource: 'units' });
    expect(units.length).toBeGreaterThan(0);
    expect(units.every((e) => e.resource === 'units')).toBe(true);
    const both = await entries({ resource: 'incomes', action: ['annul', 'create'] });
    expect(both.every((e) => e.resource === 'incomes' && ['annul', 'create'].includes(e.action))).toBe(true);
  });

  it('filters by Guayaquil business days: a day is whole, from its midnight to the next one (UTC-5)', async () => {
    // 23:30 of 9 March in Guayaquil is already 10 March in UTC; 00:10 of 10 March is 05:10 UTC.
    const late9 = await oldEntry({ resource: 'zonas', at: '2026-03-10T04:30:00Z' });
    const early10 = await oldEntry({ resource: 'zonas', at: '2026-03-10T05:10:00Z' });
    const late10 = await oldEntry({ resource: 'zonas', at: '2026-03-11T04:59:00Z' });
    const ids = async (filter: Record<string, unknown>) => (await entries({ resource: 'zonas', ...filter })).map((e) => e.id);
    expect(await ids({ at_gte: '2026-03-10', at_lte: '2026-03-10' })).toEqual([early10, late10]);
    expect(await ids({ at_lte: '2026-03-09' })).toEqual([late9]);
    expect(await ids({ at_gte: '2026-03-11' })).toEqual([]);
    // The calendar's last day bounds nothing after it (its next day is the year 10000: it answered 500).
    expect(await ids({ at_gte: '2026-03-10', at_lte: '9999-12-31' })).toEqual([early10, late10]);
    // Not a calendar day: 400.
    for (const at_gte of ['2026-02-30', 'ayer', '2026-3-1']) expect((await list({ at_gte })).statusCode).toBe(400);
  });

  it('are in the OpenAPI document of the list', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = Object.keys(doc.paths);
    const listPath = paths.find((p) => p.endsWith('/audit-logs'))!;
    const text = doc.paths[listPath].get.description as string;
    for (const filter of ['resource', 'action', 'userId', 'at_gte, at_lte']) expect(text).toContain(filter);
    expect(paths.some((p) => p.endsWith('/audit-logs/users'))).toBe(true);
  });
});

describe('audit log tenancy', () => {
  it("shows only the complex's entries, users and records, whatever the filter", async () => {
    const foreign = await oldEntry({ complexId: bosque, resource: 'tenancy', action: 'update' });
    const [other] = await t.sql<{ id: string }>("select id from users where email = 'admin2@demo.test'");
    await t.sql(
      `insert into audit_logs (id, complex_id, user_id, user_name, resource, record_id, action)
       values (?, ?, ?, 'Álvaro Colina', 'tenancy', ?, 'update')`,
      [newId(), await t.complexId('colina'), other.id, newId()],
    );
    expect(await entries({ resource: 'tenancy' })).toEqual([]);
    expect(await entries({ id: [foreign] })).toEqual([]);
    expect(await entries({ userId: other.id })).toEqual([]);
    expect((await entries({ resource: 'tenancy' }, bosque)).map((e) => e.id)).toEqual([foreign]);
    const users = (
      await t.app.inject({ method: 'GET', url: `/api/complexes/${alamos}/audit-logs/users`, headers: admin })
    ).json();
    expect(users.map((u: { id: string }) => u.id)).not.toContain(other.id);
    const detail = await t.app.inject({ method: 'GET', url: `/api/complexes/${alamos}/audit-logs/${foreign}`, headers: admin });
    expect(detail.statusCode).toBe(404);
    // The board may not read the log at all.
    const board = await t.login('directiva@demo.test');
    expect((await list({}, alamos, board)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/complexes/${alamos}/audit-logs/users`, headers: board })).statusCode,
    ).toBe(403);
  });
});

describe('the migration of past entries', () => {
  it('groups the reads of a personal file written one per download into one per file, user and Guayaquil day', async () => {
    const file = newId();
    const [admin] = await t.sql<{ id: string }>("select id from users where email = 'admin@demo.test'");
    // Three reads on 9 March in Guayaquil (the last at 23:30, already 10 March in UTC) and one on 10 March.
    for (const at of ['2026-03-09T15:00:00Z', '2026-03-09T20:00:00Z', '2026-03-10T04:30:00Z', '2026-03-10T05:10:00Z'])
      await t.sql(
        `insert into audit_logs (id, complex_id, user_id, user_name, at, resource, record_id, action)
         values (?, ?, ?, 'Andrea Administradora', ?, 'files', ?, 'read')`,
        [newId(), alamos, admin.id, at, file],
      );
    for (const statement of GROUP_PAST_READS) await t.sql(statement);
    const rows = await t.sql<{ day: string; count: number; first_at: Date; at: Date }>(
      'select day::text as day, count, first_at, at from audit_logs where record_id = ? order by day',
      [file],
    );
    expect(rows.map((r) => [r.day, r.count, new Date(r.first_at).toISOString(), new Date(r.at).toISOString()])).toEqual([
      ['2026-03-09', 3, '2026-03-09T15:00:00.000Z', '2026-03-10T04:30:00.000Z'],
      ['2026-03-10', 1, '2026-03-10T05:10:00.000Z', '2026-03-10T05:10:00.000Z'],
    ]);
  });
});
