// Configuration from the environment, read once at boot.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface Config {
  port: number;
  /** HOST; unset: 127.0.0.1 in demo mode (its passwords are published), 0.0.0.0 otherwise. */
  host: string;
  production: boolean;
  /** PGlite data folder (embedded default) and local files. */
  dataDir: string;
  /** postgres://... switches to a real server. Request traffic goes here (it may be a pgbouncer in transaction mode). */
  databaseUrl?: string;
  /**
   * DATABASE_DIRECT_URL: the same database without a transaction pooler, for the connections that need a session:
   * the LISTEN of live events and access changes, pg-boss, and the migrations' advisory lock. Default DATABASE_URL.
   */
  databaseDirectUrl?: string;
  /** Seeds demo data on the first start of an empty database (never in production). */
  seedDemo: boolean;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  logLevel: string;
  /** Origins allowed to call the API from a browser (comma-separated CORS_ORIGINS); same origin always is. */
  corsOrigins: string[];
  adminDist: string;
  /** smtp(s)://user:pass@host:port delivers queued e-mails; unset, they stay in the local outbox (mail_outbox). */
  smtpUrl?: string;
  /** Sender of the e-mails. */
  mailFrom: string;
  /** PUBLIC_URL: where people open the admin (links in e-mails), without a trailing slash. Default http://localhost:<PORT>. */
  publicUrl: string;
  /** HMAC key of signed file URLs (FILES_SIGNING_KEY); unset, one is derived from the JWT secret. */
  filesSigningKey?: string;
  /** Background jobs running at once in this process (JOBS_CONCURRENCY), so heavy work cannot starve the API. */
  jobsConcurrency: number;
  /** Idle poll of the job queues in seconds (JOBS_POLL_SECONDS, >= 0.5); new jobs also wake workers at once. */
  jobsPollSeconds: number;
  /** DOMAIN_EVENTS_WORKER=false: this process records domain events but leaves their delivery to the others. */
  domainEventsWorker: boolean;
  /** Whether /api/docs and /api/docs/json are served: always outside production, in production only with API_DOCS=true. */
  apiDocs: boolean;
  /** SHUTDOWN_GRACE_SECONDS: on SIGTERM, how long requests in flight and running jobs may take to finish. */
  shutdownGraceSeconds: number;
  /** Proxies whose X-Forwarded-* headers are believed (TRUST_PROXY: addresses/CIDRs, comma-separated); empty = none. */
  trustProxy: string[];
  /** Requests per minute (RATE_LIMIT_*): the whole API per address+user, /api/auth per address, heavy routes per user, 404s per address. */
  rateLimit: { api: number; auth: number; heavy: number; notFound: number };
  /**
   * SIGNATURES_KEY: the secret that encrypts the complexes' electronic signatures (.p12 and password, AES-256-GCM).
   * Outside production a missing one is random and kept in DATA_DIR (the demo); in production it is undefined
   * and the signature routes refuse with a clear message (server/src/signatures/crypto.ts), the rest still runs.
   */
  signaturesKey?: string;
  /** Embedded database only (server/src/admission.ts): API requests inside at once, in line at most, and the longest wait before a 503. */
  admission: { concurrency: number; maxQueue: number; maxWaitMs: number };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  const seedDemo = !production && env.SEED_DEMO !== 'false';
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST || (seedDemo ? '127.0.0.1' : '0.0.0.0'),
    production,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseDirectUrl: env.DATABASE_DIRECT_URL || env.DATABASE_URL || undefined,
    seedDemo,
    jwtSecret: env.JWT_SECRET ?? devSecret(production, dataDir),
    accessTokenTtlSeconds: Number(env.ACCESS_TOKEN_TTL ?? 15 * 60),
    refreshTokenTtlDays: Number(env.REFRESH_TOKEN_TTL_DAYS ?? 30),
    logLevel: env.LOG_LEVEL ?? 'info',
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    adminDist: resolve(env.ADMIN_DIST ?? join(import.meta.dirname, '../../admin/dist')),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Conjunto <no-reply@conjunto.local>',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${Number(env.PORT ?? 3000)}`).replace(/\/+$/, ''),
    filesSigningKey: env.FILES_SIGNING_KEY || undefined,
    jobsConcurrency: Math.max(1, Math.floor(Number(env.JOBS_CONCURRENCY ?? 2)) || 2),
    jobsPollSeconds: Math.max(0.5, Number(env.JOBS_POLL_SECONDS ?? 2) || 2),
    domainEventsWorker: env.DOMAIN_EVENTS_WORKER !== 'false',
    apiDocs: !production || env.API_DOCS === 'true',
    shutdownGraceSeconds: Math.max(1, Number(env.SHUTDOWN_GRACE_SECONDS ?? 30) || 30),
    trustProxy: (env.TRUST_PROXY ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    signaturesKey: signaturesKey(env.SIGNATURES_KEY, production, dataDir),
    rateLimit: {
      api: perMinute(env.RATE_LIMIT_API, 600),
      auth: perMinute(env.RATE_LIMIT_AUTH, 30),
      heavy: perMinute(env.RATE_LIMIT_HEAVY, 30),
      notFound: perMinute(env.RATE_LIMIT_NOT_FOUND, 120),
    },
    admission: {
      concurrency: Math.max(1, Math.floor(Number(env.EMBEDDED_CONCURRENCY ?? 8)) || 8),
      maxQueue: Number.isFinite(Number(env.EMBEDDED_QUEUE ?? 500))
        ? Math.max(0, Math.floor(Number(env.EMBEDDED_QUEUE ?? 500)))
        : 500,
      maxWaitMs: Math.max(100, Number(env.EMBEDDED_MAX_WAIT_MS ?? 3000) || 3000),
    },
  };
}

const perMinute = (value: string | undefined, fallback: number) => {
  const n = Math.floor(Number(value));
  return value && Number.isFinite(n) && n > 0 ? n : fallback;
};

/** Outside production a missing JWT_SECRET gets a random one kept in the data folder, so sessions survive restarts. */
function devSecret(production: boolean, dataDir: string): string {
  if (production) throw new Error('JWT_SECRET is required when NODE_ENV=production.');
  return devFileSecret(dataDir, 'jwt-secret');
}

/** SIGNATURES_KEY: at least 32 characters when set (it is stretched to the AES-256 key, never used as typed). */
function signaturesKey(value: string | undefined, production: boolean, dataDir: string): string | undefined {
  if (value && value.length < 32) throw new Error('SIGNATURES_KEY must have at least 32 characters.');
  return value || (production ? undefined : devFileSecret(dataDir, 'signatures-key'));
}

/** A random secret kept in the data folder (demo and development only), made on first use. */
function devFileSecret(dataDir: string, name: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, name);
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}
