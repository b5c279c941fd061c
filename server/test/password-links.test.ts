// Password links (invite / reset): issued by the host's function, checked and spent through /api/auth/password-link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVITE_LINK_HOURS,
  issuePasswordLink,
  PASSWORD_LINK_MESSAGES,
  type PasswordLinkPurpose,
  passwordLinkUrl,
  queuePasswordLinkMail,
  RESET_LINK_HOURS,
} from '../src/auth/password-links.ts';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { RATE_LIMIT_AUTH: '10000', PUBLIC_URL: 'https://conjunto.example.com/' } });
});
afterAll(() => t?.close());

const INVALID = { code: 'PASSWORD_LINK_INVALID', message: PASSWORD_LINK_MESSAGES.invalid };

async function userId(email: string): Promise<string> {
  const [row] = await t.sql<{ id: string }>('select id from users where email = ?', [email]);
  return row.id;
}

async function issue(id: string, purpose: PasswordLinkPurpose = 'reset') {
  const em = t.db.orm.em.fork();
  return em.transactional((tx) => issuePasswordLink(tx, { userId: id, purpose }));
}

const issueFor = async (email: string, purpose: PasswordLinkPurpose = 'reset') => issue(await userId(email), purpose);

const check = (token: unknown, ip = '10.1.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-link/check', payload: { token }, remoteAddress: ip });
const setPassword = (token: unknown, password: unknown, ip = '10.1.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-link', payload: { token, password }, remoteAddress: ip });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: '10.2.0.1' });

