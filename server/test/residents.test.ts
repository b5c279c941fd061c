// Residents of a complex (issue 12): list with filters and export, create and edit with the spec's messages,
// unit links (owner / tenant), tenancy, roles, app access, sessions and the complex's user limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listQuery, startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
let base: string;
let alamos: string;
let admin: { authorization: string };
let seq = 0;
beforeAll(async () => {
  t = await startTestServer();
  alamos = await t.complexId('alamos');
  base = `/api/complexes/${alamos}`;
  admin = await t.login('admin@demo.test');
});
afterAll(() => t?.close());

const unique = () => `${Date.now() % 100000}${++seq}`;
const person = (extra: Record<string, unknown> = {}) => ({
  firstName: 'Rosa',
  lastName: 'Quishpe',
  email: `rosa.${unique()}@correo.test`,
  ...extra,
});
const post = (payload: unknown, headers = admin) =>
  t.app.inject({ method: 'POST', url: `${base}/residents`, headers, payload: payload as object });
const put = (id: string, payload: unknown, headers = admin, suffix = '') =>
  t.app.inject({ method: 'PUT', url: `${base}/residents/${id}${suffix}`, headers, payload: payload as object });
const get = (path: string, headers = admin) => t.app.inject({ method: 'GET', url: `${base}${path}`, headers });

/** A unit of Los Álamos without a tenant (the demo gives every unit an owner and no tenant). */
async function unitNamed(number: string) {
  const [unit] = await t.sql<{ id: string; owner_id: string | null; tenant_id: string | null; rented: boolean }>(
    'select id, owner_id, tenant_id, rented from units where complex_id = ? and number = ?',
    [alamos, number],
  );
  return unit;
}

/** A new unit of Los Álamos with nobody linked. */
async function freeUnit() {
  const res = await t.app.inject({
    method: 'POST',
    url: `${base}/units`,
    headers: admin,
    payload: { number: `Lote ${unique()}` },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; number: string };
}

describe('create, read and list', () => {
  it('creates a resident as owner of a free unit, reads it back and lists it with the filters', async () => {
    const unit = await freeUnit();
    const res = await post(
      person({
        firstName: '  Zoila ',
        lastName: 'Zambrano',
        email: ' Zoila.Zambrano@Correo.TEST ',
        phone: '0991234567',
        idNumber: '1712345678',
        unitId: unit.id,
        relation: 'owner',
        vip: true,
        paymentAgreement: true,
        notificationEmails: ['Otra@Correo.test', ' ', 'otra@correo.test'],
        groups: ['Directiva ', 'Piscina', 'Piscina'],
      }),
    );
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      id: expect.any(String),
      firstName: 'Zoila',
      lastName: 'Zambrano',
      email: 'zoila.zambrano@correo.test',
      phone: '0991234567',
      idNumber: '1712345678',
      unitId: unit.id,
      unitNumber: unit.number,
      relation: 'owner',
      unitLocked: false,
      vip: true,
      paymentAgreement: true,
      prepaidGuarantee: false,
      notificationEmails: ['otra@correo.test'],
      groups: ['Directiva', 'Piscina'],
      isActive: true,
    });
    const [row] = await t.sql<{ roles: string[]; password_hash: string | null; residence_complex_id: string }>(
      'select roles, password_hash, residence_complex_id from users where id = ?',
      [created.id],
    );
    expect(row).toEqual({ roles: ['residente'], password_hash: null, residence_complex_id: alamos });
    expect((await unitNamed(unit.number)).owner_id).toBe(created.id);
    expect((await get(`/residents/${created.id}`)).json()).toEqual(created);

    const list = async (filter: Record<string, unknown>, sort?: [string, string]) => {
      const r = await get(`/residents${listQuery({ filter, sort, range: [0, 499] })}`);
      expect(r.statusCode).toBe(200);
      return r.json() as { id: string; unitId: string | null; relation: string | null; vip: boolean; unitNumber: string }[];
    };
    expect((await list({ q: 'zambrano zoila' })).map((r) => r.id)).toEqual([created.id]);
    expect((await list({ q: '1712345678' })).map((r) => r.id)).toEqual([created.id]);
    expect((await list({ unitId: unit.id })).map((r) => r.id)).toEqual([created.id]);
    expect((await list({ vip: true })).map((r) => r.id)).toContain(created.id);
    expect((await list({ vip: true })).every((r) => r.vip)).toBe(true);
    const owners = await list({ relation: 'owner' });
    expect(owners.length).toBeGreaterThanOrEqual(36);
    expect(owners.every((r) => r.relation === 'owner')).toBe(true);
    // The demo's rented units (Casa 4, 11, 18, 25, 32) have a tenant each.
    const tenants = await list({ relation: 'tenant' });
    expect(tenants.map((r) => r.unitNumber)).toEqual(
      expect.arrayContaining(['Casa 4', 'Casa 11', 'Casa 18', 'Casa 25', 'Casa 32']),
    );
    expect(tenants.every((r) => r.relation === 'tenant')).toBe(true);

    const loose = (await post(person({ lastName: 'Sinunidad' }))).json();
    expect(loose).toMatchObject({ unitId: null, unitNumber: null, relation: null });
    expect((await list({ unassigned: true })).map((r) => r.id)).toContain(loose.id);
    expect((await list({ unassigned: true })).every((r) => r.unitId === null)).toBe(true);
    expect((await list({ unassigned: false })).map((r) => r.id)).not.toContain(loose.id);

    // Natural order of the unit numbers: Casa 2 before Casa 10.
    const byUnit = (await list({ relation: 'owner' }, ['unitNumber', 'ASC'])).map((r) => r.unitNumber);
    expect(byUnit.indexOf('Casa 2')).toBeLessThan(byUnit.indexOf('Casa 10'));

    for (const filter of [{ relation: 'amigo' }, { vip: 'quizá' }, { unitId: 'x' }, { unassigned: 3 }]) {
      expect((await get(`/residents${listQuery({ filter })}`)).statusCode).toBe(400);
    }
  });

  it('exports with Spanish headers', async () => {
    const res = await get('/residents/export?format=csv');
    expect(res.statusCode).toBe(200);
    const [header, first] = res.body
      .replace(/^\uFEFF/, '')
      .replaceAll('"', '')
      .split(/\r?\n/);
    expect(header).toBe(
      'Apellido,Nombre,Correo,Teléfono,Cédula,Unidad,Relación,VIP,Acceso a la app,Grupos,Convenio de pago,Garantía prepagada,Correos adicionales',
    );
    expect(first).toMatch(/,(Propietario|Inquilino|),(Sí|No),(Sí|No),/);
  });
});

