// Live events, a platform service: publish(complexId, topic, payload) goes through the database as a NOTIFY
// on one channel, so every server process receives it (PostgreSQL), and a transaction's events are delivered
// at its commit and dropped by its rollback (PostgreSQL's own NOTIFY semantics). Each process keeps one
// listener: a dedicated pg connection doing LISTEN (reconnecting with back-off), or on PGlite (one process by
// design, thanks to the data-folder lock) PGlite's own listen() on the shared instance, which has the same
// commit/rollback semantics. The listener fans events out to the local subscribers of their complex: the
// Server-Sent Events streams of GET /api/complexes/:complexId/events.
//
// Choices: payloads larger than MAX_EVENT_BYTES are refused with an error (NOTIFY's limit is 8000 bytes):
// publish ids and counters, and let the client fetch the record. Events are not stored: an event published
// while a stream (or a process's listener) is reconnecting is lost, there is no replay and Last-Event-ID is
// ignored; a client reloads what it shows when its stream (re)opens.
import type { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { ApiError, type HostServices, isUuid, type PluginApp } from '@conjunto/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { Type } from 'typebox';
import { ACCESS_CHANNEL } from './access-cache.ts';
import type { Database } from './db.ts';

const EVENTS_CHANNEL = 'conjunto_events';
/** Bytes of the NOTIFY payload ({complexId, topic, payload} as JSON); PostgreSQL refuses 8000 and more. */
export const MAX_EVENT_BYTES = 7900;
/** Open streams per user and process (a browser tab keeps one). */
export const MAX_STREAMS_PER_USER = 5;
const HEARTBEAT_MS = 25_000;
/** Bytes waiting for a slow client before its stream is closed. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Plugins prefix topics with their id: '<plugin id>.<name>'. Letters, digits and . _ : - only (SSE-safe). */
const TOPIC = /^[A-Za-z][\w.:-]{0,99}$/;

export interface LiveEvent {
  complexId: string;
  topic: string;
  payload: unknown;
}

export type EventListener = (event: LiveEvent) => void;

export interface EventService {
  /**
   * Publishes on `em` (default: a fresh one, committed at once). Inside a transaction the event is delivered
   * at commit and dropped by a rollback. For jobs and other code outside requests.
   */
  publish(complexId: string, topic: string, payload: unknown, em?: EntityManager): Promise<void>;
  /** Local subscription to one complex's events (the SSE endpoint uses it). */
  subscribe(complexId: string, listener: EventListener): () => void;
  /** Local subscribers, all complexes (tests, metrics). */
  subscriberCount(): number;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The NOTIFY text of an event; throws (a programming error) on a bad complex id, topic or a payload too large. */
function encodeEvent(complexId: string, topic: string, payload: unknown): string {
  if (!isUuid(complexId)) throw new Error(`publish: invalid complex id ${JSON.stringify(complexId)}`);
  if (!TOPIC.test(topic)) throw new Error(`publish: invalid topic ${JSON.stringify(topic)} (letters, digits, . _ : - only)`);
  const text = JSON.stringify({ complexId, topic, payload: payload ?? null });
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_EVENT_BYTES)
    throw new Error(
      `publish: event ${topic} has ${bytes} bytes, more than ${MAX_EVENT_BYTES}: publish ids and counts, not records`,
    );
  return text;
}

/** Publishes through `em`, joining its transaction when it has one (HostServices.publish). */
export async function publishEvent(em: EntityManager, complexId: string, topic: string, payload: unknown): Promise<void> {
  await em.execute('select pg_notify(?, ?)', [EVENTS_CHANNEL, encodeEvent(complexId, topic, payload)]);
}

/** Anything can NOTIFY the channel: keep only well-formed events. */
function decodeEvent(text: string): LiveEvent | undefined {
  try {
    const event = JSON.parse(text) as LiveEvent;
    if (typeof event?.complexId === 'string' && typeof event.topic === 'string' && TOPIC.test(event.topic)) return event;
  } catch {
    // ignored below
  }
  return undefined;
}

interface Listener {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** One dedicated connection doing LISTEN; on error or end it reconnects with back-off (0.25 s .. 30 s). */
/** Handlers by channel: the live events, and the access cache's invalidations (access-cache.ts). */
type Channels = Record<string, (text: string) => void>;

/** Every (re)connection may have missed notifications: `onConnect` lets the caches start over. */
function postgresListener(url: string, channels: Channels, onConnect: () => void, log: FastifyBaseLogger): Listener {
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let delay = 250;
  let stopped = false;

  const retry = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, 30_000);
  };

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: url, application_name: 'conjunto-events' });
    let dead = false;
    const drop = (err?: Error) => {
      if (dead) return;
      dead = true;
      if (client === c) client = undefined;
      if (!stopped) log.warn({ err }, 'events listener lost its connection; reconnecting');
      c.end().catch(() => undefined);
      retry();
    };
    c.on('notification', (m) => {
      if (Object.hasOwn(channels, m.channel)) channels[m.channel](m.payload ?? '');
    });
    c.on('error', drop);
    c.on('end', () => drop());
    try {
      await c.connect();
      for (const channel of Object.keys(channels)) await c.query(`listen ${channel}`);
    } catch (err) {
      drop(err as Error);
      return;
    }
    if (stopped) {
      dead = true;
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    delay = 250;
    onConnect();
  }

  return {
    start: connect,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}

