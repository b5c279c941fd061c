import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
beforeAll(async () => {
  // This file signs in far more than a person could (the per-address /api/auth limit is tested in rate-limit.test.ts).
  t = await startTestServer({ env: { RATE_LIMIT_AUTH: '10000' } });
});
afterAll(() => t?.close());

const login = (email: string, password = 'demo1234', ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

describe('sign-in (spec 002 §5, §8)', () => {
  it('answers tokens and the user with roles and the active complexes', async () => {
    const res = await login('admin@demo.test');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.refreshToken).toMatch(/^[0-9a-f-]{36}\./);
    expect(body.user).toMatchObject({ email: 'admin@demo.test', roles: ['administrador'], legalAccepted: true });
    expect(body.user.complexes.map((c: { name: string }) => c.name).sort()).toEqual([
      'Conjunto El Bosque',
      'Conjunto Los Álamos',
    ]);
    expect(body.user).not.toHaveProperty('passwordHash');
  });

  it('gives one demo account the test role, which shows the language selector (README: the English UI)', async () => {
    expect((await login('multi@demo.test')).json().user.roles).toContain('test');
  });

  it('accepts the e-mail in any case', async () => {
    expect((await login('ADMIN@Demo.Test')).statusCode).toBe(200);
  });

  it("refuses a wrong password or unknown e-mail with 'Usuario o contraseña incorrectos'", async () => {
    for (const res of [await login('admin@demo.test', 'wrong'), await login('nadie@demo.test')]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Usuario o contraseña incorrectos', code: 'BAD_CREDENTIALS' });
    }
  });

  it("refuses a disabled user with '¡No tienes permisos para acceder!' and the reason; signs a resident in to their area", async () => {
    const disabled = await login('inactivo@demo.test');
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json()).toEqual({
      code: 'ACCOUNT_DISABLED',
      message: '¡No tienes permisos para acceder! Tu cuenta está deshabilitada; comunícate con la administración.',
    });
    // Issue 12: residents sign in on the same page and land on /residente.
    const resident = await login('residente@demo.test');
    expect(resident.statusCode).toBe(200);
    expect(resident.json().user.roles).toEqual(['residente']);
    expect(resident.json().user.complexes.map((c: { name: string }) => c.name)).toEqual(['Conjunto Los Álamos']);
  });

  it('signs residents in through the app client, and refuses back-office users there', async () => {
    const app = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'demo1234', client: 'app' } });
    const resident = await app('residente@demo.test');
    expect(resident.statusCode).toBe(200);
    expect(resident.json().user.complexes.map((c: { name: string }) => c.name)).toEqual(['Conjunto Los Álamos']);
    expect((await app('admin@demo.test')).json().message).toBe('¡No tienes permisos para acceder!');
  });

  it('locks an account after 5 failures in 15 minutes, from any address, with Retry-After', async () => {
    await t.sql('delete from login_failures');
    for (let i = 0; i < 5; i++) expect((await login('directiva@demo.test', 'bad', `10.9.9.${i}`)).statusCode).toBe(401);
    for (const ip of ['10.9.9.9', '10.9.8.8']) {
      const blocked = await login('directiva@demo.test', 'demo1234', ip);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        message: 'Demasiados intentos fallidos. Inténtelo de nuevo en unos minutos.',
        code: 'TOO_MANY_ATTEMPTS',
      });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    }
    // The lock is kept in the database, so every server process sees it.
    expect(await t.sql("select count from login_failures where key = 'account:directiva@demo.test'")).toEqual([{ count: 7 }]);
    await t.sql('delete from login_failures');
    expect((await login('directiva@demo.test', 'demo1234', '10.9.8.8')).statusCode).toBe(200);
  });

  it('compares e-mails in one normalised form: a look-alike (Turkish İ) is another account, a full-width spelling the same one', async () => {
    await t.sql('delete from login_failures');
    for (let i = 0; i < 5; i++) expect((await login('guardia@demo.test', 'bad', '10.7.0.1')).statusCode).toBe(401);
    // JavaScript lower-cases İ to 'i̇' and PostgreSQL's lower() to 'i': before, this signed into the locked account.
    const turkish = await login('guardİa@demo.test', 'demo1234', '10.7.0.2');
    expect(turkish.statusCode).toBe(401);
    expect((await login('ＧＵＡＲＤＩＡ@demo.test', 'demo1234', '10.7.0.3')).statusCode).toBe(429);
    await t.sql('delete from login_failures');
    expect((await login(' ＧＵＡＲＤＩＡ@Demo.Test ', 'demo1234', '10.7.0.3')).statusCode).toBe(200);
  });

  it('processes at most 5 of 40 concurrent wrong attempts on one account', async () => {
    await t.sql('delete from login_failures');
    const answers = await Promise.all(Array.from({ length: 40 }, () => login('parkey@demo.test', 'bad', '10.6.0.1')));
    const processed = answers.filter((r) => r.statusCode === 401).length;
    expect(answers.filter((r) => r.statusCode === 429).length).toBe(40 - processed);
    expect(processed).toBe(5);
    await t.sql('delete from login_failures');
  });

  it('limits one address spraying a password over many accounts to 20 failures in 15 minutes', async () => {
    await t.sql('delete from login_failures');
    for (let i = 0; i < 20; i++) expect((await login(`victima${i}@demo.test`, 'Verano2026', '10.5.0.1')).statusCode).toBe(401);
    expect((await login('victima20@demo.test', 'Verano2026', '10.5.0.1')).statusCode).toBe(429);
    // Even a right password from that address waits; other addresses are not affected.
    expect((await login('admin@demo.test', 'demo1234', '10.5.0.1')).statusCode).toBe(429);
    expect((await login('admin@demo.test', 'demo1234', '10.5.0.2')).statusCode).toBe(200);
    await t.sql('delete from login_failures');
  });

  it('does not count successful sign-ins against the address', async () => {
    await t.sql('delete from login_failures');
    for (let i = 0; i < 25; i++) expect((await login('admin@demo.test', 'demo1234', '10.4.0.1')).statusCode).toBe(200);
  });

  it('refuses a user whose complexes are all disabled, except a company (empresa)', async () => {
    const colina = await t.complexId('colina');
    const alamos = await t.complexId('alamos');
    const bosque = await t.complexId('bosque');
    await t.sql('update complexes set is_active = false where id in (?, ?, ?)', [colina, alamos, bosque]);
    try {
      const res = await login('admin2@demo.test');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Los conjuntos de este usuario están deshabilitados.');
      const empresa = await login('empresa@demo.test');
      expect(empresa.statusCode).toBe(200);
      expect(empresa.json().user.complexes).toEqual([]);
    } finally {
      await t.sql('update complexes set is_active = true where id in (?, ?, ?)', [colina, alamos, bosque]);
    }
  });
});

