// Builds the Fastify app: config -> database -> auth -> tenancy -> platform services -> plugins.
import { existsSync } from 'node:fs';
import { ApiError, compatibilityMounts, isUuid, type ServerPlugin } from '@conjunto/core';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyJwt from '@fastify/jwt';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { AccessCache } from './access-cache.ts';
import { registerAdmission } from './admission.ts';
import { type AccessClaims, AUTH_MESSAGES, loadSessionUser, requireTerms } from './auth/access.ts';

import { authRoutes } from './auth/routes.ts';
import { registerCompression } from './compression.ts';
import type { Config } from './config.ts';
import type { Database } from './db.ts';
import { directoryRoutes } from './directory/routes.ts';
import { createDomainEvents } from './domain-events.ts';
import { registerErrorHandling, sendNotFound } from './errors.ts';
import { createEventService, eventRoutes } from './events.ts';
import {
  createFileService,
  fileDownloadRoute,
  fileRoutes,
  filesSigningKey,
  isUploadRoute,
  registerFileHooks,
} from './files/service.ts';
import { registerIdempotency } from './idempotency.ts';
import { importJobs } from './imports/route.ts';
import { registerInputRules } from './input.ts';
import { createJobsService, jobRoutes } from './jobs.ts';
import { createMailService, mailRoutes } from './mail.ts';
import { openapiOptions } from './openapi.ts';
import { PLATFORM_COMPLEX_PREFIX, platformComplexRoutes } from './platform/complex-tools.ts';
import { mountPlatformScope } from './platform/plugin-scope.ts';
import { platformRoutes } from './platform/routes.ts';
import { createPushService, pushOutboxRoutes, pushRoutes } from './push.ts';
import { complexQueryRewriter } from './query-paths.ts';
import { registerRateLimits } from './rate-limit.ts';
import { DebugRequestLog } from './request-log.ts';
import { createScheduler } from './schedules.ts';
import { secretsService } from './secrets.ts';
import { registerSecurityHeaders, serveAdmin, swaggerUiCsp } from './security-headers.ts';
import { registerShutdown } from './shutdown.ts';
import { publicDocumentRoutes } from './signatures/documents.ts';
import { signatureRoutes } from './signatures/routes.ts';
import { createSignatureService } from './signatures/store.ts';
import { catalogueFor, mountComplexScope } from './tenancy.ts';
import './types.ts';

const FORKED_EM = Symbol('forkedEm');
const CLAIMS = Symbol('accessClaims');

export interface AppOptions {
  config: Config;
  db: Database;
  plugins: readonly ServerPlugin[];
  logger?: boolean | object;
}

