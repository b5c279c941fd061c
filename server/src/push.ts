// Push notifications, a platform service with an outbox like the e-mail's (mail.ts): plugins queue a notification
// for users inside their own transaction (one row per user; a rollback drops them); a sender delivers the rows
// after commit to each user's browsers (Web Push: VAPID and aes128gcm, by the web-push library) and app devices
// (FCM HTTP v1, when a service account is configured), retries failures with back-off and forgets the
// subscriptions a push service says are gone (404/410). Without any provider the rows are stored as 'unsent' and
// stay readable through GET /api/complexes/:id/push-outbox, never sent later.
import { createECDH, createPrivateKey, sign } from 'node:crypto';
import {
  ApiError,
  CLOSED,
  ERROR_RESPONSES,
  ErrorSchema,
  type HostPush,
  type HostScope,
  type HostServices,
  IdParams,
  isUuid,
  Nullable,
  newId,
  notFound,
  type PluginApp,
  type PushMessage,
} from '@conjunto/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import type { FastifyBaseLogger } from 'fastify';
import { Type } from 'typebox';
import type { PushConfig } from './config.ts';
import type { Orm } from './db.ts';
import { isDatabaseUnavailable, outageWarner } from './errors.ts';
import { scopeOf } from './host-scope.ts';

/** The spec's limit (002 §5, §9): longer titles are cut. */
export const PUSH_TITLE_MAX = 60;
const BODY_MAX = 500;
const URL_MAX = 500;
const DATA_MAX_BYTES = 2000;
const MAX_RECIPIENTS = 10_000;
/** Device tokens one deviceOwners call looks up. */
const MAX_TOKENS = 1000;
/** Browsers and app devices per user: a new one past the cap replaces the one unused longest. */
export const MAX_SUBSCRIPTIONS = 10;
export const MAX_DEVICES = 10;
const MAX_ATTEMPTS = 5;
const BATCH = 50;
/** Rows delivered at once (each to all its user's targets). */
const PARALLEL = 8;
const SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for an offline browser (seconds). */
const TTL_SECONDS = 24 * 3600;

export const PUSH_MESSAGES = {
  invalidSubscription: 'La suscripción a notificaciones no es válida.',
  invalidDevice: 'El token del dispositivo no es válido.',
} as const;

export interface PushService {
  /** Whether anything is delivered: Web Push (VAPID keys configured or made) or FCM. */
  readonly enabled: boolean;
  /** Queues `message` for each active user of `userIds` in `em`'s transaction; answers the outbox rows' ids. */
  queue(em: EntityManager, message: PushMessage): Promise<string[]>;
  /** HostPush.deviceOwners: token -> user id, for the active users of the scope's complex only. */
  deviceOwners(scope: HostScope, tokens: readonly string[]): Promise<Map<string, string>>;
  /** The VAPID public key browsers subscribe with (base64url), or null when Web Push is off. */
  publicKey(): Promise<string | null>;
  /** Delivers the due rows (the timer calls it, tests too). */
  deliverPending(): Promise<{ sent: number; failed: number; removed: number }>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The HostPush that routes, jobs and domain-event handlers get: the push service's two calls, nothing else. */
export function hostPush(service: Pick<PushService, 'queue' | 'deviceOwners'>): HostPush {
  return {
    queue: (em, message) => service.queue(em as EntityManager, message),
    deviceOwners: (scope, tokens) => service.deviceOwners(scope, tokens),
  };
}

/** What the receiving end gets: the service worker (admin/public/sw.js) and the app read these fields. */
interface Payload {
  id: string;
  title: string;
  body: string;
  url: string | null;
  data: Record<string, string>;
}

interface Target {
  id: string;
  user_id: string;
  kind: 'web' | 'fcm';
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  token: string | null;
}

/** What became of one send: delivered, gone for good (forget the target), worth a retry, or refused for good. */
type Outcome = { ok: true } | { gone: true } | { retry: string; afterSeconds?: number } | { fail: string };

/** At most `max` characters (code points: an emoji is not split in half). */
const cut = (text: string, max: number) => Array.from(text.trim()).slice(0, max).join('');

/** A plugin's message made safe to store; a programming mistake (bad ids, a huge data map) throws. */
function cleanMessage(message: PushMessage) {
  const userIds = [...new Set(message.userIds)];
  if (!userIds.every(isUuid)) throw new TypeError('push.queue: userIds must be user ids (UUIDs)');
  if (userIds.length > MAX_RECIPIENTS) throw new TypeError(`push.queue: at most ${MAX_RECIPIENTS} users per call`);
  const url = message.url ?? null;
  if (url !== null && (url.length > URL_MAX || !/^(\/|#|https:\/\/)/.test(url) || /[\s\0]/.test(url)))
    throw new TypeError('push.queue: url must be a path of the admin (/… or #/…) or an https URL');
  const data: Record<string, string> = {};
  for (const [key, value] of Object.entries(message.data ?? {}))
    if (Object.hasOwn(message.data ?? {}, key)) data[key] = String(value);
  if (Buffer.byteLength(JSON.stringify(data)) > DATA_MAX_BYTES)
    throw new TypeError(`push.queue: data is larger than ${DATA_MAX_BYTES} bytes`);
  const title = cut(message.title.replace(/\s+/g, ' '), PUSH_TITLE_MAX);
  if (!title) throw new TypeError('push.queue: a title is required');
  return { userIds, title, body: cut(message.body, BODY_MAX), url, data: Object.keys(data).length ? data : null };
}

const jsonPart = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** At most `max` bytes of a response's text (a hostile or broken endpoint may answer anything): for last_error. */
async function snippet(response: Response, max = 300): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < max) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, max).replace(/\s+/g, ' ');
}

/** Retry-After in seconds (a number or an HTTP date), if the answer gave one. */
function retryAfter(response: Response): number | undefined {
  const value = response.headers.get('retry-after');
  if (!value) return undefined;
  const seconds = /^\d+$/.test(value) ? Number(value) : (Date.parse(value) - Date.now()) / 1000;
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 3600) : undefined;
}

