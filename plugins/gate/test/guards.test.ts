// Guards of a complex (spec 002 §2.2 and §2.5 gestionarGuardias; issue 13): the supervisor-role users linked to it,
// read and written through the host (host.staff): the office creates one (invitation e-mail with its link, no
// password), deactivates them (their sessions end; not when they also work elsewhere) and, while DeleteGuards is on,
// removes them from the complex; guards read the list (not under NoFamilyGuard); residents nothing.
import { listQuery, startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUNDS_MESSAGES } from '../rounds.ts';
import gate from '../server/index.ts';

let t: TestServer;
let alamos: string;
let bosque: string;
let admin: { authorization: string };
let guard: { authorization: string };

const base = () => `/api/complexes/${alamos}/gate-guards`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: headers as Record<string, string>,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const setSwitch = async (name: string, on: boolean) => {
  const res = await call('PUT', `/api/complexes/${alamos}/modules`, await t.login('superadmin@demo.test'), { [name]: on });
  expect(res.statusCode, res.body).toBe(200);
};
/** Gives an invited user the demo password (as if they had followed the link) and signs them in. */
const signIn = async (email: string) => {
  await t.sql(
    `update users set password_hash = (select password_hash from users where email = 'guardia@demo.test'), legal_accepted = true
      where email = ?`,
    [email],
  );
  return t.login(email);
};
let serial = 0;
const newGuard = async (extra: object = {}) => {
  serial++;
  const res = await call('POST', base(), admin, {
    firstName: ' Gabriel ',
    lastName: `Garita ${serial}`,
    email: `garita${serial}@Demo.test`,
    phone: '0991234567',
    idNumber: `091${String(serial).padStart(7, '0')}`,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; email: string; isActive: boolean; name: string };
};

beforeAll(async () => {
  t = await startTestServer({ plugins: [gate] });
  alamos = await t.complexId('alamos');
  bosque = await t.complexId('bosque');
  admin = await t.login('admin@demo.test');
  guard = await t.login('guardia@demo.test');
});
afterAll(() => t?.close());

describe('guards of the complex', () => {
  it("lists the complex's supervisors with whether they are on duty; exportable", async () => {
    const res = await call('GET', `${base()}${listQuery({ range: [0, 99] })}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const emails = res.json().map((g: { email: string }) => g.email);
    expect(emails).toEqual(expect.arrayContaining(['guardia@demo.test', 'multi@demo.test']));
    expect(emails).not.toContain('admin@demo.test');
    expect(emails).not.toContain('directiva@demo.test');
    const csv = await call('GET', `${base()}/export?format=csv`, admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('guardia@demo.test');
    // Guards read the list too.
    expect((await call('GET', base(), guard)).statusCode).toBe(200);
  });

  it('creates a guard: a supervisor linked to the complex, no password, an invitation e-mail with its link', async () => {
    const created = await newGuard();
    expect(created).toMatchObject({ firstName: 'Gabriel', email: 'garita1@demo.test', isActive: true, onDuty: false });
    const [user] = await t.sql<{ roles: string[]; password_hash: string | null }>(
      'select roles, password_hash from users where id = ?',
      [created.id],
    );
    expect(user.roles).toEqual(['supervisor']);
    expect(user.password_hash).toBeNull();
    const links = await t.sql<{ user_id: string }>('select user_id from user_complexes where user_id = ? and complex_id = ?', [
      created.id,
      alamos,
    ]);
    expect(links).toHaveLength(1);
    const mails = await t.sql<{ text_body: string }>(
      `select * from mail_outbox where to_addresses::text like '%garita1@demo.test%'`,
    );
    expect(mails).toHaveLength(1);
    expect(JSON.stringify(mails[0])).toContain('/#/contrasena/');
    // The same e-mail again: 409 with the spec's text; a bad one: 400; unknown fields, the complex in the body: ignored
    // or refused, never written.
    const dup = await call('POST', base(), admin, { firstName: 'X', lastName: 'Y', email: 'GARITA1@demo.test' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('EMAIL_TAKEN');
    for (const payload of [
      { firstName: 'X', lastName: 'Y', email: 'no-es-correo' },
      { firstName: ' ', lastName: 'Y', email: 'z1@demo.test' },
      { firstName: 'X', lastName: 'Y', email: 'z2@demo.test', idNumber: 'ABC' },
      { firstName: 'X\u0000', lastName: 'Y', email: 'z3@demo.test' },
      { firstName: 'X'.repeat(101), lastName: 'Y', email: 'z4@demo.test' },
      { lastName: 'Y', email: 'z5@demo.test' },
    ])
      expect((await call('POST', base(), admin, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    // Guards and residents may not create guards.
    expect((await call('POST', base(), guard, { firstName: 'X', lastName: 'Y', email: 'z6@demo.test' })).statusCode).toBe(403);
  });

  it('deactivates a guard: their sessions end and sign-in is refused; activates them again', async () => {
    const created = await newGuard();
    const session = await signIn(created.email);
    expect((await call('GET', base(), session)).statusCode).toBe(200);
    const off = await call('POST', `${base()}/${created.id}/deactivate`, admin);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().isActive).toBe(false);
    expect((await call('GET', base(), session)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: created.email, password: 'demo1234' },
    });
    expect(login.statusCode).not.toBe(200);
    const on = await call('POST', `${base()}/${created.id}/activate`, admin);
    expect(on.json().isActive).toBe(true);
    // Someone who also works for another complex is not locked out of it from here.
    await t.sql('insert into user_complexes (user_id, complex_id) values (?, ?)', [created.id, bosque]);
    const shared = await call('POST', `${base()}/${created.id}/deactivate`, admin);
    expect(shared.statusCode).toBe(409);
    expect(shared.json().code).toBe('STAFF_SHARED');
    // Not a guard of the complex (an administrator, a resident, a stranger id): 404; oneself: 409.
    for (const email of ['directiva@demo.test', 'residente@demo.test']) {
      const [other] = await t.sql<{ id: string }>('select id from users where email = ?', [email]);
      expect((await call('POST', `${base()}/${other.id}/deactivate`, admin)).statusCode, email).toBe(404);
    }
    const [adminRow] = await t.sql<{ id: string }>("select id from users where email = 'admin@demo.test'");
    expect((await call('POST', `${base()}/${adminRow.id}/deactivate`, admin)).statusCode).toBe(409);
    expect((await call('POST', `${base()}/not-a-uuid/deactivate`, admin)).statusCode).toBe(404);
    const [multi] = await t.sql<{ id: string }>("select id from users where email = 'multi@demo.test'");
    expect((await call('POST', `${base()}/${multi.id}/deactivate`, await t.login('multi@demo.test'))).statusCode).toBe(409);
  });

  it('DeleteGuards on (the default): the office removes a guard from the complex; off: 404 and the guard stays', async () => {
    const created = await newGuard();
    await setSwitch('DeleteGuards', false);
    try {
      const refused = await call('DELETE', `${base()}/${created.id}`, admin);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'SWITCHED_OFF', message: ROUNDS_MESSAGES.deleteOff });
      expect((await call('GET', `${base()}/${created.id}`, admin)).statusCode).toBe(200);
    } finally {
      await setSwitch('DeleteGuards', true);
    }
    const session = await signIn(created.email);
    expect((await call('DELETE', `${base()}/${created.id}`, guard)).statusCode).toBe(403);
    const removed = await call('DELETE', `${base()}/${created.id}`, admin);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call('GET', `${base()}/${created.id}`, admin)).statusCode).toBe(404);
    // Their user stays; the complex is no longer theirs.
    expect(await t.sql('select 1 from users where id = ?', [created.id])).toHaveLength(1);
    expect((await call('GET', base(), session)).statusCode).toBe(404);
    expect((await call('DELETE', `${base()}/${created.id}`, admin)).statusCode).toBe(404);
  });

  it("another complex's office and guards see none of them; NoFamilyGuard hides the list from guards only", async () => {
    const res = await call('GET', `/api/complexes/${bosque}/gate-guards${listQuery({ range: [0, 99] })}`, admin);
    expect(res.json().map((g: { email: string }) => g.email)).not.toContain('guardia@demo.test');
    const [guardRow] = await t.sql<{ id: string }>("select id from users where email = 'guardia@demo.test'");
    expect((await call('GET', `/api/complexes/${bosque}/gate-guards/${guardRow.id}`, admin)).statusCode).toBe(404);
    await setSwitch('NoFamilyGuard', true);
    try {
      expect((await call('GET', base(), guard)).statusCode).toBe(404);
      expect((await call('GET', `${base()}/${guardRow.id}`, guard)).statusCode).toBe(404);
      expect((await call('GET', base(), admin)).statusCode).toBe(200);
    } finally {
      await setSwitch('NoFamilyGuard', false);
    }
  });
});
