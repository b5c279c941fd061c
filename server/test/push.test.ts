// Push notifications: the outbox (one row per user, in the caller's transaction, the title cut to 60), delivered to
// real local HTTP servers standing in for a browser's push service (Web Push: VAPID JWT checked, aes128gcm body
// decrypted with the subscription's private key) and for Google (the service account's JWT exchanged for a token,
// then FCM HTTP v1); 404/410 forget the subscription, 500 is retried; without a provider rows stay 'unsent'.
import { createDecipheriv, createECDH, createPublicKey, generateKeyPairSync, hkdfSync, randomBytes, verify } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newId } from '@conjunto/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type PushConfig } from '../src/config.ts';
import { createPushService, MAX_SUBSCRIPTIONS, type PushService } from '../src/push.ts';
import { listQuery, startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
let complexId: string;
let residentId: string;
let adminId: string;
beforeAll(async () => {
  t = await startTestServer();
  complexId = await t.complexId('alamos');
  [{ id: residentId }] = await t.sql<{ id: string }>("select id from users where email = 'residente@demo.test'");
  [{ id: adminId }] = await t.sql<{ id: string }>("select id from users where email = 'admin@demo.test'");
  // The services under test are made here, each with its own configuration: the app's own sender is stopped so
  // that its timer claims nothing in between.
  await t.app.push.stop();
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.sql('delete from push_outbox');
  await t.sql('delete from push_subscriptions');
  await t.sql('delete from push_devices');
});

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A local HTTP server that records every request and answers `answer(request, how many came before to that path)`. */
async function localServer(
  answer: (r: Received, seen: number) => { status: number; json?: unknown } = () => ({ status: 201 }),
): Promise<{ url: string; received: Received[]; close(): void }> {
  const received: Received[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const r = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
    const seen = received.filter((x) => x.url === r.url).length;
    received.push(r);
    const { status, json } = answer(r, seen);
    res.writeHead(status, json ? { 'content-type': 'application/json' } : {});
    res.end(json ? JSON.stringify(json) : '');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, received, close: () => server.close() };
}

/** A browser's subscription: its P-256 key pair and auth secret (the private half decrypts what it receives). */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}
type BrowserKeys = ReturnType<typeof browserKeys>;

/** Stores a subscription as the route would, with a local endpoint (the route only takes https push services). */
async function subscribe(userId: string, endpoint: string, keys = browserKeys()) {
  const id = newId();
  await t.sql('insert into push_subscriptions (id, user_id, endpoint, p256dh, auth) values (?, ?, ?, ?, ?)', [
    id,
    userId,
    endpoint,
    keys.p256dh,
    keys.auth,
  ]);
  return { id, keys };
}

/** RFC 8291 decryption (aes128gcm, one record), as the browser does it. */
function decrypt(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const serverKey = body.subarray(21, 21 + idLength);
  const secret = keys.ecdh.computeSecret(serverKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, Buffer.from(keys.auth, 'base64url'), info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const record = body.subarray(21 + idLength);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then padding zeros.
  return plain.subarray(0, plain.lastIndexOf(2)).toString('utf8');
}

const jwtParts = (jwt: string) => {
  const [header, claims, signature] = jwt.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()),
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString()),
    signed: Buffer.from(`${header}.${claims}`),
    signature: Buffer.from(signature, 'base64url'),
  };
};

const webConfig = (): PushConfig => ({
  vapid: 'generate',
  vapidSubject: 'mailto:ops@conjunto.test',
  fcmBaseUrl: 'http://unused',
  endpointHosts: [],
});
const services: PushService[] = [];
const service = (config: PushConfig) => {
  const push = createPushService(config, t.db.orm, t.app.log);
  services.push(push);
  return push;
};
afterAll(async () => {
  for (const push of services) await push.stop();
});

const queue = (push: PushService, message: Partial<Parameters<PushService['queue']>[1]> = {}) =>
  t.db.orm.em
    .fork()
    .transactional((em) => push.queue(em, { userIds: [residentId], title: 'Aviso', body: 'Texto', complexId, ...message }));
const outbox = async (id: string) =>
  (
    await t.sql<{ status: string; attempts: number; last_error: string | null; title: string }>(
      'select status, attempts, last_error, title from push_outbox where id = ?',
      [id],
    )
  )[0];

