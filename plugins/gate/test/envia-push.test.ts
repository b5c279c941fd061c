// The spec's POST qrcode/envia_push/ (spec 002 §7, §9): guards and the office push a notification to app devices of
// users of their complex through the host's outbox, the title cut to 60; tokens of other complexes (or of no one)
// are left out alike, and a call with none of the complex's answers 422; residents and the board may not call it;
// bad input is a 400 that queues nothing; a retried call with the same Idempotency-Key notifies once.
import { startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENVIA_PUSH_MESSAGES, PUSH_TITLE_MAX } from '../server/envia-push.ts';
import gate from '../server/index.ts';

let t: TestServer;
let alamos: string;
let colina: string;
let guard: { authorization: string };
let admin: { authorization: string };
let resident: { authorization: string };
let residentId: string;
/** A device of a resident of Los Álamos, of a resident of La Colina. */
const OWN_TOKEN = 'fcm-alamos-resident-token:APA91b0000000000000001';
const OTHER_TOKEN = 'fcm-colina-resident-token:APA91b0000000000000002';

const appLogin = async (email: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'demo1234', client: 'app' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().token}` };
};
const url = (complexId = alamos) => `/api/complexes/${complexId}/qrcode/envia_push/`;
const send = (headers: object, payload: unknown, complexId = alamos, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: url(complexId),
    headers: { ...(headers as Record<string, string>), ...extra },
    payload: payload as object,
  });
const outbox = () =>
  t.sql<{ user_id: string; title: string; body: string; complex_id: string }>(
    "select user_id, title, body, complex_id from push_outbox where category = 'gate.push' order by created_at",
  );
const registerDevice = async (headers: object, token: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/push/devices',
    headers: headers as Record<string, string>,
    payload: { token, platform: 'android' },
  });
  expect(res.statusCode, res.body).toBe(201);
};

beforeAll(async () => {
  t = await startTestServer({ plugins: [gate] });
  alamos = await t.complexId('alamos');
  colina = await t.complexId('colina');
  guard = await t.login('guardia@demo.test');
  admin = await t.login('admin@demo.test');
  resident = await appLogin('residente@demo.test');
  [{ id: residentId }] = await t.sql<{ id: string }>("select id from users where email = 'residente@demo.test'");
  await registerDevice(resident, OWN_TOKEN);
  // A resident of La Colina registers their phone: their token must never be reachable from Los Álamos.
  const [other] = await t.sql<{ email: string }>(
    'select email from users where residence_complex_id = ? and roles @> \'["residente"]\'::jsonb and is_active order by email limit 1',
    [colina],
  );
  await t.sql(
    "update users set password_hash = (select password_hash from users where email = 'residente@demo.test') where email = ?",
    [other.email],
  );
  await t.sql('update users set legal_accepted = true where email = ?', [other.email]);
  await registerDevice(await appLogin(other.email), OTHER_TOKEN);
});
afterAll(() => t?.close());

describe('POST qrcode/envia_push/', () => {
  it("queues the notification for the token's owner, the title cut to 60 characters, and tells what was left out", async () => {
    const long = `Aviso de la garita: ${'x'.repeat(80)}`;
    const res = await send(guard, {
      titulo: long,
      mensaje: 'Su visita llegó.',
      tokens_dispositivo: [OWN_TOKEN, OTHER_TOKEN, 'no-es-de-nadie-0000000000000'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ titulo: long.slice(0, PUSH_TITLE_MAX), enviados: 1, descartados: 2 });
    const rows = await outbox();
    expect(rows).toEqual([
      { user_id: residentId, title: long.slice(0, PUSH_TITLE_MAX), body: 'Su visita llegó.', complex_id: alamos },
    ]);
    // The audit log names the sender's action, not the tokens.
    const audits = await t.sql<{ action: string; changes: string }>(
      "select action, changes::text as changes from audit_logs where resource = 'qrcode'",
    );
    expect(audits).toHaveLength(1);
    expect(audits[0].action).toBe('envia_push');
    expect(audits[0].changes).not.toContain(OWN_TOKEN);
  });

  it('never reaches a device of another complex: only such tokens answer 422 and queue nothing', async () => {
    const before = (await outbox()).length;
    const res = await send(admin, { titulo: 'Hola', mensaje: 'Prueba', tokens_dispositivo: [OTHER_TOKEN] });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'NO_RECIPIENTS', message: ENVIA_PUSH_MESSAGES.noRecipients });
    expect((await outbox()).length).toBe(before);
    // An unknown token answers the same: nothing tells a foreign token from a made-up one.
    const unknown = await send(admin, {
      titulo: 'Hola',
      mensaje: 'Prueba',
      tokens_dispositivo: ['inventado-000000000000000000'],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual(res.json());
  });

  it('lets guards and the office call it, not residents nor a user of another complex', async () => {
    const payload = { titulo: 'Hola', mensaje: 'Prueba', tokens_dispositivo: [OWN_TOKEN] };
    expect((await send(resident, payload)).statusCode).toBe(403);
    expect((await send(await t.login('directiva@demo.test'), payload)).statusCode).toBe(403);
    expect((await send(await t.login('admin2@demo.test'), payload)).statusCode).toBe(404);
    // Through La Colina, the Los Álamos resident's token is no one's.
    const staff = await t.login('superadmin@demo.test');
    expect((await send(staff, payload, colina)).statusCode).toBe(422);
    expect((await send(admin, payload)).statusCode).toBe(200);
  });

  it('refuses bad input with a 400 and queues nothing', async () => {
    const before = (await outbox()).length;
    const ok = { titulo: 'Hola', mensaje: 'Prueba', tokens_dispositivo: [OWN_TOKEN] };
    for (const bad of [
      {},
      { ...ok, titulo: '' },
      { ...ok, titulo: '   ' },
      { ...ok, mensaje: '  ' },
      { ...ok, titulo: 'a\u0000b' },
      { ...ok, tokens_dispositivo: [] },
      { ...ok, tokens_dispositivo: 'texto' },
      { ...ok, tokens_dispositivo: Array.from({ length: 101 }, (_, i) => `token-de-prueba-${String(i).padStart(10, '0')}`) },
      { ...ok, tokens_dispositivo: ['con espacios y caracteres raros <script>'] },
      { ...ok, mensaje: 'x'.repeat(501) },
    ]) {
      const res = await send(guard, bad);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 120)).toBe(400);
    }
    expect((await outbox()).length).toBe(before);
    // A complex named in the body changes nothing: the path's complex decides (and its users' devices).
    const moved = await send(guard, { ...ok, complexId: colina, complex_id: colina });
    expect(moved.statusCode, moved.body).toBe(200);
    const rows = await outbox();
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)?.complex_id).toBe(alamos);
  });

  it('notifies once for a call retried with the same Idempotency-Key', async () => {
    const before = (await outbox()).length;
    const payload = { titulo: 'Una sola vez', mensaje: 'Prueba', tokens_dispositivo: [OWN_TOKEN] };
    const key = { 'idempotency-key': 'envia-push-retry-1' };
    const first = await send(guard, payload, alamos, key);
    const second = await send(guard, payload, alamos, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotency-replayed']).toBe('true');
    expect((await outbox()).length).toBe(before + 1);
  });
});