describe('validation', () => {
  it('answers each field with the spec message', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ lastName: 'X', email: 'x@correo.test' }, { firstName: '¡Se requiere este campo!' }],
      [
        { firstName: ' ', lastName: '', email: '' },
        { firstName: '¡Se requiere este campo!', lastName: '¡Se requiere este campo!', email: '¡Se requiere este campo!' },
      ],
      [person({ email: 'no-es-correo' }), { email: '¡Correo inválido!' }],
      [person({ idNumber: '17-123' }), { idNumber: '¡Solo se permiten números, + y /!' }],
      [person({ notificationEmails: ['bien@correo.test', 'mal'] }), { notificationEmails: '¡Correo inválido!' }],
      [
        person({ unitId: '00000000-0000-4000-8000-000000000000', relation: 'owner' }),
        { unitId: '¡La U.H. no existe en este conjunto!' },
      ],
      [person({ unitId: 'Casa 1', relation: 'owner' }), { unitId: '¡La U.H. no existe en este conjunto!' }],
      [person({ relation: 'owner' }), { unitId: '¡Seleccione una U.H.!' }],
    ];
    for (const [payload, errors] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    const unit = await freeUnit();
    const noRelation = await post(person({ unitId: unit.id }));
    expect(noRelation.statusCode).toBe(400);
    expect(noRelation.json().errors).toEqual({ relation: '¡Se requiere este campo!' });

    // Bounds and types are the schema's: a 400, never a 500.
    for (const payload of [
      person({ firstName: 'x'.repeat(101) }),
      person({ groups: Array.from({ length: 11 }, (_, i) => `g${i}`) }),
      person({ groups: ['x'.repeat(51)] }),
      person({ notificationEmails: Array.from({ length: 6 }, (_, i) => `c${i}@correo.test`) }),
      person({ relation: 'amigo' }),
      person({ vip: 'sí' }),
    ]) {
      expect((await post(payload)).statusCode).toBe(400);
    }
    const five = await post(person({ notificationEmails: Array.from({ length: 5 }, (_, i) => `c${i}@correo.test`) }));
    expect(five.statusCode).toBe(201);
  });

  it('refuses a taken e-mail and a taken C.I., also as an edit', async () => {
    const taken = await post(person({ email: 'ADMIN@demo.test' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ email: '¡Correo ya registrado!' });

    const first = (await post(person({ idNumber: '0912345678' }))).json();
    const again = await post(person({ idNumber: '0912345678' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ idNumber: '¡C.I. o RUC ya registrado!' });

    const other = (await post(person())).json();
    const editEmail = await put(other.id, { email: first.email });
    expect(editEmail.statusCode).toBe(409);
    expect(editEmail.json().errors).toEqual({ email: '¡Correo ya registrado!' });
    const editId = await put(other.id, { idNumber: '0912345678' });
    expect(editId.statusCode).toBe(409);
    expect(editId.json().errors).toEqual({ idNumber: '¡C.I. o RUC ya registrado!' });
    // Saving one's own values is no clash.
    expect((await put(first.id, { email: first.email, idNumber: '0912345678' })).statusCode).toBe(200);
  });

  it('lets exactly one of ten concurrent creates of one C.I. through', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => post(person({ idNumber: '1799999999001' }))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const r of results.filter((r) => r.statusCode === 409))
      expect(r.json().errors).toEqual({ idNumber: '¡C.I. o RUC ya registrado!' });
    const [{ n }] = await t.sql<{ n: number }>("select count(*)::int as n from users where id_number = '1799999999001'");
    expect(n).toBe(1);
  });
});