/** The usual meaning of a push service's answer (Web Push, RFC 8030; FCM alike). */
async function outcomeOf(response: Response, gone: boolean): Promise<Outcome> {
  if (response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return { ok: true };
  }
  const text = `HTTP ${response.status} ${await snippet(response)}`.trim();
  if (gone) return { gone: true };
  if (response.status === 429 || response.status >= 500) return { retry: text, afterSeconds: retryAfter(response) };
  return { fail: text };
}

/** A P-256 key pair for VAPID, base64url as web-push reads it (public: 65 bytes uncompressed, private: 32). */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const privateKey = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    // Leading zero bytes are dropped by getPrivateKey: put back, web-push wants exactly 32.
    privateKey: Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]).toString('base64url'),
  };
}

export function createPushService(config: PushConfig, orm: Orm, log: FastifyBaseLogger): PushService {
  let vapid: { publicKey: string; privateKey: string } | undefined = typeof config.vapid === 'object' ? config.vapid : undefined;
  const webOn = config.vapid !== undefined;
  const fcm = config.fcm;
  let fcmToken: { value: string; expiresAt: number } | undefined;
  let fcmExchange: Promise<{ value: string; expiresAt: number }> | undefined;
  let webPush: typeof import('web-push') | undefined;
  let timer: NodeJS.Timeout | undefined;
  let kick: NodeJS.Timeout | undefined;
  let running: Promise<{ sent: number; failed: number; removed: number }> | undefined;
  const outage = outageWarner('push: database unavailable, retrying');
  /** A failed round: an outage is a warning now and then (the next round retries), anything else an error. */
  const failed = (err: Error) => (isDatabaseUnavailable(err) ? outage(log, err) : log.error({ err }, 'push sender'));

  /** The configured key pair, else the one kept in the database (made by the first process that needs it). */
  async function vapidKeys() {
    if (vapid || !webOn) return vapid;
    const em = orm.em.fork();
    const made = generateVapidKeys();
    await em.execute(
      'insert into push_settings (id, vapid_public_key, vapid_private_key) values (1, ?, ?) on conflict (id) do nothing',
      [made.publicKey, made.privateKey],
    );
    const [row] = await em.execute('select vapid_public_key, vapid_private_key from push_settings where id = 1');
    vapid = { publicKey: row.vapid_public_key, privateKey: row.vapid_private_key };
    return vapid;
  }

  async function sendWeb(target: Target, payload: string, urgent: boolean): Promise<Outcome> {
    const keys = await vapidKeys();
    if (!keys) return { fail: 'Web Push no está configurado' };
    // Loaded on the first delivery (memory): it encrypts (RFC 8291) and signs the VAPID JWT (RFC 8292); the
    // request itself goes out through fetch, with a timeout.
    webPush ??= (await import('web-push')).default;
    const request = webPush.generateRequestDetails(
      { endpoint: target.endpoint as string, keys: { p256dh: target.p256dh as string, auth: target.auth as string } },
      payload,
      {
        vapidDetails: { subject: config.vapidSubject, ...keys },
        TTL: TTL_SECONDS,
        urgency: urgent ? 'high' : 'normal',
        contentEncoding: 'aes128gcm',
      },
    );
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers,
      body: request.body ? new Uint8Array(request.body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    return outcomeOf(response, response.status === 404 || response.status === 410);
  }

  /** An OAuth2 access token for FCM: a JWT signed with the service account's key (RS256), exchanged at its token URI. */
  async function exchangeToken(): Promise<{ value: string; expiresAt: number }> {
    if (!fcm) throw new Error('FCM is not configured');
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${jsonPart({ alg: 'RS256', typ: 'JWT' })}.${jsonPart({
      iss: fcm.clientEmail,
      scope: 'https://www.googleapis.com/auth/firebase.messaging',
      aud: fcm.tokenUri,
      iat: now,
      exp: now + 3600,
    })}`;
    const signature = sign('sha256', Buffer.from(unsigned), createPrivateKey(fcm.privateKey)).toString('base64url');
    const response = await fetch(fcm.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: `${unsigned}.${signature}`,
      }),
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`FCM token: HTTP ${response.status} ${await snippet(response)}`);
    const answer = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof answer.access_token !== 'string') throw new Error('FCM token: no access_token in the answer');
    const seconds = Number(answer.expires_in);
    return { value: answer.access_token, expiresAt: Date.now() + (Number.isFinite(seconds) ? seconds : 3600) * 1000 };
  }

  /** The current token, renewed a minute before it expires; one exchange at a time for every send waiting on it. */
  async function fcmAccessToken(): Promise<string> {
    if (fcmToken && fcmToken.expiresAt > Date.now() + 60_000) return fcmToken.value;
    fcmExchange ??= exchangeToken().finally(() => {
      fcmExchange = undefined;
    });
    fcmToken = await fcmExchange;
    return fcmToken.value;
  }

  async function sendFcm(target: Target, payload: Payload, urgent: boolean): Promise<Outcome> {
    if (!fcm) return { fail: 'FCM no está configurado' };
    const token = await fcmAccessToken();
    const response = await fetch(`${config.fcmBaseUrl}/v1/projects/${encodeURIComponent(fcm.projectId)}/messages:send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        message: {
          token: target.token,
          notification: { title: payload.title, body: payload.body },
          // FCM's data values are strings.
          data: { ...payload.data, id: payload.id, ...(payload.url ? { url: payload.url } : {}) },
          android: { priority: urgent ? 'high' : 'normal' },
          apns: { headers: { 'apns-priority': urgent ? '10' : '5' } },
        },
      }),
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    // A rejected access token: a new one on the retry.
    if (response.status === 401) {
      fcmToken = undefined;
      return { retry: `HTTP 401 ${await snippet(response)}`.trim() };
    }
    // 404 (UNREGISTERED): the app was removed or its token replaced.
    return outcomeOf(response, response.status === 404);
  }

  async function send(target: Target, payload: Payload, urgent: boolean): Promise<Outcome> {
    try {
      return target.kind === 'web'
        ? await sendWeb(target, JSON.stringify(payload), urgent)
        : await sendFcm(target, payload, urgent);
    } catch (error) {
      // The network, a timeout, the token endpoint: worth another attempt.
      const cause = (error as { cause?: { code?: string } })?.cause?.code;
      return { retry: `${String((error as Error)?.message ?? error)}${cause ? ` (${cause})` : ''}`.slice(0, 500) };
    }
  }

  type Row = {
    id: string;
    user_id: string;
    title: string;
    body: string;
    url: string | null;
    data: Record<string, string> | null;
    urgent: boolean;
    attempts: number;
    delivered: string[];
  };

  async function deliverRow(em: EntityManager, row: Row, targets: Target[]) {
    const done = new Set(row.delivered ?? []);
    const payload: Payload = { id: row.id, title: row.title, body: row.body, url: row.url, data: row.data ?? {} };
    const due = targets.filter((target) => !done.has(target.id));
    const outcomes = await Promise.all(due.map((target) => send(target, payload, row.urgent)));
    const errors: string[] = [];
    let retry = false;
    let wait = 0;
    const gone: Target[] = [];
    outcomes.forEach((outcome, i) => {
      if ('ok' in outcome) done.add(due[i].id);
      else if ('gone' in outcome) gone.push(due[i]);
      else if ('retry' in outcome) {
        retry = true;
        wait = Math.max(wait, outcome.afterSeconds ?? 0);
        errors.push(outcome.retry);
      } else errors.push(outcome.fail);
    });
    for (const kind of ['web', 'fcm'] as const) {
      const ids = gone.filter((target) => target.kind === kind).map((target) => target.id);
      if (ids.length)
        await em.execute(
          `delete from ${kind === 'web' ? 'push_subscriptions' : 'push_devices'} where id in (${ids.map(() => '?').join(', ')})`,
          ids,
        );
    }
    const attempts = Number(row.attempts);
    const status = retry && attempts < MAX_ATTEMPTS ? 'pending' : done.size > 0 ? 'sent' : errors.length ? 'failed' : 'no_target';
    if (errors.length) log.warn({ pushId: row.id, errors }, 'push not delivered to every target');
    // Retries back off: 30 s, 2, 4.5 and 8 minutes (or what a 429/503 asked for).
    await em.execute(
      `update push_outbox set status = ?, delivered = ?::jsonb, last_error = ?,
              sent_at = case when ? then coalesce(sent_at, now()) else sent_at end,
              next_attempt_at = now() + (? * interval '1 second')
        where id = ?`,
      [
        status,
        JSON.stringify([...done]),
        errors.length ? errors.join(' · ').slice(0, 500) : null,
        done.size > 0,
        Math.max(30 * attempts ** 2, wait),
        row.id,
      ],
    );
    return { status, removed: gone.length };
  }

  async function deliverBatch(): Promise<{ sent: number; failed: number; removed: number; claimed: number }> {
    const em = orm.em.fork();
    // Claimed with a lease (no transaction stays open while talking to push services: PGlite has one
    // connection); a crashed sender's claims come back when the lease ends.
    const rows = await em.execute<Row[]>(
      `update push_outbox set attempts = attempts + 1, next_attempt_at = now() + interval '5 minutes'
        where id in (select id from push_outbox where status = 'pending' and next_attempt_at <= now()
                      order by next_attempt_at limit ${BATCH} for update skip locked)
        returning id, user_id, title, body, url, data, urgent, attempts, delivered`,
    );
    if (!rows.length) return { sent: 0, failed: 0, removed: 0, claimed: 0 };
    // The batch's users' browsers and devices, in one query.
    const users = [...new Set(rows.map((r) => r.user_id))];
    const marks = users.map(() => '?').join(', ');
    const parts = [
      webOn
        ? `select id, user_id, 'web' as kind, endpoint, p256dh, auth, null as token from push_subscriptions where user_id in (${marks})`
        : '',
      fcm ? `select id, user_id, 'fcm' as kind, null, null, null, token from push_devices where user_id in (${marks})` : '',
    ].filter(Boolean);
    const targets = parts.length
      ? Map.groupBy(
          await em.execute<Target[]>(
            parts.join(' union all '),
            parts.flatMap(() => users),
          ),
          (t) => t.user_id,
        )
      : new Map<string, Target[]>();
    const result = { sent: 0, failed: 0, removed: 0, claimed: rows.length };
    for (let i = 0; i < rows.length; i += PARALLEL) {
      const slice = rows.slice(i, i + PARALLEL);
      for (const { status, removed } of await Promise.all(
        slice.map((row) => deliverRow(em, row, targets.get(row.user_id) ?? [])),
      )) {
        if (status === 'sent') result.sent++;
        else if (status !== 'no_target') result.failed++;
        result.removed += removed;
      }
    }
    return result;
  }

  async function deliver() {
    const total = { sent: 0, failed: 0, removed: 0 };
    if (!service.enabled) return total;
    // Batches until the due rows run out (bounded: the timer comes back).
    for (let round = 0; round < 20; round++) {
      const { claimed, ...counts } = await deliverBatch();
      total.sent += counts.sent;
      total.failed += counts.failed;
      total.removed += counts.removed;
      if (claimed < BATCH) break;
    }
    return total;
  }

  const service: PushService = {
    enabled: webOn || Boolean(fcm),
    async queue(em, message) {
      const clean = cleanMessage(message);
      if (!clean.userIds.length) return [];
      const pairs = clean.userIds.map((userId) => [newId(), userId]);
      // Only users who exist and may sign in; unknown ids are skipped, not an error (a user deleted meanwhile).
      const rows = await em.execute<{ id: string }[]>(
        `insert into push_outbox (id, complex_id, user_id, category, title, body, url, data, urgent, status)
         select (p->>0)::uuid, ?, u.id, ?, ?, ?, ?, ?::jsonb, ?, ?
           from jsonb_array_elements(?::jsonb) p join users u on u.id = (p->>1)::uuid and u.is_active
         returning id`,
        [
          message.complexId ?? null,
          message.category?.slice(0, 50) ?? null,
          clean.title,
          clean.body,
          clean.url,
          clean.data ? JSON.stringify(clean.data) : null,
          message.urgent === true,
          service.enabled ? 'pending' : 'unsent',
          JSON.stringify(pairs),
        ],
      );
      // Soon after the caller's transaction commits (the timer would find them anyway); a sender not started
      // (stopped, or a test's) delivers only when asked.
      if (timer && rows.length && !kick) {
        kick = setTimeout(() => {
          kick = undefined;
          void service.deliverPending().catch(failed);
        }, 500);
        kick.unref();
      }
      return rows.map((r) => r.id);
    },
    async deviceOwners(scope, tokens) {
      const unique = [...new Set(tokens)].filter((t) => typeof t === 'string' && t.length > 0 && t.length <= 1024);
      if (unique.length > MAX_TOKENS) throw new TypeError(`push.deviceOwners: at most ${MAX_TOKENS} tokens per call`);
      if (!unique.length) return new Map();
      const { complexId, em } = scopeOf(scope, 'push.deviceOwners');
      // A user of the complex: one who lives there (residents) or is linked to it (its staff). Platform staff and
      // other complexes' users are no one's to push to from here.
      const rows = await em.execute<{ token: string; user_id: string }[]>(
        `select d.token, d.user_id from push_devices d join users u on u.id = d.user_id and u.is_active
          where d.token in (${unique.map(() => '?').join(', ')})
            and (u.residence_complex_id = ?
                 or exists (select 1 from user_complexes uc where uc.user_id = u.id and uc.complex_id = ?))`,
        [...unique, complexId, complexId],
      );
      return new Map(rows.map((r) => [r.token, r.user_id]));
    },
    async publicKey() {
      return (await vapidKeys())?.publicKey ?? null;
    },
    deliverPending() {
      // One delivery at a time in this process.
      running ??= deliver().finally(() => {
        running = undefined;
      });
      return running;
    },
    async start() {
      if (!service.enabled || timer) return;
      // Made (or read) now, so the first subscription and the first send do not race for it.
      await vapidKeys();
      timer = setInterval(() => void service.deliverPending().catch(failed), 15_000);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      clearTimeout(kick);
      timer = kick = undefined;
      await running?.catch(() => undefined);
    },
  };
  return service;
}