describe('Web Push', () => {
  it('delivers to the browser: VAPID JWT signed with the public key the API gives, aes128gcm body, title cut at 60', async () => {
    const pushService = await localServer();
    const push = service(webConfig());
    try {
      const { keys } = await subscribe(residentId, `${pushService.url}/push/uno`);
      const title = `¡Alerta de pánico! ${'á'.repeat(80)}`;
      const [id] = await queue(push, {
        title,
        body: 'La casa 12 pidió ayuda',
        url: '/#/residente',
        data: { alertId: 'a1' },
        urgent: true,
      });
      expect((await outbox(id)).title).toBe(Array.from(title).slice(0, 60).join(''));
      expect(await push.deliverPending()).toEqual({ sent: 1, failed: 0, removed: 0 });
      expect(await outbox(id)).toMatchObject({ status: 'sent', attempts: 1, last_error: null });

      expect(pushService.received).toHaveLength(1);
      const [request] = pushService.received;
      expect(request.method).toBe('POST');
      expect(request.url).toBe('/push/uno');
      expect(request.headers['content-encoding']).toBe('aes128gcm');
      expect(request.headers.ttl).toBe('86400');
      expect(request.headers.urgency).toBe('high');
      // Authorization: vapid t=<JWT ES256>, k=<the public key browsers subscribe with>
      const [, jwt, k] = /^vapid t=([^,]+), k=(\S+)$/.exec(String(request.headers.authorization)) ?? [];
      const publicKey = await push.publicKey();
      expect(k).toBe(publicKey);
      const vapid = jwtParts(jwt);
      expect(vapid.header).toMatchObject({ alg: 'ES256', typ: 'JWT' });
      expect(vapid.claims).toMatchObject({ aud: pushService.url, sub: 'mailto:ops@conjunto.test' });
      expect(vapid.claims.exp * 1000).toBeGreaterThan(Date.now());
      const raw = Buffer.from(k, 'base64url');
      const jwk = {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      };
      expect(
        verify(
          'sha256',
          vapid.signed,
          { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
          vapid.signature,
        ),
      ).toBe(true);

      expect(JSON.parse(decrypt(request.body, keys))).toEqual({
        id,
        title: Array.from(title).slice(0, 60).join(''),
        body: 'La casa 12 pidió ayuda',
        url: '/#/residente',
        data: { alertId: 'a1' },
      });
      // Delivered once: nothing is sent again.
      expect(await push.deliverPending()).toEqual({ sent: 0, failed: 0, removed: 0 });
      expect(pushService.received).toHaveLength(1);
    } finally {
      pushService.close();
    }
  });

  it('keeps the key pair it made in the database: every process signs with the same one', async () => {
    const [first, second] = [service(webConfig()), service(webConfig())];
    const key = await first.publicKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(await second.publicKey()).toBe(key);
    const configured = service({ ...webConfig(), vapid: { publicKey: 'configured', privateKey: 'x' } });
    expect(await configured.publicKey()).toBe('configured');
  });

  it('forgets a subscription the push service answers 410 (or 404) for', async () => {
    const pushService = await localServer((r) => ({
      status: r.url.startsWith('/gone') ? 410 : r.url.startsWith('/missing') ? 404 : 201,
    }));
    const push = service(webConfig());
    try {
      const gone = await subscribe(residentId, `${pushService.url}/gone/1`);
      const missing = await subscribe(residentId, `${pushService.url}/missing/1`);
      const [id] = await queue(push);
      expect(await push.deliverPending()).toEqual({ sent: 0, failed: 0, removed: 2 });
      expect(await t.sql('select id from push_subscriptions where id in (?, ?)', [gone.id, missing.id])).toEqual([]);
      // Nobody left to reach: not a failure, and not retried.
      expect(await outbox(id)).toMatchObject({ status: 'no_target', attempts: 1 });
    } finally {
      pushService.close();
    }
  });

  it('retries a 500 later, only to the browser that failed, and gives up after 5 attempts', async () => {
    const pushService = await localServer((r, seen) => ({
      status: r.url === '/flaky' && seen === 0 ? 500 : r.url === '/down' ? 503 : 201,
    }));
    const push = service(webConfig());
    try {
      await subscribe(residentId, `${pushService.url}/fine`);
      await subscribe(residentId, `${pushService.url}/flaky`);
      const [id] = await queue(push);
      // The row waits for its retry: a failed attempt, though one browser got it.
      expect(await push.deliverPending()).toEqual({ sent: 0, failed: 1, removed: 0 });
      const first = await outbox(id);
      expect(first).toMatchObject({ status: 'pending', attempts: 1 });
      expect(first.last_error).toContain('HTTP 500');
      // Not due yet.
      expect(await push.deliverPending()).toEqual({ sent: 0, failed: 0, removed: 0 });
      await t.sql('update push_outbox set next_attempt_at = now() where id = ?', [id]);
      expect(await push.deliverPending()).toEqual({ sent: 1, failed: 0, removed: 0 });
      expect(await outbox(id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
      expect(pushService.received.map((r) => r.url).sort()).toEqual(['/fine', '/flaky', '/flaky'].sort());

      // A push service that stays down: 5 attempts, then 'failed'.
      await t.sql('delete from push_subscriptions');
      await subscribe(adminId, `${pushService.url}/down`);
      const [down] = await queue(push, { userIds: [adminId] });
      for (let attempt = 1; attempt <= 5; attempt++) {
        await t.sql('update push_outbox set next_attempt_at = now() where id = ?', [down]);
        await push.deliverPending();
      }
      expect(await outbox(down)).toMatchObject({ status: 'failed', attempts: 5 });
      expect((await outbox(down)).last_error).toContain('HTTP 503');
    } finally {
      pushService.close();
    }
  });

  it('sends nothing for a rolled-back transaction, and skips unknown or disabled users', async () => {
    const pushService = await localServer();
    const push = service(webConfig());
    try {
      await subscribe(residentId, `${pushService.url}/push`);
      await expect(
        t.db.orm.em.fork().transactional(async (em) => {
          await push.queue(em, { userIds: [residentId], title: 'Nunca', body: 'x' });
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      expect(await t.sql('select id from push_outbox')).toEqual([]);
      expect(await push.deliverPending()).toEqual({ sent: 0, failed: 0, removed: 0 });
      expect(pushService.received).toEqual([]);

      const ids = await queue(push, { userIds: [residentId, residentId, '01a2002d-0000-7000-8000-000000000000'] });
      expect(ids).toHaveLength(1);
      await expect(queue(push, { userIds: ['no-es-un-id'] })).rejects.toThrow('userIds');
      await expect(queue(push, { url: 'javascript:alert(1)' })).rejects.toThrow('url');
    } finally {
      pushService.close();
    }
  });
});

describe('FCM HTTP v1', () => {
  it("exchanges the service account's RS256 JWT for a token, sends the message, and forgets an unregistered device", async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const google = await localServer((r) => {
      if (r.url === '/token')
        return { status: 200, json: { access_token: 'ya29.prueba', expires_in: 3599, token_type: 'Bearer' } };
      const token = JSON.parse(r.body.toString()).message.token;
      return token === 'gone-device-token-0123456789'
        ? { status: 404, json: { error: { code: 404, status: 'NOT_FOUND', details: [{ errorCode: 'UNREGISTERED' }] } } }
        : { status: 200, json: { name: 'projects/conjunto-prueba/messages/1' } };
    });
    try {
      // The account as FCM_SERVICE_ACCOUNT gives it, the token URI pointed at the local server.
      const { push: config } = loadConfig({
        DATA_DIR: '/tmp',
        JWT_SECRET: 'x'.repeat(40),
        FCM_SERVICE_ACCOUNT: JSON.stringify({
          type: 'service_account',
          project_id: 'conjunto-prueba',
          client_email: 'push@conjunto-prueba.iam.gserviceaccount.com',
          private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
          token_uri: 'https://oauth2.googleapis.com/token',
        }),
        FCM_TOKEN_URI: `${google.url}/token`,
        FCM_BASE_URL: google.url,
        NODE_ENV: 'production',
      });
      expect(config.vapid).toBeUndefined();
      const push = service(config);
      await t.sql('insert into push_devices (id, user_id, token, platform) values (?, ?, ?, ?), (?, ?, ?, ?)', [
        newId(),
        residentId,
        'live-device-token-0123456789',
        'android',
        newId(),
        residentId,
        'gone-device-token-0123456789',
        'ios',
      ]);
      const [id] = await queue(push, {
        title: 'x'.repeat(61),
        body: 'Su reserva fue aprobada',
        url: '/#/reservas',
        data: { reservationId: 'r1' },
      });
      expect(await push.deliverPending()).toEqual({ sent: 1, failed: 0, removed: 1 });
      expect(await outbox(id)).toMatchObject({ status: 'sent' });
      expect(await t.sql('select token from push_devices')).toEqual([{ token: 'live-device-token-0123456789' }]);

      const [exchange, ...sends] = google.received;
      expect(exchange.url).toBe('/token');
      const form = new URLSearchParams(exchange.body.toString());
      expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
      const jwt = jwtParts(form.get('assertion') ?? '');
      expect(jwt.header).toEqual({ alg: 'RS256', typ: 'JWT' });
      expect(jwt.claims).toMatchObject({
        iss: 'push@conjunto-prueba.iam.gserviceaccount.com',
        aud: `${google.url}/token`,
        scope: 'https://www.googleapis.com/auth/firebase.messaging',
      });
      expect(verify('sha256', jwt.signed, publicKey, jwt.signature)).toBe(true);

      expect(sends).toHaveLength(2);
      for (const send of sends) {
        expect(send.url).toBe('/v1/projects/conjunto-prueba/messages:send');
        expect(send.headers.authorization).toBe('Bearer ya29.prueba');
      }
      const message = sends.map((s) => JSON.parse(s.body.toString()).message).find((m) => m.token.startsWith('live'));
      expect(message).toMatchObject({
        notification: { title: 'x'.repeat(60), body: 'Su reserva fue aprobada' },
        data: { reservationId: 'r1', url: '/#/reservas', id },
      });

      // The token is reused until it expires.
      await queue(push);
      await push.deliverPending();
      expect(google.received.filter((r) => r.url === '/token')).toHaveLength(1);
    } finally {
      google.close();
    }
  });
});

describe('no provider configured', () => {
  it("keeps the notifications 'unsent' and readable in the complex's outbox", async () => {
    const push = service({ ...webConfig(), vapid: undefined });
    expect(push.enabled).toBe(false);
    expect(await push.publicKey()).toBeNull();
    const [id] = await queue(push, { title: 'Reserva aprobada', category: 'reservations.approved' });
    expect(await outbox(id)).toMatchObject({ status: 'unsent', attempts: 0 });
    expect(await push.deliverPending()).toEqual({ sent: 0, failed: 0, removed: 0 });

    const admin = await t.login('admin@demo.test');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/complexes/${complexId}/push-outbox${listQuery({ filter: { status: 'unsent' } })}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        id,
        title: 'Reserva aprobada',
        status: 'unsent',
        category: 'reservations.approved',
        userId: residentId,
      }),
    ]);
    // Another complex's administrator sees none of it; a resident cannot read the outbox.
    const colina = await t.complexId('colina');
    const other = await t.app.inject({ method: 'GET', url: `/api/complexes/${colina}/push-outbox`, headers: admin });
    expect(other.statusCode === 404 || other.json().length === 0).toBe(true);
    const resident = await residentHeaders();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/complexes/${complexId}/push-outbox`, headers: resident })).statusCode,
    ).toBe(403);
  });
});

/** The resident signs in as the mobile app does (terms accepted). */
async function residentHeaders() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'residente@demo.test', password: 'demo1234', client: 'app' },
  });
  const headers = { authorization: `Bearer ${res.json().token}` };
  await t.app.inject({ method: 'PUT', url: '/api/auth/me/terms', headers, payload: { accepted: true } });
  return headers;
}

describe('/api/push: a user saves and forgets their browsers and devices', () => {
  const body = (endpoint: string, keys = browserKeys()) => ({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } });

  it('answers the VAPID public key to a signed-in user only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/push/public-key' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/api/push/public-key', headers: await residentHeaders() });
    expect(res.statusCode).toBe(200);
    expect(res.json().publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('saves an https subscription of a push service, refuses anything else, and moves an endpoint to its last owner', async () => {
    const resident = await residentHeaders();
    const post = (payload: unknown, headers = resident) =>
      t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers, payload: payload as never });
    const endpoint = 'https://fcm.googleapis.com/fcm/send/cAbC123:APA91bH-prueba';
    const saved = await post(body(endpoint));
    expect(saved.statusCode).toBe(201);
    expect(await t.sql('select user_id from push_subscriptions where id = ?', [saved.json().id])).toEqual([
      { user_id: residentId },
    ]);

    for (const bad of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://127.0.0.1/push',
      'https://[::1]/push',
      'https://localhost/push',
      'https://push.example.com/x',
      'https://fcm.googleapis.com.example.com/x',
      'https://user:pw@fcm.googleapis.com/x',
      'https://fcm.googleapis.com:8443/x',
      'no es una url',
    ]) {
      const res = await post(body(bad));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors.endpoint, bad).toBeDefined();
    }
    const keys = browserKeys();
    expect((await post({ endpoint, keys: { p256dh: keys.p256dh.slice(0, 80), auth: keys.auth } })).statusCode).toBe(400);
    expect((await post({ endpoint, keys: { p256dh: keys.p256dh, auth: 'no+es/base64url+valida' } })).statusCode).toBe(400);
    expect((await post({ endpoint, keys: { p256dh: keys.p256dh } })).statusCode).toBe(400);

    // The same browser signed in as someone else: the subscription is theirs now.
    const admin = await t.login('admin@demo.test');
    const again = await post(body(endpoint), admin);
    expect(again.json().id).toBe(saved.json().id);
    expect(await t.sql('select user_id from push_subscriptions')).toEqual([{ user_id: adminId }]);
  });

  it(`keeps a user's newest ${MAX_SUBSCRIPTIONS} browsers, and deletes only their own`, async () => {
    const resident = await residentHeaders();
    const ids: string[] = [];
    for (let i = 0; i <= MAX_SUBSCRIPTIONS; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: resident,
        payload: body(`https://updates.push.services.mozilla.com/wpush/v2/n${i}`),
      });
      ids.push(res.json().id);
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/push/subscriptions', headers: resident });
    expect(list.json()).toHaveLength(MAX_SUBSCRIPTIONS);
    expect(list.json().map((s: { id: string }) => s.id)).not.toContain(ids[0]);

    const admin = await t.login('admin@demo.test');
    const url = `/api/push/subscriptions/${ids[5]}`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: admin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: resident })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url, headers: resident })).statusCode).toBe(404);
  });

  it("registers the app's FCM token for the signed-in user", async () => {
    const resident = await residentHeaders();
    const token = 'dX3kP9:APA91bHun4MxP5egoKMwt2KZFBaFUH-1RYqx';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/push/devices',
      headers: resident,
      payload: { token, platform: 'android' },
    });
    expect(res.statusCode).toBe(201);
    expect(await t.sql('select user_id, platform from push_devices where token = ?', [token])).toEqual([
      { user_id: residentId, platform: 'android' },
    ]);
    for (const payload of [
      { token: 'corto', platform: 'android' },
      { token: `${token} con espacios`, platform: 'android' },
      { token, platform: 'windows' },
    ])
      expect((await t.app.inject({ method: 'POST', url: '/api/push/devices', headers: resident, payload })).statusCode).toBe(400);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/push/devices/${res.json().id}`, headers: resident });
    expect(del.statusCode).toBe(204);
  });
});

describe('configuration', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'conjunto-push-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const push = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40), ...env }).push;

  it('makes a VAPID pair outside production, takes a configured one, and has none in production unless configured', () => {
    expect(push({}).vapid).toBe('generate');
    expect(push({ NODE_ENV: 'production' }).vapid).toBeUndefined();
    const keys = { publicKey: `B${'A'.repeat(86)}`, privateKey: 'A'.repeat(43) };
    expect(push({ NODE_ENV: 'production', VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }).vapid).toEqual(
      keys,
    );
    expect(() => push({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow('VAPID_PRIVATE_KEY');
    expect(() => push({ VAPID_PUBLIC_KEY: 'corta', VAPID_PRIVATE_KEY: keys.privateKey })).toThrow('P-256');
    expect(push({}).vapidSubject).toBe('mailto:no-reply@conjunto.local');
    expect(push({ MAIL_FROM: 'Administración <admin@losalamos.ec>' }).vapidSubject).toBe('mailto:admin@losalamos.ec');
    expect(() => push({ VAPID_SUBJECT: 'ftp://x' })).toThrow('VAPID_SUBJECT');
  });

  it("accepts browsers' push services only, unless told otherwise", () => {
    expect(push({}).endpointHosts).toContain('fcm.googleapis.com');
    expect(push({ PUSH_ENDPOINT_HOSTS: 'push.example.com, *.otro.ec' }).endpointHosts).toEqual(['push.example.com', 'otro.ec']);
    expect(() => push({ FCM_SERVICE_ACCOUNT: '{"project_id": "x"}' })).toThrow('client_email');
  });
});
