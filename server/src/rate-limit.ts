// Request rate limits (@fastify/rate-limit) over PostgreSQL, so that every server process shares one count:
// the counters live in an UNLOGGED table (rate_limits, migration server_0004) upserted atomically. Chosen over
// Redis (another service to run and secure) and over the plugin's in-memory store (one process's view, evicted
// under a flood); on PGlite it is the same SQL. Losing the counters in a database crash only resets them.
// The sign-in, heavy and 404 tiers count exactly (one upsert per request). The whole-API tier, hit by every
// request, is counted in memory and settled with the table once a second in one statement: a process's own
// count is exact, the others' reach it within a second (a client spread over N processes may pass the limit by
// what it sends in that second), and a request costs no round trip for it.
//
// Tiers (requests per minute, RATE_LIMIT_* in the README): the whole API per address + signed-in user, /api/auth/*
// per address, routes that opt in with `config: { rateLimitTier: 'heavy' }` (imports, notice sends) per user, and
// the 404 handler per address (scanners). Files outside /api (the admin's static assets) are not counted.
import { ApiError } from '@conjunto/core';
import fastifyRateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sweepLoginFailures } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { Orm } from './db.ts';

export const RATE_LIMIT_MESSAGE = 'Demasiadas solicitudes. Inténtelo de nuevo más tarde.';
const MINUTE = 60_000;

interface Counter {
  current: number;
  ttl: number;
}

/** The store class @fastify/rate-limit instantiates: one atomic upsert per hit, the window fixed from its first hit. */
function postgresStore(orm: Orm) {
  const connection = () => orm.em.fork().getConnection();
  return class PostgresRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: Counter) => void, timeWindow: number): void {
      connection()
        .execute(
          `insert into rate_limits as r (key, count, reset_at) values (?, 1, now() + make_interval(secs => ?))
           on conflict (key) do update set
             count = case when r.reset_at <= now() then 1 else r.count + 1 end,
             reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
           returning count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::bigint as ttl`,
          [key.slice(0, 200), timeWindow / 1000],
        )
        .then(
          ([row]) => callback(null, { current: Number(row.count), ttl: Number(row.ttl) }),
          (error) => callback(error as Error),
        );
    }

    child(): PostgresRateLimitStore {
      return this;
    }
  };
}

/** How often the in-memory API counts are added to the shared table and the totals read back. */
export const SETTLE_MS = 1000;

interface LocalCount {
  /** The shared total at the last settle (this process's share included). */
  settled: number;
  /** Hits here since then. */
  pending: number;
  resetAt: number;
}

/** The API tier's store: counts in memory, settled with rate_limits every SETTLE_MS (see the top of the file). */
function settledStore(orm: Orm, log: FastifyBaseLogger) {
  const Exact = postgresStore(orm);
  const counts = new Map<string, LocalCount>();
  let settling: Promise<void> | undefined;

  async function settle(): Promise<void> {
    const now = Date.now();
    const batch: [string, LocalCount, number][] = [];
    for (const [key, c] of counts) {
      if (c.pending > 0) batch.push([key, c, c.pending]);
      else if (c.resetAt <= now) counts.delete(key);
    }
    if (!batch.length) return;
    const rows = await orm.em
      .fork()
      .getConnection()
      .execute(
        `insert into rate_limits as r (key, count, reset_at)
           select k, n, to_timestamp(e / 1000.0) from unnest(array[?]::text[], array[?]::int[], array[?]::float8[]) as u(k, n, e)
         on conflict (key) do update set
           count = case when r.reset_at <= now() then excluded.count else r.count + excluded.count end,
           reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
         returning key, count, floor(extract(epoch from reset_at) * 1000)::float8 as reset_ms`,
        [batch.map(([k]) => k), batch.map(([, , n]) => n), batch.map(([, c]) => c.resetAt)],
      );
    const totals = new Map(rows.map((r) => [r.key as string, r]));
    for (const [key, c, sent] of batch) {
      const total = totals.get(key);
      c.pending -= sent;
      if (total) {
        c.settled = Number(total.count);
        c.resetAt = Number(total.reset_ms);
      }
    }
  }

  const timer = setInterval(() => {
    if (settling) return;
    settling = settle()
      .catch((error) => log.warn({ err: error }, 'rate-limit settle failed'))
      .finally(() => {
        settling = undefined;
      });
  }, SETTLE_MS);
  timer.unref();

  return {
    stop: async () => {
      clearInterval(timer);
      await settling;
    },
    Store: class SettledRateLimitStore {
      incr(key: string, callback: (error: Error | null, result?: Counter) => void, timeWindow: number): void {
        const now = Date.now();
        const k = key.slice(0, 200);
        let c = counts.get(k);
        if (!c || c.resetAt <= now) {
          c = { settled: 0, pending: 0, resetAt: now + timeWindow };
          counts.set(k, c);
        }
        c.pending++;
        callback(null, { current: c.settled + c.pending, ttl: c.resetAt - now });
      }

      /** The store of a route's own tier (@fastify/rate-limit asks the global one): exact unless it is the API's. */
      child(params: { exact?: boolean }): SettledRateLimitStore | InstanceType<typeof Exact> {
        return params.exact ? new Exact() : this;
      }
    },
  };
}