// ---------------------------------------------------------------- a user's browsers and devices: /api/push

const B64URL = '^[A-Za-z0-9_-]+={0,2}$';
const SubscriptionBody = Type.Object(
  {
    endpoint: Type.String({ minLength: 12, maxLength: 1000 }),
    keys: Type.Object(
      {
        p256dh: Type.String({ minLength: 80, maxLength: 100, pattern: B64URL }),
        auth: Type.String({ minLength: 16, maxLength: 30, pattern: B64URL }),
      },
      CLOSED,
    ),
  },
  CLOSED,
);
const DeviceBody = Type.Object(
  {
    token: Type.String({ minLength: 20, maxLength: 1024, pattern: '^[A-Za-z0-9_:.-]+$' }),
    platform: Type.Union([Type.Literal('android'), Type.Literal('ios')]),
  },
  CLOSED,
);
const Created = Type.Object({ id: Type.String() });
const SubscriptionItem = Type.Object({ id: Type.String(), endpoint: Type.String(), createdAt: Type.String() });

/**
 * A push service's address: https on its default port, no credentials, on one of the push services' hosts
 * (`hosts`: suffixes, '*' for any name): the server POSTs to it, so it must not be one of our own or a neighbour's.
 */
export function endpointProblem(endpoint: string, hosts: readonly string[]): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'no es una dirección';
  }
  if (url.protocol !== 'https:') return 'debe ser https';
  if (url.username || url.password || url.port) return 'no admite usuario ni puerto';
  const host = url.hostname.toLowerCase();
  if (host.startsWith('[') || /^[\d.]+$/.test(host) || !host.includes('.') || host.endsWith('.localhost'))
    return 'debe ser el nombre de un servicio de notificaciones';
  if (!hosts.some((suffix) => suffix === '*' || host === suffix || host.endsWith(`.${suffix}`)))
    return 'no es un servicio de notificaciones conocido';
  return undefined;
}