describe('units: owner and tenant', () => {
  it('links a tenant (rented), refuses a second owner or tenant, moves and frees the old link', async () => {
    const casa3 = await unitNamed('Casa 3');
    const tenant = (await post(person({ unitId: casa3.id, relation: 'tenant' }))).json();
    expect(tenant).toMatchObject({ unitId: casa3.id, unitNumber: 'Casa 3', relation: 'tenant' });
    expect(await unitNamed('Casa 3')).toMatchObject({ owner_id: casa3.owner_id, tenant_id: tenant.id, rented: true });

    const secondOwner = await post(person({ unitId: casa3.id, relation: 'owner' }));
    expect(secondOwner.statusCode).toBe(409);
    expect(secondOwner.json().errors).toEqual({ unitId: '¡Esta U.H. ya tiene un propietario registrado!' });
    const secondTenant = await post(person({ unitId: casa3.id, relation: 'tenant' }));
    expect(secondTenant.statusCode).toBe(409);
    expect(secondTenant.json().errors).toEqual({ unitId: '¡Esta U.H. ya tiene un inquilino registrado!' });

    // The tenant becomes the owner of a free unit: Casa 3 is theirs no more, and no longer rented.
    const lote = await freeUnit();
    const moved = await put(tenant.id, { unitId: lote.id, relation: 'owner' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ unitId: lote.id, relation: 'owner' });
    expect(await unitNamed('Casa 3')).toMatchObject({ owner_id: casa3.owner_id, tenant_id: null, rented: false });
    expect((await unitNamed(lote.number)).owner_id).toBe(tenant.id);

    // Same unit, other relation: owner -> tenant.
    expect((await put(tenant.id, { relation: 'tenant' })).json()).toMatchObject({ unitId: lote.id, relation: 'tenant' });
    expect(await unitNamed(lote.number)).toMatchObject({ owner_id: null, tenant_id: tenant.id, rented: true });

    // Without a unit.
    expect((await put(tenant.id, { unitId: null })).json()).toMatchObject({ unitId: null, relation: null });
    expect(await unitNamed(lote.number)).toMatchObject({ owner_id: null, tenant_id: null, rented: false });
    const [user] = await t.sql<{ unit_id: string | null }>('select unit_id from users where id = ?', [tenant.id]);
    expect(user.unit_id).toBeNull();

    // A failed edit changes nothing.
    const blocked = await put(tenant.id, { firstName: 'Cambiado', unitId: casa3.id, relation: 'owner' });
    expect(blocked.statusCode).toBe(409);
    expect((await get(`/residents/${tenant.id}`)).json()).toMatchObject({ firstName: 'Rosa', unitId: null });
  });

  it("follows the units screen: a unit's new owner or tenant gets it, the one it no longer names leaves it", async () => {
    const unit = await freeUnit();
    const owner = (await post(person({ unitId: unit.id, relation: 'owner' }))).json();
    const other = (await post(person())).json();
    const putUnit = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `${base}/units/${unit.id}`, headers: admin, payload });
    expect((await putUnit({ ownerId: other.id })).statusCode).toBe(200);
    expect((await get(`/residents/${owner.id}`)).json()).toMatchObject({ unitId: null, relation: null });
    expect((await get(`/residents/${other.id}`)).json()).toMatchObject({ unitId: unit.id, relation: 'owner' });
    // An owner of another unit who lives elsewhere keeps their home.
    const home = await freeUnit();
    const investor = (await post(person({ unitId: home.id, relation: 'tenant' }))).json();
    expect((await putUnit({ tenantId: investor.id, rented: true })).statusCode).toBe(200);
    expect((await get(`/residents/${investor.id}`)).json()).toMatchObject({ unitId: home.id, relation: 'tenant' });
    // Editing a resident still works, and leaves the link as it is.
    const renamed = await put(other.id, { firstName: 'Renombrada' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ firstName: 'Renombrada', unitId: unit.id, relation: 'owner' });
    expect((await putUnit({ ownerId: null })).statusCode).toBe(200);
    expect((await get(`/residents/${other.id}?unassigned=true`)).json()).toMatchObject({ unitId: null });
  });

  it('edits the settings and audits the change', async () => {
    const resident = (await post(person())).json();
    const res = await put(resident.id, { vip: true, prepaidGuarantee: true, groups: ['Torre A'], phone: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ vip: true, prepaidGuarantee: true, groups: ['Torre A'], phone: null });
    const [log] = await t.sql<{ action: string; changes: Record<string, unknown> }>(
      "select action, changes from audit_logs where complex_id = ? and resource = 'residents' and record_id = ? order by at desc limit 1",
      [alamos, resident.id],
    );
    expect(log.action).toBe('update');
    expect(log.changes).toMatchObject({ vip: [false, true], groups: [[], ['Torre A']] });
  });
});

