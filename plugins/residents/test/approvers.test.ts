// Approvers (spec 002 §3 Approver list, §5 Approvers): up to 5 per resident, first names trimmed <= 70, a last
// name whenever there is a first name, only complete pairs saved, a single typed name split (3+ words: the first
// two words versus the rest). The office manages any resident's; a resident only their own.
import { listQuery, startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approverPairs, splitName } from '../household.ts';
import { residentLogin } from './household-helpers.ts';

let t: TestServer;
let alamos: string;
let bosque: string;
let base: string;
let admin: { authorization: string };
let resident: { authorization: string };
let me: string;
let neighbours: string[];

beforeAll(async () => {
  t = await startTestServer();
  alamos = await t.complexId('alamos');
  bosque = await t.complexId('bosque');
  base = `/api/complexes/${alamos}/approvers`;
  admin = await t.login('admin@demo.test');
  resident = await residentLogin(t);
  [{ id: me }] = await t.sql<{ id: string }>("select id from users where email = 'residente@demo.test'");
  neighbours = (
    await t.sql<{ id: string }>('select id from users where residence_complex_id = ? and id <> ? order by email limit 4', [
      alamos,
      me,
    ])
  ).map((r) => r.id);
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: object) =>
  t.app.inject({ method, url, headers: headers as never, payload: payload as never });
const list = async (headers: object, filter: Record<string, unknown> = {}) => {
  const res = await call('GET', `${base}${listQuery({ filter, range: [0, 99], sort: ['position', 'ASC'] })}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; residentId: string; name: string; firstName: string; lastName: string; position: number }[];
};
const names = async (residentId: string) => (await list(admin, { residentId })).map((a) => a.name);

describe('the rules (spec 002 §5 Approvers)', () => {
  it('splits a single typed name: two words first/last, 3 or more the first two words versus the rest', () => {
    expect(splitName('Ana')).toEqual({ firstName: 'Ana', lastName: '' });
    expect(splitName(' Ana   Mora ')).toEqual({ firstName: 'Ana', lastName: 'Mora' });
    expect(splitName('Ana María Mora')).toEqual({ firstName: 'Ana María', lastName: 'Mora' });
    expect(splitName('Ana María Mora Vega')).toEqual({ firstName: 'Ana María', lastName: 'Mora Vega' });
  });

  it('saves only complete pairs and asks for the last name of a lone first name', () => {
    expect(approverPairs([{ firstName: '', lastName: 'Solo' }, { firstName: ' Luis ', lastName: ' Vega ' }, {}])).toEqual({
      pairs: [{ firstName: 'Luis', lastName: 'Vega' }],
      errors: {},
    });
    expect(approverPairs([{ firstName: 'Luis' }]).errors).toEqual({ '0.lastName': '¡Se requiere este campo!' });
    expect(approverPairs([{ firstName: 'x'.repeat(71), lastName: 'Y' }]).errors).toEqual({
      '0.firstName': 'Límite max. 70 caracter(es).',
    });
    expect(approverPairs([{ firstName: `  ${'x'.repeat(70)}  `, lastName: 'Y' }]).pairs).toHaveLength(1);
  });
});

describe('approvers: the office', () => {
  it('creates, lists, updates and deletes one by one, audited; a first name typed alone is split', async () => {
    const [who] = neighbours;
    await call('POST', `${base}/replace`, admin, { residentId: who, approvers: [] });
    const created = await call('POST', base, admin, { residentId: who, firstName: '  Ana María Mora Vega ' });
    expect(created.statusCode, created.body).toBe(201);
    const approver = created.json();
    expect(approver).toMatchObject({ residentId: who, firstName: 'Ana María', lastName: 'Mora Vega', position: 1 });
    expect(approver.name).toBe('Ana María Mora Vega');
    expect(approver.residentName).toBeTruthy();
    const second = (await call('POST', base, admin, { residentId: who, firstName: 'Luis', lastName: 'Vega' })).json();
    expect(second.position).toBe(2);
    expect(await names(who)).toEqual(['Ana María Mora Vega', 'Luis Vega']);

    const updated = await call('PUT', `${base}/${approver.id}`, admin, { firstName: 'Ana', lastName: 'Mora' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Ana Mora', position: 1 });
    expect((await call('DELETE', `${base}/${second.id}`, admin)).statusCode).toBe(200);
    expect(await names(who)).toEqual(['Ana Mora']);
    const audit = await t.sql<{ action: string }>(
      "select action from audit_logs where resource = 'approvers' and record_id in (?, ?) order by at",
      [approver.id, second.id],
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'create', 'update', 'delete']);
  });

  it("refuses a sixth approver (409 'Solo se permiten hasta 5 aprobadores.'), a repeated name, and a lone first name", async () => {
    const who = neighbours[1];
    await call('POST', `${base}/replace`, admin, { residentId: who, approvers: [] });
    for (const n of ['Uno', 'Dos', 'Tres', 'Cuatro', 'Cinco'])
      expect((await call('POST', base, admin, { residentId: who, firstName: n, lastName: 'Paredes' })).statusCode).toBe(201);
    const sixth = await call('POST', base, admin, { residentId: who, firstName: 'Seis', lastName: 'Paredes' });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toMatchObject({ message: 'Solo se permiten hasta 5 aprobadores.', code: 'APPROVERS_MAX' });
    expect(await names(who)).toHaveLength(5);
    // A freed position is used again.
    const [first] = await list(admin, { residentId: who });
    await call('DELETE', `${base}/${first.id}`, admin);
    const again = await call('POST', base, admin, { residentId: who, firstName: 'Seis', lastName: 'Paredes' });
    expect(again.json().position).toBe(1);

    const repeated = await call('POST', `${base}`, admin, { residentId: neighbours[2], firstName: 'Rita', lastName: 'Ortiz' });
    expect(repeated.statusCode).toBe(201);
    const twice = await call('POST', `${base}`, admin, { residentId: neighbours[2], firstName: 'rita', lastName: 'ORTIZ' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('¡Este aprobador ya está registrado!');

    const lone = await call('POST', base, admin, { residentId: neighbours[2], firstName: 'Rita' });
    expect(lone.statusCode).toBe(400);
    expect(lone.json().errors).toEqual({ lastName: '¡Se requiere este campo!' });
    const empty = await call('POST', base, admin, { residentId: neighbours[2], firstName: '   ' });
    expect(empty.json().errors).toEqual({ firstName: '¡Se requiere este campo!' });
    const long = await call('POST', base, admin, { residentId: neighbours[2], firstName: 'x'.repeat(71), lastName: 'Y' });
    expect(long.json().errors).toEqual({ firstName: 'Límite max. 70 caracter(es).' });
  });

  it('saves the modal at once: complete pairs only, a typed name split, at most 5 rows, errors by row', async () => {
    const who = neighbours[3];
    const saved = await call('POST', `${base}/replace`, admin, {
      residentId: who,
      approvers: [
        { firstName: 'Carmen Lucía Zambrano', lastName: '' },
        { firstName: '', lastName: 'Sin nombre' },
        { firstName: ' Jorge ', lastName: ' Salazar ' },
        { firstName: null, lastName: null },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().map((a: { name: string; position: number }) => [a.position, a.name])).toEqual([
      [1, 'Carmen Lucía Zambrano'],
      [2, 'Jorge Salazar'],
    ]);
    const bad = await call('POST', `${base}/replace`, admin, {
      residentId: who,
      approvers: [{ firstName: 'Ok', lastName: 'Bien' }, { firstName: 'Solo' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ 'approvers.1.lastName': '¡Se requiere este campo!' });
    expect(await names(who)).toEqual(['Carmen Lucía Zambrano', 'Jorge Salazar']);
    const six = Array.from({ length: 6 }, (_, i) => ({ firstName: `N${i}`, lastName: 'X' }));
    expect((await call('POST', `${base}/replace`, admin, { residentId: who, approvers: six })).statusCode).toBe(400);
    const cleared = await call('POST', `${base}/replace`, admin, { residentId: who, approvers: [] });
    expect(cleared.json()).toEqual([]);
    const audit = await t.sql<{ action: string }>(
      "select action from audit_logs where resource = 'approvers' and record_id = ? order by at",
      [who],
    );
    expect(audit.map((a) => a.action)).toEqual(['replace', 'replace']);
  });

  it("answers 404 for another complex's resident or record, and keeps bodies closed", async () => {
    const [stranger] = await t.sql<{ id: string }>('select id from users where residence_complex_id = ? limit 1', [bosque]);
    expect((await call('POST', base, admin, { residentId: stranger.id, firstName: 'A', lastName: 'B' })).statusCode).toBe(404);
    expect((await call('POST', `${base}/replace`, admin, { residentId: stranger.id, approvers: [] })).statusCode).toBe(404);
    const [theirs] = await t.sql<{ id: string }>('select id from approvers where complex_id = ? limit 1', [bosque]);
    expect((await call('GET', `${base}/${theirs.id}`, admin)).statusCode).toBe(404);
    expect((await call('PUT', `${base}/${theirs.id}`, admin, { firstName: 'A', lastName: 'B' })).statusCode).toBe(404);
    expect((await call('DELETE', `${base}/${theirs.id}`, admin)).statusCode).toBe(404);
    const forced = await call('POST', base, admin, {
      residentId: neighbours[2],
      firstName: 'Cerrado',
      lastName: 'Cuerpo',
      complexId: bosque,
      position: 9,
    });
    expect(forced.statusCode, forced.body).toBe(201);
    expect(forced.json().position).toBeLessThanOrEqual(5);
    const [row] = await t.sql<{ complex_id: string }>('select complex_id from approvers where id = ?', [forced.json().id]);
    expect(row.complex_id).toBe(alamos);
    expect((await call('POST', base, admin, { residentId: neighbours[2], firstName: 'A\u0000', lastName: 'B' })).statusCode).toBe(
      400,
    );
    expect(
      (await call('POST', base, admin, { residentId: neighbours[2], firstName: 'A', lastName: 'B', position: 'Infinity' }))
        .statusCode,
    ).toBe(201);
  });
});

describe('approvers: a resident, on their own household only', () => {
  it('saves their own list (the modal) and sees only theirs', async () => {
    const saved = await call('POST', `${base}/replace`, resident, { approvers: [{ firstName: 'Mi Aprobador Uno' }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject([{ residentId: me, firstName: 'Mi Aprobador', lastName: 'Uno' }]);
    const added = await call('POST', base, resident, { firstName: 'Otro', lastName: 'Más' });
    expect(added.statusCode).toBe(201);
    const mine = await list(resident);
    expect(mine.map((a) => a.name)).toEqual(['Mi Aprobador Uno', 'Otro Más']);
    expect(await list(resident, { residentId: neighbours[0] })).toEqual([]);
    expect((await call('PUT', `${base}/${added.json().id}`, resident, { firstName: 'Otro Cambiado' })).json().name).toBe(
      'Otro Cambiado',
    );
    expect((await call('DELETE', `${base}/${added.json().id}`, resident)).statusCode).toBe(200);
  });

  it("answers 404 for another resident's id or record, and changes nothing", async () => {
    const before = await names(neighbours[0]);
    expect((await call('POST', `${base}/replace`, resident, { residentId: neighbours[0], approvers: [] })).statusCode).toBe(404);
    expect((await call('POST', base, resident, { residentId: neighbours[0], firstName: 'A', lastName: 'B' })).statusCode).toBe(
      404,
    );
    const [theirs] = await list(admin, { residentId: neighbours[0] });
    expect((await call('GET', `${base}/${theirs.id}`, resident)).statusCode).toBe(404);
    expect((await call('PUT', `${base}/${theirs.id}`, resident, { firstName: 'X', lastName: 'Y' })).statusCode).toBe(404);
    expect((await call('DELETE', `${base}/${theirs.id}`, resident)).statusCode).toBe(404);
    expect(await names(neighbours[0])).toEqual(before);
  });
});

describe("approvers: the guard's list (spec 002 §2.2 'Lista de Aprobadores', §6)", () => {
  it("reads every resident's approvers while 'Aprobadores' is on, writes none, and finds no list when it is off", async () => {
    const guard = await t.login('guardia@demo.test');
    const all = await list(guard);
    expect(new Set(all.map((a) => a.residentId)).size).toBeGreaterThan(1);
    const [one] = all;
    expect((await list(guard, { residentId: one.residentId })).every((a) => a.residentId === one.residentId)).toBe(true);
    // Reading is all: the shared modal's writes and a record's detail stay the office's and the resident's.
    expect((await call('POST', base, guard, { residentId: one.residentId, firstName: 'A', lastName: 'B' })).statusCode).toBe(403);
    expect((await call('POST', `${base}/replace`, guard, { residentId: one.residentId, approvers: [] })).statusCode).toBe(403);
    expect((await call('PUT', `${base}/${one.id}`, guard, { firstName: 'A', lastName: 'B' })).statusCode).toBe(403);
    expect((await call('DELETE', `${base}/${one.id}`, guard)).statusCode).toBe(403);
    expect((await call('GET', `${base}/${one.id}`, guard)).statusCode).toBe(403);

    await t.sql(`update complexes set modules = modules || '{"Aprobadores": false}'::jsonb where id = ?`, [alamos]);
    try {
      const off = await call('GET', `${base}${listQuery({ range: [0, 9] })}`, guard);
      expect(off.statusCode).toBe(404);
      // The office still manages them: the switch is the guard's list only.
      expect((await list(admin)).length).toBe(all.length);
    } finally {
      await t.sql(`update complexes set modules = modules || '{"Aprobadores": true}'::jsonb where id = ?`, [alamos]);
    }
  });
});
