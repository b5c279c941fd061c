import type { ComplexRequestContext } from '@conjunto/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import type { FastifyContextConfig, FastifySchema } from 'fastify';
import type { AccessCache } from './access-cache.ts';
import type { AccessClaims, UserRow } from './auth/access.ts';
import type { Orm } from './db.ts';
import type { DomainEventsService } from './domain-events.ts';
import type { EventService } from './events.ts';
import type { FileService } from './files/service.ts';
import type { JobsService } from './jobs.ts';
import type { MailService } from './mail.ts';
import type { PushService } from './push.ts';
import type { Scheduler } from './schedules.ts';
import type { SecretsService } from './secrets.ts';
import type { SignatureService } from './signatures/store.ts';

export interface RouteRecord {
  method: string;
  url: string;
  roles?: readonly string[];
  /** The route's schema (body, querystring, params) and config, for the route-walking tests. */
  schema?: FastifySchema;
  config?: FastifyContextConfig;
  idempotent?: boolean;
  /** The route reads a multipart body (schema.consumes has multipart/form-data). */
  upload?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    orm: Orm;
    /** onRequest hook: verifies the access token and loads the current user (401 otherwise). */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** The request's access token's claims when its signature and claims verify (remembered until it expires), else undefined. */
    accessClaims: (request: FastifyRequest) => AccessClaims | undefined;
    /** Verifies the access token's signature and claims only; answers them (401 otherwise). Check them with sessionValid. */
    verifyAccessToken: (request: FastifyRequest) => Promise<AccessClaims>;
    /** Every route the app registered, for the tenancy walk test and the docs. */
    routeTable: RouteRecord[];
    /** The e-mail outbox (server/src/mail.ts). */
    mail: MailService;
    /** Push notifications: the outbox, its sender, the VAPID keys (server/src/push.ts). */
    push: PushService;
    /** PUBLIC_URL (config.publicUrl): the admin's address for links in e-mails (auth/password-links.ts). */
    publicUrl: string;
    /** Background jobs on pg-boss (server/src/jobs.ts). */
    jobs: JobsService;
    /** Plugins' recurring schedules (server/src/schedules.ts). */
    schedules: Scheduler;
    /** Stored files, uploads and signed URLs (server/src/files/). */
    files: FileService;
    /** Live events: publish(complexId, topic, payload, em?) from anywhere, e.g. jobs (server/src/events.ts). */
    events: EventService;
    /** The tenancy check's rows, cleared by every change to the tables they come from (access-cache.ts). */
    accessCache: AccessCache<Record<string, unknown>>;
    /** Plugins' services and domain events (server/src/domain-events.ts). */
    domainEvents: DomainEventsService;
    /** The complexes' electronic signatures, sealed with SIGNATURES_KEY (server/src/signatures/). */
    signatures: SignatureService;
    /** Plugins' small secrets sealed at rest (server/src/secrets.ts). */
    secrets: SecretsService;
  }
  interface FastifyRequest {
    em: EntityManager;
    complex?: ComplexRequestContext;
    /** The complex's stored switches (complexes.modules), as its admission read them. */
    complexModules?: Record<string, unknown> | null;
    /** The Idempotency-Key this request reserved, until its answer is stored. */
    idempotency?: { id: string };
  }
  interface FastifyContextConfig {
    /** Roles allowed on a route (complex-scoped routes: derived from the plugin's access table, else required). */
    roles?: readonly string[];
    /** The route's action in the plugin's access table, when its method and path do not say it. */
    access?: string;
    /** Honours an Idempotency-Key header (POSTs that create money or numbered records): server/src/idempotency.ts. */
    idempotent?: boolean;
    /** Set by the host for a resource with a switch of its own (manifest.resourceSwitches). */
    resourceOn?: (modules: Record<string, unknown> | null) => boolean;
    /** A stricter rate limit the host knows by name (server/src/rate-limit.ts): 'heavy' for imports and mass sends. */
    rateLimitTier?: 'heavy';
    /** Answers a signed-in user who has not accepted the terms yet (auth/access.ts requireTerms): /me and the acceptance. */
    beforeTerms?: boolean;
    /** Part of the payments (a statement, pending charges, a transfer report): open to the residents of a locked property. */
    payments?: boolean;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessClaims;
    user: UserRow;
  }
}