describe('password links', () => {
  it('are checked, set the password once, and the new password signs in', async () => {
    const { token, expiresAt } = await issueFor('admin2@demo.test', 'invite');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan((INVITE_LINK_HOURS - 0.1) * 3_600_000);
    const [stored] = await t.sql<{ token_hash: string }>(
      'select token_hash from password_links order by created_at desc limit 1',
    );
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.token_hash).not.toContain(token);

    const checked = await check(token);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ email: 'admin2@demo.test', purpose: 'invite', expiresAt: expiresAt.toISOString() });

    const set = await setPassword(token, 'nueva-clave-1');
    expect(set.statusCode).toBe(204);
    expect((await login('admin2@demo.test', 'nueva-clave-1')).statusCode).toBe(200);
    expect((await login('admin2@demo.test', 'demo1234')).statusCode).toBe(401);

    // Single use.
    for (const res of [await check(token), await setPassword(token, 'otra-clave-2')]) {
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual(INVALID);
    }
    expect((await login('admin2@demo.test', 'nueva-clave-1')).statusCode).toBe(200);
  });

  it('end every sign-in of the user: refresh tokens revoked, access tokens refused', async () => {
    const signedIn = (await login('directiva@demo.test', 'demo1234')).json();
    const { token } = await issueFor('directiva@demo.test');
    expect((await setPassword(token, 'clave-de-directiva')).statusCode).toBe(204);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: signedIn.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${signedIn.token}` } });
    expect(me.statusCode).toBe(401);
  });

  it('expire', async () => {
    const { token, expiresAt } = await issueFor('admin@demo.test');
    expect(expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(RESET_LINK_HOURS * 3_600_000);
    expect((await check(token)).statusCode).toBe(200);
    await t.sql("update password_links set expires_at = now() - interval '1 second' where used_at is null");
    expect((await check(token)).json()).toEqual(INVALID);
    expect((await setPassword(token, 'cualquier-clave')).statusCode).toBe(410);
    expect((await login('admin@demo.test', 'demo1234')).statusCode).toBe(200);
  });

  it('are superseded by a newer link of the same user, of either purpose', async () => {
    const older = await issueFor('admin@demo.test', 'invite');
    const newer = await issueFor('admin@demo.test', 'reset');
    expect((await check(older.token)).statusCode).toBe(410);
    expect((await check(newer.token)).json()).toMatchObject({ purpose: 'reset' });
    // Another user's link is untouched.
    const other = await issueFor('multi@demo.test');
    expect((await check(newer.token)).statusCode).toBe(200);
    expect((await check(other.token)).statusCode).toBe(200);
  });

  it('answer 400, never 500, to malformed tokens, and apply the password rules of /me/password', async () => {
    for (const token of ['', 'abc', `${'a'.repeat(42)}=`, 'a'.repeat(44), `${'a'.repeat(42)}\u0000`, 'ñ'.repeat(43), 42, null]) {
      expect((await check(token)).statusCode, JSON.stringify(token)).toBe(400);
      expect((await setPassword(token, 'buena-clave-1')).statusCode, JSON.stringify(token)).toBe(400);
    }
    // A well-formed unknown token: the same 410 as a spent one.
    expect((await check('a'.repeat(43))).json()).toEqual(INVALID);

    const { token } = await issueFor('multi@demo.test');
    const short = await setPassword(token, 'corta');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ password: 'Mínimo 8 caracter(es).' });
    expect((await setPassword(token, 'x'.repeat(201))).statusCode).toBe(400);
    expect((await check(token)).statusCode).toBe(200);
  });

  it('count wrong tokens per address and refuse past the limit', async () => {
    const ip = '10.9.9.9';
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await check('b'.repeat(43), ip)).statusCode;
    expect(last).toBe(429);
    const { token } = await issueFor('admin@demo.test');
    expect((await check(token, ip)).statusCode).toBe(429);
    expect((await check(token, '10.9.9.10')).statusCode).toBe(200);
  });

  it('go out by e-mail in the outbox with the link, in Spanish, naming the complex', async () => {
    const complexId = await t.complexId('alamos');
    const id = await userId('admin@demo.test');
    const em = t.db.orm.em.fork();
    const { mailId, expiresAt } = await queuePasswordLinkMail(em, {
      mail: t.app.mail,
      userId: id,
      purpose: 'invite',
      complexId,
      origin: t.app.publicUrl,
      actor: { userId: null, userName: 'Administración' },
    });
    expect(expiresAt.getTime()).toBeGreaterThan(Date.now());
    const [mail] = await t.sql<{ subject: string; text: string; to_addresses: string[]; complex_id: string; category: string }>(
      'select subject, text, to_addresses, complex_id, category from mail_outbox where id = ?',
      [mailId],
    );
    expect(mail).toMatchObject({
      subject: 'Bienvenido a Conjunto: cree su contraseña',
      to_addresses: ['admin@demo.test'],
      complex_id: complexId,
      category: 'auth.password-invite',
    });
    expect(mail.text).toContain('Conjunto Los Álamos');
    expect(mail.text).toContain('72 horas');
    const token = /https:\/\/conjunto\.example\.com\/#\/contrasena\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    expect(passwordLinkUrl({ publicUrl: t.app.publicUrl }, token!)).toBe(`https://conjunto.example.com/#/contrasena/${token}`);
    expect((await check(token)).json()).toMatchObject({ email: 'admin@demo.test', purpose: 'invite' });

    const reset = await queuePasswordLinkMail(em, { mail: t.app.mail, userId: id, purpose: 'reset', origin: 'http://x.test' });
    const [resetMail] = await t.sql<{ subject: string; text: string }>('select subject, text from mail_outbox where id = ?', [
      reset.mailId,
    ]);
    expect(resetMail.subject).toBe('Restablezca su contraseña');
    expect(resetMail.text).toContain('2 horas');
    // The reset superseded the invitation.
    expect((await check(token)).statusCode).toBe(410);
  });

  it('leave no link when the mail cannot be queued (same transaction)', async () => {
    const id = await userId('multi@demo.test');
    const before = await t.sql<{ n: number }>('select count(*)::int as n from password_links where user_id = ?', [id]);
    await t.sql("update users set email = 'no-es-correo' where id = ?", [id]);
    try {
      await expect(
        queuePasswordLinkMail(t.db.orm.em.fork(), { mail: t.app.mail, userId: id, purpose: 'reset', origin: 'http://x.test' }),
      ).rejects.toThrow();
    } finally {
      await t.sql("update users set email = 'multi@demo.test' where id = ?", [id]);
    }
    const after = await t.sql<{ n: number }>('select count(*)::int as n from password_links where user_id = ?', [id]);
    expect(after).toEqual(before);
  });

  it("join the caller's transaction: a rollback there drops both the link and the mail", async () => {
    const id = await userId('multi@demo.test');
    const count = async () =>
      (
        await t.sql<{ links: number; mails: number }>(
          `select (select count(*)::int from password_links where user_id = ?) as links,
                  (select count(*)::int from mail_outbox where to_addresses @> '["multi@demo.test"]'::jsonb) as mails`,
          [id],
        )
      )[0];
    const before = await count();
    await expect(
      t.db.orm.em.fork().transactional(async (tx) => {
        await queuePasswordLinkMail(tx, { mail: t.app.mail, userId: id, purpose: 'invite', origin: 'http://x.test' });
        throw new Error('the caller fails afterwards');
      }),
    ).rejects.toThrow('the caller fails afterwards');
    expect(await count()).toEqual(before);
  });
});