/** PGlite calls the callback while it processes the committing statement: same instance, same semantics. */
function pgliteListener(pglite: NonNullable<Database['pglite']>, channels: Channels): Listener {
  let unlisten: (() => Promise<void>)[] = [];
  return {
    async start() {
      for (const [channel, handler] of Object.entries(channels)) unlisten.push(await pglite.listen(channel, handler));
    },
    async stop() {
      const u = unlisten;
      unlisten = [];
      if (!pglite.closed) for (const stop of u) await stop();
    },
  };
}

export function createEventService(
  options: { databaseUrl?: string },
  db: Database,
  log: FastifyBaseLogger,
  /** Told of every committed change to the access tables, and of every reconnection of the listener. */
  onAccessChange: () => void = () => {},
): EventService {
  const subscribers = new Map<string, Set<EventListener>>();
  const deliver = (text: string) => {
    const event = decodeEvent(text);
    if (!event) return;
    for (const listener of [...(subscribers.get(event.complexId) ?? [])]) {
      try {
        listener(event);
      } catch (err) {
        log.warn({ err, topic: event.topic }, 'event subscriber failed');
      }
    }
  };
  const channels: Channels = { [EVENTS_CHANNEL]: deliver, [ACCESS_CHANNEL]: onAccessChange };
  const listener = options.databaseUrl
    ? postgresListener(options.databaseUrl, channels, onAccessChange, log)
    : db.pglite
      ? pgliteListener(db.pglite, channels)
      : undefined;
  if (!listener) throw new Error('events: neither DATABASE_URL nor PGlite');

  return {
    publish: (complexId, topic, payload, em) => publishEvent(em ?? db.orm.em.fork(), complexId, topic, payload),
    subscribe(complexId, fn) {
      const set = subscribers.get(complexId) ?? new Set<EventListener>();
      subscribers.set(complexId, set);
      set.add(fn);
      return () => {
        set.delete(fn);
        if (!set.size && subscribers.get(complexId) === set) subscribers.delete(complexId);
      };
    },
    subscriberCount: () => [...subscribers.values()].reduce((n, s) => n + s.size, 0),
    start: () => listener.start(),
    stop: () => listener.stop(),
  };
}

// ---------------------------------------------------------------- the SSE endpoint

const EVENT_ROLES = ['administrador', 'superAdministrador', 'supervisor', 'directiva'] as const;