const invalid = (field: string, message: string) =>
  new ApiError(400, 'VALIDATION', PUSH_MESSAGES.invalidSubscription, { [field]: message });

/**
 * The signed-in user's browsers (Web Push) and app devices (FCM): any role, the resident first. Who owns them comes
 * from the session; an endpoint or a token saved again moves to whoever saved it last (the browser changed hands).
 */
export async function pushRoutes(app: PluginApp, push: PushService, endpointHosts: readonly string[]) {
  const tags = ['push'];
  const auth = { onRequest: app.authenticate };

  app.get(
    '/public-key',
    {
      ...auth,
      schema: {
        tags,
        summary: 'The VAPID public key a browser subscribes with (applicationServerKey); null when Web Push is off',
        response: { 200: Type.Object({ publicKey: Nullable(Type.String()) }), 401: ErrorSchema },
      },
    },
    async () => ({ publicKey: await push.publicKey() }),
  );

  app.get(
    '/subscriptions',
    {
      ...auth,
      schema: {
        tags,
        summary: "The signed-in user's subscribed browsers",
        response: { 200: Type.Array(SubscriptionItem), 401: ErrorSchema },
      },
    },
    async (request) => {
      const rows = await request.em.execute(
        'select id, endpoint, created_at from push_subscriptions where user_id = ? order by updated_at desc',
        [request.user.id],
      );
      return rows.map((r) => ({ id: r.id, endpoint: r.endpoint, createdAt: new Date(r.created_at).toISOString() }));
    },
  );

  app.post(
    '/subscriptions',
    {
      ...auth,
      schema: {
        tags,
        summary: `Save this browser's Web Push subscription (PushSubscription.toJSON()); ${MAX_SUBSCRIPTIONS} per user, the oldest replaced`,
        body: SubscriptionBody,
        response: { 201: Created, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { endpoint, keys } = request.body;
      const problem = endpointProblem(endpoint, endpointHosts);
      if (problem) throw invalid('endpoint', problem);
      const p256dh = Buffer.from(keys.p256dh, 'base64url');
      if (p256dh.length !== 65 || p256dh[0] !== 4) throw invalid('keys.p256dh', 'no es una clave P-256');
      if (Buffer.from(keys.auth, 'base64url').length !== 16) throw invalid('keys.auth', 'debe tener 16 bytes');
      const id = await saveTarget(request.em, 'push_subscriptions', request.user.id, MAX_SUBSCRIPTIONS, {
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
      });
      return reply.status(201).send({ id });
    },
  );

  app.post(
    '/devices',
    {
      ...auth,
      schema: {
        tags,
        summary: `Register the mobile app's FCM token; ${MAX_DEVICES} per user, the oldest replaced`,
        body: DeviceBody,
        response: { 201: Created, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { token, platform } = request.body;
      const id = await saveTarget(request.em, 'push_devices', request.user.id, MAX_DEVICES, { token, platform });
      return reply.status(201).send({ id });
    },
  );

  for (const [path, table] of [
    ['/subscriptions/:id', 'push_subscriptions'],
    ['/devices/:id', 'push_devices'],
  ] as const) {
    app.delete(
      path,
      {
        ...auth,
        schema: {
          tags,
          summary: table === 'push_devices' ? 'Forget one of my app devices' : 'Forget one of my browsers',
          params: IdParams,
          response: { 204: Type.Null(), ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const rows = isUuid(id)
          ? await request.em.execute(`delete from ${table} where id = ? and user_id = ? returning id`, [id, request.user.id])
          : [];
        if (!rows.length) throw notFound();
        return reply.status(204).send(null);
      },
    );
  }
}

/** Upserts a browser or device by its unique key for `userId`, then keeps the user's newest `max`. */
async function saveTarget(
  em: EntityManager,
  table: 'push_subscriptions' | 'push_devices',
  userId: string,
  max: number,
  fields: Record<string, string>,
): Promise<string> {
  const key = table === 'push_subscriptions' ? 'endpoint' : 'token';
  const names = Object.keys(fields);
  return em.transactional(async (tx) => {
    const [row] = await tx.execute(
      `insert into ${table} (id, user_id, ${names.join(', ')}) values (?, ?, ${names.map(() => '?').join(', ')})
       on conflict (${key}) do update set user_id = excluded.user_id, updated_at = now(),
         ${names.map((n) => `${n} = excluded.${n}`).join(', ')}
       returning id`,
      [newId(), userId, ...names.map((n) => fields[n])],
    );
    await tx.execute(
      `delete from ${table} where user_id = ? and id not in
         (select id from ${table} where user_id = ? order by updated_at desc, id desc limit ${max})`,
      [userId, userId],
    );
    return row.id as string;
  });
}

// ---------------------------------------------------------------- the outbox API (read-only)

const PushItem = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  userName: Type.String(),
  category: Nullable(Type.String()),
  title: Type.String(),
  body: Type.String(),
  url: Nullable(Type.String()),
  status: Type.String(),
  attempts: Type.Integer(),
  lastError: Nullable(Type.String()),
  createdAt: Type.String(),
  sentAt: Nullable(Type.String()),
});

const ADMIN = ['administrador', 'superAdministrador'] as const;
const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

/** /api/complexes/:complexId/push-outbox: the complex's notifications and what became of them, for administrators. */
export function pushOutboxRoutes(app: PluginApp, host: HostServices) {
  host.listRoute(app, {
    resource: 'push-outbox',
    roles: ADMIN,
    tags: ['push'],
    summary: 'Push notifications of the complex; filters: status, category, userId, q (title)',
    table: "(select o.*, u.first_name || ' ' || u.last_name as user_name from push_outbox o join users u on u.id = o.user_id)",
    columns: {
      id: 't.id',
      complexId: 't.complex_id',
      userId: 't.user_id',
      userName: 't.user_name',
      category: 't.category',
      title: 't.title',
      body: 't.body',
      url: 't.url',
      status: 't.status',
      attempts: 't.attempts',
      lastError: 't.last_error',
      createdAt: 't.created_at',
      sentAt: 't.sent_at',
    },
    filters: { status: 'exact', category: 'exact', userId: 'exact' },
    search: ['title'],
    sortable: ['createdAt', 'status', 'title', 'sentAt'],
    defaultSort: { field: 'createdAt', order: 'DESC' },
    item: PushItem,
    exportColumns: { createdAt: 'Fecha', userName: 'Para', title: 'Título', body: 'Mensaje', status: 'Estado' },
    toItem: (row: Record<string, unknown>) => ({
      id: row.id as string,
      userId: row.userId as string,
      userName: row.userName as string,
      category: (row.category as string | null) ?? null,
      title: row.title as string,
      body: row.body as string,
      url: (row.url as string | null) ?? null,
      status: row.status as string,
      attempts: Number(row.attempts),
      lastError: (row.lastError as string | null) ?? null,
      createdAt: iso(row.createdAt) as string,
      sentAt: iso(row.sentAt),
    }),
  });
}