describe('tenancy and roles', () => {
  it("answers 404 for another complex's resident and ignores ids in the body", async () => {
    const [stranger] = await t.sql<{ id: string }>('select id from users where residence_complex_id = ? limit 1', [
      await t.complexId('bosque'),
    ]);
    expect((await get(`/residents/${stranger.id}`)).statusCode).toBe(404);
    expect((await put(stranger.id, { firstName: 'X' })).statusCode).toBe(404);
    expect((await put(stranger.id, { isActive: false }, admin, '/access')).statusCode).toBe(404);
    const clear = await t.app.inject({ method: 'POST', url: `${base}/residents/${stranger.id}/sessions/clear`, headers: admin });
    expect(clear.statusCode).toBe(404);
    expect((await get(`/residents${listQuery({ filter: { id: [stranger.id] } })}`)).json()).toEqual([]);
    expect((await get('/residents/not-an-id')).statusCode).toBe(404);

    const bosque = await t.complexId('bosque');
    // Fields the body may not set are refused or dropped: either way they change nothing.
    const extras = {
      complexId: bosque,
      residenceComplexId: bosque,
      id: stranger.id,
      roles: ['administrador'],
      passwordHash: 'x',
    };
    const ids: string[] = [];
    for (const [key, value] of Object.entries(extras)) {
      const res = await post(person({ [key]: value }));
      expect([201, 400], key).toContain(res.statusCode);
      if (res.statusCode === 201) ids.push(res.json().id);
    }
    const mine = (await post(person())).json();
    ids.push(mine.id);
    expect([200, 400]).toContain(
      (await put(mine.id, { roles: ['administrador'], complexId: bosque, id: stranger.id })).statusCode,
    );
    const rows = await t.sql<{ id: string; roles: string[]; residence_complex_id: string; password_hash: string | null }>(
      `select id, roles, residence_complex_id, password_hash from users where id in (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    expect(rows).toHaveLength(ids.length);
    for (const row of rows)
      expect(row).toMatchObject({ roles: ['residente'], residence_complex_id: alamos, password_hash: null });
    expect(ids).not.toContain(stranger.id);
    const [untouched] = await t.sql<{ residence_complex_id: string }>('select residence_complex_id from users where id = ?', [
      stranger.id,
    ]);
    expect(untouched.residence_complex_id).toBe(bosque);
  });

  it('lets directiva and supervisor read, not write', async () => {
    const resident = (await post(person())).json();
    for (const email of ['directiva@demo.test', 'guardia@demo.test']) {
      const headers = await t.login(email);
      expect((await get('/residents', headers)).statusCode).toBe(200);
      expect((await get(`/residents/${resident.id}`, headers)).statusCode).toBe(200);
      expect((await post(person(), headers)).statusCode).toBe(403);
      expect((await put(resident.id, { firstName: 'X' }, headers)).statusCode).toBe(403);
      expect((await put(resident.id, { isActive: false }, headers, '/access')).statusCode).toBe(403);
      const clear = await t.app.inject({ method: 'POST', url: `${base}/residents/${resident.id}/sessions/clear`, headers });
      expect(clear.statusCode).toBe(403);
    }
  });
});

describe('app access and sessions', () => {
  const appLogin = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'residente@demo.test', password: 'demo1234', client: 'app' },
    });
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
  const refresh = (refreshToken: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
  const residentId = async () => (await t.sql<{ id: string }>("select id from users where email = 'residente@demo.test'"))[0].id;

  it("disabling cuts the resident's token at its next request; re-enabling lets them in again", async () => {
    const id = await residentId();
    const session = (await appLogin()).json();
    expect((await me(session.token)).statusCode).toBe(200);

    const off = await put(id, { isActive: false }, admin, '/access');
    expect(off.statusCode).toBe(200);
    expect(off.json().isActive).toBe(false);
    const [log] = await t.sql<{ changes: unknown }>(
      "select changes from audit_logs where complex_id = ? and resource = 'residents' and record_id = ? order by at desc limit 1",
      [alamos, id],
    );
    expect(log.changes).toEqual({ isActive: [true, false] });
    expect((await me(session.token)).statusCode).toBe(401);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    expect((await appLogin()).statusCode).toBe(403);
    expect(
      (await get(`/residents${listQuery({ filter: { isActive: false } })}`)).json().map((r: { id: string }) => r.id),
    ).toContain(id);

    const on = await put(id, { isActive: true }, admin, '/access');
    expect(on.json().isActive).toBe(true);
    const again = await appLogin();
    expect(again.statusCode).toBe(200);
    expect((await me(again.json().token)).statusCode).toBe(200);
    // The old token stays ended.
    expect((await me(session.token)).statusCode).toBe(401);
  });

  it('the edit form can switch access too, and sessions/clear ends every sign-in', async () => {
    const id = await residentId();
    await t.app.inject({ method: 'POST', url: `${base}/residents/${id}/sessions/clear`, headers: admin });
    const one = (await appLogin()).json();
    const two = (await appLogin()).json();
    const cleared = await t.app.inject({ method: 'POST', url: `${base}/residents/${id}/sessions/clear`, headers: admin });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ revoked: 2 });
    for (const s of [one, two]) {
      expect((await me(s.token)).statusCode).toBe(401);
      expect((await refresh(s.refreshToken)).statusCode).toBe(401);
    }
    const [{ n }] = await t.sql<{ n: number }>(
      'select count(*)::int as n from refresh_tokens where user_id = ? and revoked_at is null',
      [id],
    );
    expect(n).toBe(0);
    // Still enabled: they sign in again.
    expect((await appLogin()).statusCode).toBe(200);

    const three = (await appLogin()).json();
    expect((await put(id, { isActive: false })).json().isActive).toBe(false);
    expect((await me(three.token)).statusCode).toBe(401);
    expect((await put(id, { isActive: true })).json().isActive).toBe(true);
    expect((await appLogin()).statusCode).toBe(200);
  });
});

describe('the session limit (LimiteSesiones)', () => {
  it("a resident's new app sign-in past the limit ends their least recently used one; the back office is not limited", async () => {
    const login = (email: string, client: 'app' | 'admin') =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'demo1234', client } });
    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    await t.sql('update complexes set session_limit = 2 where id = ?', [alamos]);
    try {
      const sessions = [];
      for (let i = 0; i < 3; i++) sessions.push((await login('residente@demo.test', 'app')).json());
      expect((await me(sessions[0].token)).statusCode).toBe(401);
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken: sessions[0].refreshToken },
      });
      expect(refreshed.statusCode).toBe(401);
      for (const s of sessions.slice(1)) expect((await me(s.token)).statusCode).toBe(200);

      const staff = [];
      for (let i = 0; i < 3; i++) staff.push((await login('admin@demo.test', 'admin')).json());
      for (const s of staff) expect((await me(s.token)).statusCode).toBe(200);
    } finally {
      await t.sql('update complexes set session_limit = null where id = ?', [alamos]);
    }
  });
});

describe('the user limit (LimiteConfianza)', () => {
  it('refuses a resident with app access beyond the limit, on create, edit and re-enable', async () => {
    const active = async () =>
      (
        await t.sql<{ n: number }>(
          `select count(*)::int as n from users where residence_complex_id = ? and is_active and roles @> '["residente"]'::jsonb`,
          [alamos],
        )
      )[0].n;
    const disabled = (await post(person({ isActive: false }))).json();
    await t.sql('update complexes set trust_limit = ? where id = ?', [await active(), alamos]);
    try {
      const refused = await post(person());
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Ha alcanzado el límite de usuarios permitidos');
      // Without app access it does not count.
      expect((await post(person({ isActive: false }))).statusCode).toBe(201);
      expect((await put(disabled.id, { isActive: true }, admin, '/access')).statusCode).toBe(409);
      expect((await put(disabled.id, { isActive: true })).statusCode).toBe(409);
      // Editing an enabled resident is no new place.
      const [someone] = await t.sql<{ id: string }>('select id from users where residence_complex_id = ? and is_active limit 1', [
        alamos,
      ]);
      expect((await put(someone.id, { phone: '022345678' })).statusCode).toBe(200);

      await t.sql('update complexes set trust_limit = trust_limit + 1 where id = ?', [alamos]);
      expect((await put(disabled.id, { isActive: true }, admin, '/access')).statusCode).toBe(200);
      expect((await post(person())).statusCode).toBe(409);
    } finally {
      await t.sql('update complexes set trust_limit = null where id = ?', [alamos]);
    }
    expect((await post(person())).statusCode).toBe(201);
  });
});

describe('the password e-mails', () => {
  const mailsTo = (email: string) =>
    t.sql<{ subject: string; text: string; category: string; complex_id: string; created_by_name: string }>(
      'select subject, text, category, complex_id, created_by_name from mail_outbox where to_addresses @> ?::jsonb order by created_at',
      [JSON.stringify([email])],
    );
  const tokenIn = (text: string) => /#\/contrasena\/([\w-]{43})/.exec(text)?.[1];

  it('invites a new resident to set their password, who then signs in with it', async () => {
    const created = await post(person());
    expect(created.statusCode).toBe(201);
    const { id, email } = created.json();
    const [invite] = await mailsTo(email);
    expect(invite).toMatchObject({ category: 'auth.password-invite', complex_id: alamos });
    expect(invite.created_by_name).toBeTruthy();
    const token = tokenIn(invite.text);
    expect(token, invite.text).toBeDefined();
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-link',
      payload: { token, password: 'una-clave-segura' },
    });
    expect(set.statusCode, set.body).toBe(204);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'una-clave-segura', client: 'app' },
    });
    expect(login.statusCode, login.body).toBe(200);
    // A create that fails sends nothing: no mail for a taken e-mail.
    expect((await post(person({ email }))).statusCode).toBe(409);
    expect(await mailsTo(email)).toHaveLength(1);

    // Reset: a new link (2 h) replaces the old ones; only administrators send it; another complex's resident is 404.
    const reset = await t.app.inject({ method: 'POST', url: `${base}/residents/${id}/password-link`, headers: admin });
    expect(reset.statusCode, reset.body).toBe(202);
    expect(reset.json()).toMatchObject({ email });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1].category).toBe('auth.password-reset');
    expect(tokenIn(mails[1].text)).not.toBe(token);
    const board = await t.login('directiva@demo.test');
    expect(
      (await t.app.inject({ method: 'POST', url: `${base}/residents/${id}/password-link`, headers: board })).statusCode,
    ).toBe(403);
    const bosque = await t.complexId('bosque');
    const elsewhere = `/api/complexes/${bosque}/residents/${id}/password-link`;
    expect((await t.app.inject({ method: 'POST', url: elsewhere, headers: admin })).statusCode).toBe(404);
  });

  it('a retried create or reset (same Idempotency-Key) answers the first answer and e-mails once', async () => {
    const body = person();
    const headers = { ...admin, 'idempotency-key': `resident-${unique()}` };
    const [first, again] = [await post(body, headers), await post(body, headers)];
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    const resetHeaders = { ...admin, 'idempotency-key': `reset-${unique()}` };
    const reset = () =>
      t.app.inject({ method: 'POST', url: `${base}/residents/${first.json().id}/password-link`, headers: resetHeaders });
    expect((await reset()).statusCode).toBe(202);
    expect((await reset()).statusCode).toBe(202);
    expect((await mailsTo(body.email as string)).map((m) => m.category)).toEqual(['auth.password-invite', 'auth.password-reset']);
  });
});

describe('sessions and delete', () => {
  it("lists the resident's open sessions, and clearing them leaves none", async () => {
    const me = (await post(person())).json() as { id: string };
    // Two sign-ins (refresh families; the login's rate limit is spent by earlier tests): one rotated twice, one
    // whose token was revoked (ended: not listed).
    await t.sql(
      `insert into refresh_tokens (id, user_id, family_id, token_hash, expires_at, used_at, created_at) values
         (gen_random_uuid(), ?, '00000000-0000-7000-8000-000000000001', 'a', now() + interval '1 day', now(), now() - interval '2 hours'),
         (gen_random_uuid(), ?, '00000000-0000-7000-8000-000000000001', 'b', now() + interval '1 day', null, now() - interval '1 hour'),
         (gen_random_uuid(), ?, '00000000-0000-7000-8000-000000000002', 'c', now() + interval '1 day', null, now())`,
      [me.id, me.id, me.id],
    );
    await t.sql("update refresh_tokens set revoked_at = now() where token_hash = 'c' and user_id = ?", [me.id]);
    const sessions = await get(`/residents/${me.id}/sessions`);
    expect(sessions.statusCode).toBe(200);
    expect(sessions.json()).toHaveLength(1);
    const [one] = sessions.json();
    expect(one.id).toBe('00000000-0000-7000-8000-000000000001');
    expect(Date.parse(one.lastUsedAt) - Date.parse(one.createdAt)).toBeGreaterThan(3_000_000);
    expect(sessions.json()[0]).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      lastUsedAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect((await get(`/residents/${me.id}/sessions`, await t.login('directiva@demo.test'))).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `${base}/residents/${me.id}/sessions/clear`, headers: admin })).statusCode,
    ).toBe(200);
    expect((await get(`/residents/${me.id}/sessions`)).json()).toEqual([]);
  });

  it('deletes a resident: the unit is freed, the person anonymised and unable to sign in, the history kept and audited', async () => {
    const unit = await freeUnit();
    const body = person({ idNumber: `17${unique()}`, phone: '0990000000', unitId: unit.id, relation: 'owner' });
    const created = (await post(body)).json();
    const del = () => t.app.inject({ method: 'DELETE', url: `${base}/residents/${created.id}`, headers: admin });
    // Only an administrator; never from another complex.
    const board = await t.login('directiva@demo.test');
    expect((await t.app.inject({ method: 'DELETE', url: `${base}/residents/${created.id}`, headers: board })).statusCode).toBe(
      403,
    );
    const bosque = await t.complexId('bosque');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/complexes/${bosque}/residents/${created.id}`, headers: admin }))
        .statusCode,
    ).toBe(404);

    const res = await del();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, email: created.email });
    expect((await unitNamed(unit.number)).owner_id).toBeNull();
    const [user] = await t.sql<Record<string, unknown>>(
      'select first_name, email, id_number, phone, is_active, residence_complex_id, unit_id, roles, password_hash from users where id = ?',
      [created.id],
    );
    expect(user).toMatchObject({
      first_name: 'Residente',
      email: `eliminado.${created.id}@conjunto.invalid`,
      id_number: null,
      phone: null,
      is_active: false,
      residence_complex_id: null,
      unit_id: null,
      roles: [],
      password_hash: null,
    });
    expect((await get(`/residents/${created.id}`)).statusCode).toBe(404);
    expect((await del()).statusCode).toBe(404);
    // The C.I. and e-mail are free again.
    expect((await post(person({ email: body.email, idNumber: (body as { idNumber?: string }).idNumber }))).statusCode).toBe(201);
    const [entry] = await t.sql<{ action: string; description: string }>(
      "select action, description from audit_logs where resource = 'residents' and record_id = ? order by at desc limit 1",
      [created.id],
    );
    expect(entry).toMatchObject({ action: 'delete', description: `${created.firstName} ${created.lastName}` });
  });
});