export type RateLimitTier = 'heavy';

/** Registers the limiter (before any route) and the rate-limited 404 handler. */
export async function registerRateLimits(
  app: FastifyInstance,
  config: Config,
  orm: Orm,
  sendNotFound: (request: FastifyRequest, reply: FastifyReply) => unknown,
): Promise<void> {
  /** The signed-in user of a valid access token (signature only, remembered: no database), else undefined. */
  const userOf = (request: FastifyRequest): string | undefined => app.accessClaims(request)?.sub;
  const tier = (name: string, max: number, key: (request: FastifyRequest) => string) => ({
    max,
    timeWindow: MINUTE,
    keyGenerator: (request: FastifyRequest) => `${name}:${key(request)}`,
    // Read by the settled store's child(): every tier but the API's counts exactly.
    exact: name !== 'api',
  });
  const settled = settledStore(orm, app.log);
  app.addHook('onClose', () => settled.stop());
  const tiers = {
    api: tier('api', config.rateLimit.api, (r) => `${r.ip}|${userOf(r) ?? ''}`),
    auth: tier('auth', config.rateLimit.auth, (r) => r.ip),
    heavy: tier('heavy', config.rateLimit.heavy, (r) => userOf(r) ?? r.ip),
    notFound: tier('404', config.rateLimit.notFound, (r) => r.ip),
  };

  // Before the limiter's own onRoute hook: the host's names become the plugin's per-route options.
  app.addHook('onRoute', (route) => {
    const name = route.config?.rateLimitTier;
    if (name !== undefined && name !== 'heavy') throw new Error(`${route.method} ${route.url}: unknown rateLimitTier '${name}'`);
    const options = name === 'heavy' ? tiers.heavy : route.url.startsWith('/api/auth/') ? tiers.auth : undefined;
    if (options) route.config = { ...route.config, rateLimit: options };
  });

  await app.register(fastifyRateLimit, {
    global: true,
    ...tiers.api,
    store: settled.Store as unknown as RateLimitPluginOptions['store'],
    // The admin's static files are not API calls (a page load fetches dozens).
    allowList: (request) => !request.url.startsWith('/api/'),
    // If the database is down the request fails on its own; the limiter must not turn that into something else.
    skipOnError: true,
    errorResponseBuilder: () => new ApiError(429, 'RATE_LIMITED', RATE_LIMIT_MESSAGE),
  });
  app.setNotFoundHandler({ preHandler: app.rateLimit({ ...tiers.notFound, allowList: () => false }) }, sendNotFound);

  // Expired counters (and sign-in failure windows) are deleted now and then, by every process (idempotent).
  let timer: NodeJS.Timeout | undefined;
  const sweep = async () => {
    const em = orm.em.fork();
    try {
      await em.getConnection().execute('delete from rate_limits where reset_at <= now()');
      await sweepLoginFailures(em);
    } catch (error) {
      app.log.warn({ err: error }, 'rate-limit sweep failed');
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(sweep, 5 * MINUTE);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