describe('tokens', () => {
  it('rotates refresh tokens and revokes the whole family when a spent one is replayed', async () => {
    const first = (await login('guardia@demo.test')).json();
    const refresh = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: token } });
    const second = await refresh(first.refreshToken);
    expect(second.statusCode).toBe(200);
    expect(second.json().refreshToken).not.toBe(first.refreshToken);
    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('REFRESH_REUSED');
    // The thief's replay also ended the legitimate holder's newer token.
    expect((await refresh(second.json().refreshToken)).statusCode).toBe(401);
  });

  it('ends a sign-in on logout', async () => {
    const session = (await login('parkey@demo.test')).json();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: session.refreshToken } }))
        .statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: session.refreshToken } }))
        .statusCode,
    ).toBe(401);
  });

  it('rejects missing, forged and unsigned tokens with 401', async () => {
    const me = (authorization?: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/me', headers: authorization ? { authorization } : {} });
    expect((await me()).statusCode).toBe(401);
    const { authorization } = await t.login('admin@demo.test');
    const [header, payload] = authorization.slice(7).split('.');
    expect((await me(`Bearer ${header}.${payload}.forged`)).statusCode).toBe(401);
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await me(`Bearer ${none}.${payload}.`)).statusCode).toBe(401);
    expect((await me(authorization)).statusCode).toBe(200);
  });

  it('cuts a disabled user off at once, even with a valid access token', async () => {
    const headers = await t.login('multi@demo.test');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(200);
    await t.sql("update users set is_active = false where email = 'multi@demo.test'");
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(401);
    } finally {
      await t.sql("update users set is_active = true where email = 'multi@demo.test'");
    }
  });
});

