// Family members (spec 002 §2.5 screen 2, §3, §5 "Family ID must be numeric", '¡Ya existe esta persona en el
// registro!'): the office manages any resident's, a resident only their own household's.
import { listQuery, startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { residentLogin } from './household-helpers.ts';

let t: TestServer;
let alamos: string;
let bosque: string;
let base: string;
let admin: { authorization: string };
let resident: { authorization: string };
let me: { id: string; unitId: string };
let neighbour: { id: string; unitId: string };

beforeAll(async () => {
  t = await startTestServer();
  alamos = await t.complexId('alamos');
  bosque = await t.complexId('bosque');
  base = `/api/complexes/${alamos}/family-members`;
  admin = await t.login('admin@demo.test');
  resident = await residentLogin(t);
  [me] = await t.sql<{ id: string; unitId: string }>('select id, unit_id as "unitId" from users where email = ?', [
    'residente@demo.test',
  ]);
  [neighbour] = await t.sql<{ id: string; unitId: string }>(
    `select id, unit_id as "unitId" from users where residence_complex_id = ? and id <> ? and unit_id is not null
      order by email limit 1`,
    [alamos, me.id],
  );
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: object) =>
  t.app.inject({ method, url, headers: headers as never, payload: payload as never });
const list = async (headers: object, filter: Record<string, unknown> = {}) => {
  const res = await call('GET', `${base}${listQuery({ filter, range: [0, 99] })}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; residentId: string; idNumber: string; name: string; unitId: string }[];
};

describe('family members: the office', () => {
  it("creates, lists by resident and by unit, updates and deletes a resident's family member, audited", async () => {
    const created = await call('POST', base, admin, {
      residentId: neighbour.id,
      firstName: '  Rosa ',
      lastName: 'Paredes',
      idNumber: ' 1799999001 ',
      relationship: 'Madre',
    });
    expect(created.statusCode, created.body).toBe(201);
    const member = created.json();
    expect(member).toMatchObject({
      residentId: neighbour.id,
      unitId: neighbour.unitId,
      firstName: 'Rosa',
      lastName: 'Paredes',
      name: 'Rosa Paredes',
      idNumber: '1799999001',
      relationship: 'Madre',
    });
    expect(member.residentName).toBeTruthy();
    expect(member.unitNumber).toBeTruthy();
    expect((await list(admin, { residentId: neighbour.id })).map((f) => f.id)).toContain(member.id);
    expect((await list(admin, { unitId: neighbour.unitId })).map((f) => f.id)).toContain(member.id);
    expect((await list(admin, { unitId: me.unitId })).map((f) => f.id)).not.toContain(member.id);
    expect((await list(admin, { q: '1799999001' })).map((f) => f.id)).toEqual([member.id]);

    const updated = await call('PUT', `${base}/${member.id}`, admin, { relationship: 'Abuela', firstName: 'Rosa María' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Rosa María Paredes', relationship: 'Abuela', idNumber: '1799999001' });
    expect((await call('GET', `${base}/${member.id}`, admin)).json().relationship).toBe('Abuela');

    const removed = await call('DELETE', `${base}/${member.id}`, admin);
    expect(removed.statusCode).toBe(200);
    expect((await call('GET', `${base}/${member.id}`, admin)).statusCode).toBe(404);
    const audit = await t.sql<{ action: string }>(
      "select action from audit_logs where resource = 'family-members' and record_id = ? order by at",
      [member.id],
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it("refuses the same cédula twice in a resident's register: '¡Ya existe esta persona en el registro!' (409)", async () => {
    const body = { residentId: neighbour.id, firstName: 'Pedro', lastName: 'Mora', idNumber: '1799999002' };
    expect((await call('POST', base, admin, body)).statusCode).toBe(201);
    const again = await call('POST', base, admin, { ...body, firstName: 'Otro' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: '¡Ya existe esta persona en el registro!',
      code: 'FAMILY_MEMBER_DUPLICATE',
      errors: { idNumber: '¡Ya existe esta persona en el registro!' },
    });
    // Renaming another member's cédula onto it is refused too.
    const other = (await call('POST', base, admin, { ...body, idNumber: '1799999003' })).json();
    expect((await call('PUT', `${base}/${other.id}`, admin, { idNumber: '1799999002' })).statusCode).toBe(409);
    // Another resident's register may hold the same person (a grandmother of two households).
    expect((await call('POST', base, admin, { ...body, residentId: me.id })).statusCode).toBe(201);
  });

  it("validates: names and cédula required ('¡Se requiere este campo!'), the cédula digits only, the resident", async () => {
    const cases: [object, Record<string, string>][] = [
      [
        { residentId: neighbour.id },
        { firstName: '¡Se requiere este campo!', lastName: '¡Se requiere este campo!', idNumber: '¡Se requiere este campo!' },
      ],
      [{ residentId: neighbour.id, firstName: ' ', lastName: 'X', idNumber: '1' }, { firstName: '¡Se requiere este campo!' }],
      [
        { residentId: neighbour.id, firstName: 'A', lastName: 'B', idNumber: '17-99' },
        { idNumber: '¡Solo se permiten números!' },
      ],
      [
        { residentId: neighbour.id, firstName: 'A', lastName: 'B', idNumber: '1'.repeat(21) },
        { idNumber: 'Límite max. 20 caracter(es).' },
      ],
      [{ firstName: 'A', lastName: 'B', idNumber: '1' }, { residentId: '¡Se requiere este campo!' }],
    ];
    for (const [payload, errors] of cases) {
      const res = await call('POST', base, admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors, JSON.stringify(payload)).toEqual(errors);
    }
  });

  it("answers 404 for a resident of another complex, a staff member, or another complex's record", async () => {
    const [stranger] = await t.sql<{ id: string }>('select id from users where residence_complex_id = ? limit 1', [bosque]);
    const [staff] = await t.sql<{ id: string }>("select id from users where email = 'guardia@demo.test'");
    for (const residentId of [stranger.id, staff.id]) {
      const res = await call('POST', base, admin, { residentId, firstName: 'A', lastName: 'B', idNumber: '1' });
      expect(res.statusCode, residentId).toBe(404);
    }
    const [theirs] = await t.sql<{ id: string }>('select id from family_members where complex_id = ? limit 1', [bosque]);
    expect((await call('GET', `${base}/${theirs.id}`, admin)).statusCode).toBe(404);
    expect((await call('PUT', `${base}/${theirs.id}`, admin, { firstName: 'X' })).statusCode).toBe(404);
    expect((await call('DELETE', `${base}/${theirs.id}`, admin)).statusCode).toBe(404);
    expect((await list(admin)).some((f) => f.id === theirs.id)).toBe(false);
  });

  it('keeps bodies closed (the host drops undeclared fields: complexId, id, dates change nothing) and refuses a NUL byte', async () => {
    const ok = { residentId: neighbour.id, firstName: 'A', lastName: 'B', idNumber: '17999990' };
    const forcedId = '0190f0f0-0000-7000-8000-000000000000';
    const res = await call('POST', base, admin, { ...ok, complexId: bosque, id: forcedId, createdAt: '2020-01-01T00:00:00Z' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().id).not.toBe(forcedId);
    expect(res.json().createdAt).not.toContain('2020');
    const [row] = await t.sql<{ complex_id: string }>('select complex_id from family_members where id = ?', [res.json().id]);
    expect(row.complex_id).toBe(alamos);
    const nul = await call('POST', base, admin, { ...ok, idNumber: '17999991', firstName: 'A\u0000' });
    expect(nul.statusCode).toBe(400);
    // An update cannot move a member to another resident or complex.
    const moved = await call('PUT', `${base}/${res.json().id}`, admin, { residentId: me.id, complexId: bosque, lastName: 'C' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ residentId: neighbour.id, lastName: 'C' });
    expect((await call('PUT', `${base}/${res.json().id}`, admin, { lastName: 'C\u0000' })).statusCode).toBe(400);
  });
});

describe('family members: a resident, on their own household only', () => {
  it('adds to their own register whatever they leave out, and lists only theirs', async () => {
    const created = await call('POST', base, resident, { firstName: 'Tomás', lastName: 'Vega', idNumber: '1799999100' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ residentId: me.id, unitId: me.unitId });
    const mine = await list(resident);
    expect(mine.length).toBeGreaterThan(1);
    expect(mine.every((f) => f.residentId === me.id)).toBe(true);
    // Asking for the neighbour's rows answers none of them.
    expect(await list(resident, { residentId: neighbour.id })).toEqual([]);
    expect(await list(resident, { unitId: neighbour.unitId })).toEqual([]);
    const updated = await call('PUT', `${base}/${created.json().id}`, resident, { relationship: 'Hijo' });
    expect(updated.json().relationship).toBe('Hijo');
    expect((await call('DELETE', `${base}/${created.json().id}`, resident)).statusCode).toBe(200);
    const exported = await call('GET', `${base}/export?format=csv`, resident);
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain('Rosa María');
  });

  it("answers 404 for another resident's id or record", async () => {
    const post = await call('POST', base, resident, { residentId: neighbour.id, firstName: 'A', lastName: 'B', idNumber: '1' });
    expect(post.statusCode).toBe(404);
    const [theirs] = await list(admin, { residentId: neighbour.id });
    expect((await call('GET', `${base}/${theirs.id}`, resident)).statusCode).toBe(404);
    expect((await call('PUT', `${base}/${theirs.id}`, resident, { firstName: 'X' })).statusCode).toBe(404);
    expect((await call('DELETE', `${base}/${theirs.id}`, resident)).statusCode).toBe(404);
    expect((await call('GET', `${base}/${theirs.id}`, admin)).json().firstName).not.toBe('X');
  });

  it('cannot reach another complex at all', async () => {
    const res = await call('GET', `/api/complexes/${bosque}/family-members`, resident);
    expect(res.statusCode).toBe(404);
  });
});

describe("family members: the guard's list (spec 002 §2.2 'Familia/Inquilinos', §6)", () => {
  it("reads every household's family members unless 'NoFamilyGuard' is on, and writes none", async () => {
    const guard = await t.login('guardia@demo.test');
    const all = await list(guard);
    expect(new Set(all.map((f) => f.residentId)).size).toBeGreaterThan(1);
    const [one] = all;
    expect((await list(guard, { idNumber: one.idNumber })).map((f) => f.id)).toContain(one.id);
    expect(
      (await call('POST', base, guard, { residentId: one.residentId, firstName: 'A', lastName: 'B', idNumber: '1' })).statusCode,
    ).toBe(403);
    expect((await call('PUT', `${base}/${one.id}`, guard, { firstName: 'A' })).statusCode).toBe(403);
    expect((await call('DELETE', `${base}/${one.id}`, guard)).statusCode).toBe(403);
    expect((await call('GET', `${base}/${one.id}`, guard)).statusCode).toBe(403);

    await t.sql(`update complexes set modules = modules || '{"NoFamilyGuard": true}'::jsonb where id = ?`, [alamos]);
    try {
      expect((await call('GET', `${base}${listQuery({ range: [0, 9] })}`, guard)).statusCode).toBe(404);
      expect((await list(admin)).length).toBe(all.length);
    } finally {
      await t.sql(`update complexes set modules = modules - 'NoFamilyGuard' where id = ?`, [alamos]);
    }
  });
});
