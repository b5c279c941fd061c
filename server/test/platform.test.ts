import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listQuery, startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
let staff: { authorization: string };
beforeAll(async () => {
  t = await startTestServer();
  staff = await t.login('superadmin@demo.test');
});
afterAll(() => t?.close());

describe('platform staff', () => {
  it('only platform staff reach /api/platform (403 otherwise)', async () => {
    for (const email of ['admin@demo.test', 'empresa@demo.test']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/platform/users', headers: await t.login(email) });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/platform/users' })).statusCode).toBe(401);
  });

  it('creates a company, a complex of it, and an administrator who can sign in to it', async () => {
    const company = await t.app.inject({
      method: 'POST',
      url: '/api/platform/companies',
      headers: staff,
      payload: { name: 'Constructora Norte', ruc: '1790000000001' },
    });
    expect(company.statusCode).toBe(201);
    const complex = await t.app.inject({
      method: 'POST',
      url: '/api/platform/complexes',
      headers: staff,
      payload: { name: 'Conjunto Nuevo', companyId: company.json().id, city: 'Cuenca', themeColor: '#123' },
    });
    expect(complex.statusCode).toBe(201);
    expect(complex.json()).toMatchObject({ name: 'Conjunto Nuevo', isActive: true });
    const user = await t.app.inject({
      method: 'POST',
      url: '/api/platform/users',
      headers: staff,
      payload: {
        firstName: 'Nora',
        lastName: 'Nueva',
        email: 'Nora@Nuevo.test',
        roles: ['administrador'],
        complexIds: [complex.json().id],
        password: 'segura123',
        idNumber: '0102030405',
      },
    });
    expect(user.statusCode).toBe(201);
    expect(user.json()).toMatchObject({ email: 'nora@nuevo.test', complexIds: [complex.json().id] });
    expect(user.json()).not.toHaveProperty('password');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nora@nuevo.test', password: 'segura123' },
    });
    expect(login.json().user.complexes.map((c: { name: string }) => c.name)).toEqual(['Conjunto Nuevo']);

    const admins = await t.app.inject({
      method: 'GET',
      url: `/api/platform/users${listQuery({ filter: { roles: 'administrador' } })}`,
      headers: staff,
    });
    expect(
      admins
        .json()
        .map((u: { email: string }) => u.email)
        .sort(),
    ).toEqual(['admin2@demo.test', 'admin@demo.test', 'inactivo@demo.test', 'multi@demo.test', 'nora@nuevo.test']);
    const everyone = await t.app.inject({
      method: 'GET',
      url: `/api/platform/users${listQuery({ range: [0, 0] })}`,
      headers: staff,
    });
    const staffOnly = await t.app.inject({
      method: 'GET',
      url: `/api/platform/users${listQuery({ filter: { staff: true }, range: [0, 999] })}`,
      headers: staff,
    });
    expect(staffOnly.json().every((u: { roles: string[] }) => u.roles.some((r) => r !== 'residente'))).toBe(true);
    expect(staffOnly.json().length).toBe(10); // the 9 demo staff accounts and Nora
    expect(everyone.headers['content-range']).toMatch(/\/1\d\d$/);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/platform/users${listQuery({ filter: { q: 'nora' } })}`,
      headers: staff,
    });
    expect(list.json().map((u: { email: string }) => u.email)).toEqual(['nora@nuevo.test']);
    expect(list.headers['content-range']).toBe('users 0-0/1');
  });

  it("refuses a duplicate e-mail ('¡Correo ya registrado!'), a duplicate or malformed C.I., roles it does not know, no password", async () => {
    const base = { firstName: 'A', lastName: 'B', roles: ['administrador'], password: 'segura123' };
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/platform/users', headers: staff, payload });
    const dupEmail = await post({ ...base, email: 'ADMIN@demo.test' });
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json().message).toBe('¡Correo ya registrado!');
    expect((await post({ ...base, email: 'x1@demo.test', idNumber: '1700000002' })).json().message).toBe(
      '¡C.I. o RUC ya registrado!',
    );
    expect((await post({ ...base, email: 'x2@demo.test', idNumber: '17-00' })).json().message).toBe(
      '¡Solo se permiten números, + y /!',
    );
    expect((await post({ ...base, email: 'x3@demo.test', roles: ['rey'] })).statusCode).toBe(400);
    expect((await post({ ...base, email: 'no-es-correo' })).json().errors.email).toBe('Correo inválido.');
    const { password: _p, ...noPassword } = base;
    expect((await post({ ...noPassword, email: 'x4@demo.test' })).statusCode).toBe(400);
  });

  it("disabling a complex blocks its residents and its staff's access to it, and is audited", async () => {
    const colina = await t.complexId('colina');
    const admin2 = await t.login('admin2@demo.test');
    expect((await t.app.inject({ method: 'GET', url: `/api/complexes/${colina}/units`, headers: admin2 })).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/platform/complexes/${colina}`,
      headers: staff,
      payload: { isActive: false },
    });
    expect(res.json().isActive).toBe(false);
    expect(await t.sql('select distinct is_active from users where residence_complex_id = ?', [colina])).toEqual([
      { is_active: false },
    ]);
    expect((await t.app.inject({ method: 'GET', url: `/api/complexes/${colina}/units`, headers: admin2 })).statusCode).toBe(404);
    const [entry] = await t.sql<{ changes: Record<string, unknown> }>(
      "select changes from audit_logs where complex_id = ? and resource = 'complexes' order by at desc limit 1",
      [colina],
    );
    expect(entry.changes).toEqual({ isActive: [true, false] });
    await t.app.inject({ method: 'PUT', url: `/api/platform/complexes/${colina}`, headers: staff, payload: { isActive: true } });
    expect(await t.sql('select distinct is_active from users where residence_complex_id = ?', [colina])).toEqual([
      { is_active: true },
    ]);
  });
});

describe('complex and company fields', () => {
  it('requires a RUC of 13 digits', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/platform/companies',
      headers: staff,
      payload: { name: 'Sin RUC válido', ruc: '12345' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ ruc: 'Formato inválido.' });
    const complex = await t.app.inject({
      method: 'POST',
      url: '/api/platform/complexes',
      headers: staff,
      payload: { name: 'Conjunto RUC', ruc: 'ABCDEFGHIJKLM' },
    });
    expect(complex.statusCode).toBe(400);
  });

  it("names the company's own colour field when it is not a hex colour", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/platform/companies',
      headers: staff,
      payload: { name: 'Colorida', color: 'red' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ color: 'invalid hex color format' });
  });
});