describe('ending sessions (password change, logout, refresh reuse)', () => {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  /** Status of the two kinds of authenticated request: /api/auth/me (authenticate) and a complex route (tenancy). */
  const statuses = async (token: string) => {
    const alamos = await t.complexId('alamos');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    const units = await t.app.inject({ method: 'GET', url: `/api/complexes/${alamos}/units`, headers: bearer(token) });
    return [me.statusCode, units.statusCode];
  };
  const refresh = (refreshToken: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
  const changePassword = (token: string, currentPassword: string, newPassword: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/auth/me/password',
      headers: bearer(token),
      payload: { currentPassword, newPassword },
    });

  it("changing one's password ends every other sign-in at once, and this device gets a new session", async () => {
    await t.sql('delete from login_failures');
    const phone = (await login('directiva@demo.test', 'demo1234', '10.3.0.1')).json();
    const laptop = (await login('directiva@demo.test', 'demo1234', '10.3.0.2')).json();
    expect(await statuses(phone.token)).toEqual([200, 200]);

    const wrong = await changePassword(laptop.token, 'no-es', 'nueva-clave-1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: 'La contraseña actual no es correcta.',
      code: 'VALIDATION',
      errors: { currentPassword: 'La contraseña actual no es correcta.' },
    });
    const short = await changePassword(laptop.token, 'demo1234', 'corta');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ newPassword: 'Mínimo 8 caracter(es).' });
    expect((await changePassword(laptop.token, 'demo1234', 'demo1234')).json().errors).toEqual({
      newPassword: 'La nueva contraseña debe ser distinta de la actual.',
    });

    const changed = await changePassword(laptop.token, 'demo1234', 'nueva-clave-1');
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json();
    expect(fresh.refreshToken).toMatch(/^[0-9a-f-]{36}\./);
    // The other device and the laptop's own older tokens stop at once, on both kinds of route.
    expect(await statuses(phone.token)).toEqual([401, 401]);
    expect(await statuses(laptop.token)).toEqual([401, 401]);
    expect((await refresh(phone.refreshToken)).statusCode).toBe(401);
    expect((await refresh(laptop.refreshToken)).statusCode).toBe(401);
    expect(await statuses(fresh.token)).toEqual([200, 200]);
    expect((await login('directiva@demo.test', 'demo1234', '10.3.0.3')).statusCode).toBe(401);
    expect((await login('directiva@demo.test', 'nueva-clave-1', '10.3.0.3')).statusCode).toBe(200);
    expect((await changePassword(fresh.token, 'nueva-clave-1', 'demo1234')).statusCode).toBe(200);
    await t.sql('delete from login_failures');
  });

  it('a password set or a disable by staff ends every sign-in of that user', async () => {
    const staff = await t.login('superadmin@demo.test');
    const [{ id }] = await t.sql<{ id: string }>("select id from users where email = 'guardia@demo.test'");
    for (const change of [{ password: 'demo1234' }, { isActive: false }]) {
      const session = (await login('guardia@demo.test', 'demo1234', '10.3.1.1')).json();
      expect(await statuses(session.token)).toEqual([200, 200]);
      const res = await t.app.inject({ method: 'PUT', url: `/api/platform/users/${id}`, headers: staff, payload: change });
      expect(res.statusCode, res.body).toBe(200);
      await t.sql('update users set is_active = true where id = ?', [id]);
      // Even once active again, the sessions from before stay ended.
      expect(await statuses(session.token)).toEqual([401, 401]);
      expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    }
  });

  it("logout ends that sign-in's access token at once, and only that sign-in", async () => {
    const one = (await login('parkey@demo.test', 'demo1234', '10.3.2.1')).json();
    const other = (await login('parkey@demo.test', 'demo1234', '10.3.2.2')).json();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(one.token), payload: {} });
    expect(res.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(one.token) })).statusCode).toBe(401);
    expect((await refresh(one.refreshToken)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(other.token) })).statusCode).toBe(200);
  });

  it('a replayed refresh token ends the access tokens of its sign-in at once', async () => {
    const first = (await login('multi@demo.test', 'demo1234', '10.3.3.1')).json();
    const second = (await refresh(first.refreshToken)).json();
    expect(await statuses(second.token)).toEqual([200, 200]);
    expect((await refresh(first.refreshToken)).json().code).toBe('REFRESH_REUSED');
    expect(await statuses(second.token)).toEqual([401, 401]);
    expect(await statuses(first.token)).toEqual([401, 401]);
  });
});