export async function buildApp({ config, db, plugins, logger }: AppOptions): Promise<FastifyInstance> {
  const rewrite = complexQueryRewriter(plugins);
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // Spec paths naming the complex in the query string go to the complex routes that serve them (query-paths.ts).
    rewriteUrl: (request) => rewrite(request.url ?? '/'),
    // Demo mode: one line per request only at debug, so the start banner is not buried (request-log.ts).
    logController: config.seedDemo ? new DebugRequestLog() : undefined,
    // X-Forwarded-For is believed only from the configured proxies (TRUST_PROXY); otherwise anyone could pick their address.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    // Closing answers new requests itself (503, the app's error shape, Retry-After): server/src/shutdown.ts.
    return503OnClosing: false,
    ajv: {
      customOptions: {
        allErrors: true,
        removeAdditional: true,
        coerceTypes: 'array',
        useDefaults: true,
        multipleOfPrecision: 6,
        allowUnionTypes: true,
      },
    },
  });

  const shutdown = registerShutdown(app, config.shutdownGraceSeconds);
  app.decorate('orm', db.orm);
  app.decorate('routeTable', [] as FastifyInstance['routeTable']);
  // One EntityManager per request: its identity map never leaks between users. Forked on first use: a fork
  // costs more than a list's own work (MikroORM writes process.env on every fork), and a list reads without it.
  app.decorateRequest(FORKED_EM, null);
  app.decorateRequest('em', {
    getter(this: FastifyRequest) {
      const slot = this as FastifyRequest & { [FORKED_EM]: FastifyRequest['em'] | null };
      slot[FORKED_EM] ??= db.orm.em.fork();
      return slot[FORKED_EM];
    },
  });
  // The embedded database has one connection: API requests enter in arrival order, and are shed with 503 past the line.
  if (!config.databaseUrl) registerAdmission(app, config.admission);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      // Read when asked: the tenancy scope's own hook, which runs after this one, derives the roles.
      if (method !== 'HEAD')
        app.routeTable.push({
          method,
          url: route.url,
          get roles() {
            return route.config?.roles;
          },
          get config() {
            return route.config;
          },
          schema: route.schema,
          idempotent: route.config?.idempotent,
          upload: isUploadRoute(route.schema),
        });
    }
  });

  registerErrorHandling(app);
  registerInputRules(app);
  registerIdempotency(app, db.orm);
  // After the idempotency hook: a replayed answer is stored as sent, and compressed anew for its client.
  registerCompression(app);
  // Content-Security-Policy, nosniff, Referrer-Policy, HSTS (outside localhost) ... on every answer.
  await registerSecurityHeaders(app);
  const catalogue = catalogueFor(plugins);
  // Uploads (e.g. Excel imports): explicit limits; a route may narrow them further in request.parts().
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: 10 * 1024 * 1024,
      files: 5,
      parts: 30,
      fields: 20,
      fieldSize: 100 * 1024,
      fieldNameSize: 100,
      headerPairs: 100,
    },
  });

  // The e-mail outbox: delivered by SMTP when configured, else kept in the local outbox.
  const mail = createMailService(config, db.orm, app.log);
  app.decorate('mail', mail);
  app.decorate('publicUrl', config.publicUrl);
  // Electronic signatures of the complexes (.p12 sealed with SIGNATURES_KEY): signed PDFs now, e-invoices later.
  app.decorate('signatures', createSignatureService(config.signaturesKey));
  app.decorate('secrets', secretsService(config.signaturesKey));
  if (!config.signaturesKey)
    app.log.warn('SIGNATURES_KEY is not set: electronic signatures cannot be loaded or used until it is configured.');
  app.addHook('onReady', async () => mail.start());
  app.addHook('onClose', () => mail.stop());
  // Push notifications: Web Push (VAPID) and FCM when configured, else kept in the outbox as 'unsent'.
  const push = createPushService(config.push, db.orm, app.log);
  app.decorate('push', push);
  app.addHook('onReady', () => push.start());
  app.addHook('onClose', () => push.stop());
  if (!push.enabled) app.log.warn('Push notifications are off (no VAPID keys, no FCM account): they stay in the outbox.');
  // Who may reach which complex, kept between requests; cleared by this process's writes to its tables as they
  // are sent, and by every process's at commit (the events listener hears the access channel too).
  const accessCache = new AccessCache<Record<string, unknown>>();
  const clearAccess = () => accessCache.clear();
  db.onAccessWrite.add(clearAccess);
  app.addHook('onClose', async () => void db.onAccessWrite.delete(clearAccess));
  app.decorate('accessCache', accessCache);
  // Live events: one LISTEN per process fans NOTIFYs out to this process's SSE streams.
  const events = createEventService({ databaseUrl: config.databaseDirectUrl }, db, app.log, clearAccess);
  app.decorate('events', events);
  app.addHook('onReady', () => events.start());
  app.addHook('onClose', () => events.stop());
  // Stored files under <DATA_DIR>/files; upload temporaries are removed after every response (hooks before any scope).
  const files = createFileService({ dataDir: config.dataDir, signingKey: filesSigningKey(config) }, db.orm, app.log);
  app.decorate('files', files);
  registerFileHooks(app, files);
  // Background jobs (pg-boss on the same database): started once the app is ready (migrations ran before
  // buildApp), stopped on close letting running jobs finish.
  const jobs = createJobsService(
    {
      databaseUrl: config.databaseDirectUrl,
      pglite: db.pglite,
      concurrency: config.jobsConcurrency,
      pollSeconds: config.jobsPollSeconds,
      // Bound to the domain events' service lookup below (a job runs only after the app is ready).
      service: (caller, provider, scope) =>
        domainEvents.service(caller, provider, { ...scope, em: scope.em as Parameters<typeof domainEvents.service>[2]['em'] }),
    },
    db.orm,
    files,
    mail,
    push,
    // The host's import job (imports/route.ts) runs beside the plugins' jobs.
    [...plugins, importJobs({ embedded: Boolean(db.pglite), mail })],
    catalogue,
    app.log,
  );
  app.decorate('jobs', jobs);
  // Plugins' services and domain events: the outbox's dispatcher runs in every process unless told not to.
  const domainEvents = createDomainEvents(db.orm, plugins, catalogue, app.log, {
    worker: config.domainEventsWorker,
    push,
  });
  app.decorate('domainEvents', domainEvents);
  app.addHook('onReady', async () => domainEvents.start());
  app.addHook('onClose', () => domainEvents.stop());
  // Plugins' recurring schedules: every process ticks, and a lease on each row lets one of them submit an occurrence.
  // Stopped before the jobs it submits to.
  const schedules = createScheduler(db.orm, jobs, plugins, app.log, config.schedulesTickSeconds);
  app.decorate('schedules', schedules);
  app.addHook('onReady', async () => schedules.start());
  app.addHook('onClose', () => schedules.stop());
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop(shutdown.remainingMs()));
  // Lists answer their total in Content-Range: browsers on other origins may read it.
  await app.register(fastifyCors, {
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    exposedHeaders: ['Content-Range', 'Idempotency-Replayed'],
  });

  // Only the admin's refresh token travels in a cookie (httpOnly, SameSite=Strict, Path=/api/auth: auth/routes.ts).
  await app.register(fastifyCookie);
  await app.register(fastifyJwt, {
    secret: config.jwtSecret,
    sign: { algorithm: 'HS256', iss: 'conjunto', aud: 'conjunto-api', expiresIn: `${config.accessTokenTtlSeconds}s` },
    verify: { algorithms: ['HS256'], allowedIss: 'conjunto', allowedAud: 'conjunto-api' },
  });
  // A verified token is remembered until it expires: checking its HMAC and claims again on every request cost
  // more CPU than the list it guarded. What the token may do is still decided per request (tenancy.ts).
  const verified = new LRUCache<string, AccessClaims & { exp: number }>({ max: 10_000 });
  const claimsOf = (request: FastifyRequest): (AccessClaims & { exp: number }) | undefined => {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return undefined;
    const known = verified.get(token);
    if (known) return known.exp * 1000 > Date.now() ? known : undefined;
    let claims: AccessClaims & { exp: number };
    try {
      claims = app.jwt.verify<AccessClaims & { exp: number }>(token);
    } catch {
      return undefined;
    }
    if (claims.typ !== 'access' || !Number.isInteger(claims.ver) || !isUuid(claims.sid)) return undefined;
    verified.set(token, claims);
    return claims;
  };
  // Asked twice per request (the rate limit's key, then the route's check): read once.
  app.decorateRequest(CLAIMS, null);
  app.decorate('accessClaims', (request) => {
    const slot = request as FastifyRequest & { [CLAIMS]: { claims?: AccessClaims } | null };
    slot[CLAIMS] ??= { claims: claimsOf(request) };
    return slot[CLAIMS].claims;
  });
  // Rate limits shared by every process (PostgreSQL store): before any route, and the 404 handler.
  await registerRateLimits(app, config, db.orm, sendNotFound);
  const unauthenticated = () => new ApiError(401, 'UNAUTHENTICATED', AUTH_MESSAGES.sessionExpired);
  app.decorate('verifyAccessToken', async (request) => {
    const claims = app.accessClaims(request);
    if (!claims) throw unauthenticated();
    return claims;
  });
  app.decorate('authenticate', async (request) => {
    // Read on every request (one query), so that disabling a user, a password change (token version) and a
    // logout or refresh reuse (the sign-in's family revoked) take effect at once.
    const user = await loadSessionUser(request.em, await app.verifyAccessToken(request));
    if (!user) throw unauthenticated();
    request.user = user;
    requireTerms(request, user);
  });

  await app.register(fastifySwagger, openapiOptions());
  // The API's map is not published by a production server unless API_DOCS=true.
  if (config.apiDocs) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', ...swaggerUiCsp });

  app.get('/api/health', { schema: { tags: ['platform'], security: [] } }, async (request) => {
    await request.em.execute('select 1');
    return { status: 'ok' };
  });
  await app.register((scope) => authRoutes(scope, config), { prefix: '/api/auth' });

  await app.register((scope) => platformRoutes(scope, plugins, catalogue), { prefix: '/api' });
  await mountComplexScope(app, {
    id: 'directory',
    catalogue,
    routes: (scope, host) => directoryRoutes(scope, host, catalogue, plugins),
  });
  // Platform staff's tools on one complex (cargardatos, newuser, unidadesH): the complex scope's checks, staff only.
  await mountComplexScope(app, {
    id: 'platform-complex',
    catalogue,
    routes: platformComplexRoutes,
    prefix: PLATFORM_COMPLEX_PREFIX,
  });
  await mountComplexScope(app, { id: 'mail', catalogue, routes: mailRoutes });
  // A signed-in user's browsers and devices (any role: who they are is enough), and the complex's push outbox.
  await app.register((scope) => pushRoutes(scope, push, config.push.endpointHosts), { prefix: '/api/push' });
  await mountComplexScope(app, { id: 'push', catalogue, routes: pushOutboxRoutes });
  await mountComplexScope(app, { id: 'events', catalogue, routes: eventRoutes });
  fileDownloadRoute(app, files);
  await mountComplexScope(app, { id: 'files', catalogue, routes: fileRoutes });
  await mountComplexScope(app, { id: 'jobs', catalogue, routes: jobRoutes });
  await mountComplexScope(app, { id: 'signatures', catalogue, routes: signatureRoutes });
  // What a printed verification code certifies: public, no sign-in (a signed-in client is not needed to read a paper).
  await app.register(publicDocumentRoutes, { prefix: '/api/public' });
  for (const plugin of plugins) {
    await mountComplexScope(app, { id: plugin.manifest.id, plugin, catalogue, routes: plugin.routes });
    for (const mount of compatibilityMounts(plugin))
      await mountComplexScope(app, { id: plugin.manifest.id, plugin, catalogue, ...mount });
    // Its platform staff's screens across complexes: /api/platform/<plugin id>/...
    await mountPlatformScope(app, plugin);
  }

  // The admin's page (with its per-response CSP nonce) and assets.
  if (existsSync(config.adminDist)) await serveAdmin(app, config.adminDist);
  return app;
}
