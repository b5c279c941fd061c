// Request rate limits (@fastify/rate-limit) over PostgreSQL, so that every server process shares one count:
// the counters live in an UNLOGGED table (rate_limits, migration server_0004) upserted atomically, one round trip
// per request. Chosen over Redis (another service to run and secure) and over the plugin's in-memory store (one
// process's view, evicted under a flood); on PGlite it is the same SQL. Losing the counters in a database crash
// only resets them.
//
// Tiers (requests per minute, RATE_LIMIT_* in the README): the whole API per address + signed-in user, /api/auth/*
// per address, routes that opt in with `config: { rateLimitTier: 'heavy' }` (imports, notice sends) per user, and
// the 404 handler per address (scanners). Files outside /api (the admin's static assets) are not counted.
import { ApiError } from '@conjunto/core';
import fastifyRateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import type { Orm } from './db.ts';
import { sweepLoginFailures } from './auth/tokens.ts';

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
        .then(([row]) => callback(null, { current: Number(row.count), ttl: Number(row.ttl) }), (error) => callback(error as Error));
    }

    child(): PostgresRateLimitStore {
      return this;
    }
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
  /** The signed-in user of a valid bearer token (signature only: cheap, no database), else undefined. */
  const userOf = (request: FastifyRequest): string | undefined => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return undefined;
    try {
      return (app.jwt.verify(header.slice(7)) as { sub?: string }).sub;
    } catch {
      return undefined;
    }
  };
  const tier = (name: string, max: number, key: (request: FastifyRequest) => string) => ({
    max,
    timeWindow: MINUTE,
    keyGenerator: (request: FastifyRequest) => `${name}:${key(request)}`,
  });
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
    store: postgresStore(orm) as unknown as RateLimitPluginOptions['store'],
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