describe('the browser admin keeps its refresh token in an httpOnly cookie', () => {
  const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
    res.cookies.find((c) => c.name === 'conjunto_refresh');
  const adminLogin = (host = 'localhost:3000') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host },
      payload: { email: 'empresa@demo.test', password: 'demo1234', refreshTokenIn: 'cookie' },
      remoteAddress: '10.2.0.1',
    });

  it('sets it HttpOnly, SameSite=Strict, Path=/api/auth (Secure outside localhost) and never in the body', async () => {
    const res = await adminLogin();
    expect(res.statusCode).toBe(200);
    expect(res.json().refreshToken).toBeUndefined();
    expect(res.json().token).toBeTruthy();
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(
      /^conjunto_refresh=[0-9a-f-]{36}\.[\w-]+; Max-Age=2592000; Path=\/api\/auth; HttpOnly; SameSite=Strict$/,
    );
    expect(String((await adminLogin('conjunto.example.com')).headers['set-cookie'])).toMatch(/; Secure/);
    // The residents' app and API clients keep receiving it in the body.
    const app = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'residente@demo.test', password: 'demo1234', client: 'app', refreshTokenIn: 'cookie' },
    });
    expect(app.json().refreshToken).toMatch(/^[0-9a-f-]{36}\./);
    expect(app.headers['set-cookie']).toBeUndefined();
  });

  it('refreshes from the cookie (rotating it), refuses a replayed one and clears it on logout', async () => {
    const first = cookieOf(await adminLogin())!;
    const refresh = (value: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { conjunto_refresh: value }, payload: {} });
    const rotated = await refresh(first.value);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().refreshToken).toBeUndefined();
    const second = cookieOf(rotated)!;
    expect(second.value).not.toBe(first.value);
    const third = cookieOf(await refresh(second.value))!;
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { conjunto_refresh: third.value },
      payload: {},
    });
    expect(logout.statusCode).toBe(204);
    expect(cookieOf(logout)?.value).toBe('');
    const after = await refresh(third.value);
    expect(after.statusCode).toBe(401);
    expect(cookieOf(after)?.value).toBe('');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: {} })).statusCode).toBe(401);
  });
});

describe('terms and conditions', () => {
  it('stores AceptaAcuerdoLegal with its date', async () => {
    const session = (await login('admin2@demo.test')).json();
    expect(session.user.legalAccepted).toBe(false);
    const headers = { authorization: `Bearer ${session.token}` };
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/auth/me/terms', headers, payload: { accepted: false } })).statusCode,
    ).toBe(400);
    const res = await t.app.inject({ method: 'PUT', url: '/api/auth/me/terms', headers, payload: { accepted: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json().legalAccepted).toBe(true);
    expect(Date.now() - Date.parse(res.json().legalAcceptedAt)).toBeLessThan(60_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).json().legalAccepted).toBe(true);
  });
});