/** Frames of one event: `event: <topic>` and one `data:` line of JSON (JSON has no raw newlines). */
const sseFrame = (topic: string, payload: unknown) => `event: ${topic}\ndata: ${JSON.stringify(payload ?? null)}\n\n`;

/**
 * GET /api/complexes/:complexId/events: the complex's live events as Server-Sent Events, for fetch with the
 * normal Authorization header (EventSource cannot send it). `topics=a,b` narrows them. The stream ends when
 * the access token expires (the client reconnects with a fresh one, so a disabled user stops receiving) and
 * when the server shuts down; Last-Event-ID is ignored (no replay).
 */
export function eventRoutes(app: PluginApp, host: HostServices) {
  const events = app.events;
  const perUser = new Map<string, number>();
  const open = new Set<() => void>();
  // Sockets that carried a stream: clients may keep them after the stream ends, and Node does not count them
  // as idle, so they would hold the server's shutdown until their keep-alive timeout.
  const sockets = new Set<Socket>();
  app.addHook('preClose', async () => {
    for (const close of [...open]) close();
    // Let the final bytes go out, then drop what remains.
    await new Promise((r) => setImmediate(r));
    for (const socket of sockets) socket.destroy();
  });

  app.get(
    '/events',
    {
      config: { roles: EVENT_ROLES },
      schema: {
        tags: ['events'],
        summary: 'Live events of the complex (text/event-stream); topics: comma-separated filter',
        querystring: Type.Object({ topics: Type.Optional(Type.String({ maxLength: 2000 })) }),
      },
    },
    async (request, reply) => {
      const { complexId, userId } = host.context(request);
      const count = perUser.get(userId) ?? 0;
      if (count >= MAX_STREAMS_PER_USER)
        throw new ApiError(429, 'TOO_MANY_STREAMS', 'Hay demasiadas conexiones de eventos abiertas; cierre otras pestañas.');
      const { topics: topicList } = request.query;
      const topics = topicList
        ? new Set(
            topicList
              .split(',')
              .map((t) => t.trim())
              .filter(Boolean),
          )
        : undefined;
      const token = request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
      const exp = app.jwt.decode<{ exp?: number }>(token)?.exp;

      perUser.set(userId, count + 1);
      const stream = new PassThrough();
      const unsubscribe = events.subscribe(complexId, (event) => {
        if (topics && !topics.has(event.topic)) return;
        // A client that stopped reading is dropped rather than buffered without end (it reconnects).
        if (stream.writableLength > MAX_BUFFERED_BYTES) close();
        else stream.write(sseFrame(event.topic, event.payload));
      });
      const heartbeat = setInterval(() => stream.write(': ping\n\n'), HEARTBEAT_MS);
      const expiry = exp ? setTimeout(() => close(), Math.min(Math.max(exp * 1000 - Date.now(), 0), 2 ** 31 - 1)) : undefined;
      let closed = false;
      function close() {
        if (closed) return;
        closed = true;
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(expiry);
        open.delete(close);
        const n = (perUser.get(userId) ?? 1) - 1;
        if (n > 0) perUser.set(userId, n);
        else perUser.delete(userId);
        stream.end();
      }
      open.add(close);
      reply.raw.on('close', close);
      const socket = request.raw.socket;
      if (socket && !sockets.has(socket)) {
        sockets.add(socket);
        socket.once('close', () => sockets.delete(socket));
      }
      stream.on('close', close);
      // The first bytes flush the headers, so the client knows the stream is open (and subscribed).
      stream.write('retry: 3000\n: connected\n\n');
      return (
        reply
          .header('Content-Type', 'text/event-stream; charset=utf-8')
          .header('Cache-Control', 'no-cache, no-transform')
          .header('X-Accel-Buffering', 'no')
          // The socket goes with the stream: a kept-alive one would hold the server's shutdown.
          .header('Connection', 'close')
          .send(stream)
      );
    },
  );
}
