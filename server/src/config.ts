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
  /** How often each process looks for due schedules, seconds (SCHEDULES_TICK_SECONDS, 1 .. 300, default 30). */
  schedulesTickSeconds: number;
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
  /** Push notifications (server/src/push.ts). */
  push: PushConfig;
  /** Embedded database only (server/src/admission.ts): API requests inside at once, in line at most, and the longest wait before a 503. */
  admission: { concurrency: number; maxQueue: number; maxWaitMs: number };
}

export interface PushConfig {
  /**
   * VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY (base64url, as `npx web-push generate-vapid-keys` prints them): the key pair
   * the browsers' subscriptions are bound to. Unset outside production: 'generate', a pair made once and kept in the
   * database beside the subscriptions (push_settings). Unset in production: undefined, Web Push is off.
   */
  vapid?: { publicKey: string; privateKey: string } | 'generate';
  /** VAPID_SUBJECT: how a push service reaches the operator (mailto: or https:); default the MAIL_FROM address. */
  vapidSubject: string;
  /** FCM_SERVICE_ACCOUNT (the service account's JSON, or the path of its file): FCM HTTP v1 for the mobile app. */
  fcm?: FcmServiceAccount;
  /** FCM_BASE_URL: where FCM's API is (tests point it at a local server). */
  fcmBaseUrl: string;
  /**
   * PUSH_ENDPOINT_HOSTS: the hosts (suffixes, comma-separated; '*' any) a browser's subscription may point at. The
   * server POSTs to that address, so by default only the browsers' push services: Chrome and Android (FCM), Firefox,
   * Edge (WNS), Safari (Apple).
   */
  endpointHosts: string[];
}

export const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'];

/** What FCM HTTP v1 needs of a Google service account. */
export interface FcmServiceAccount {
  projectId: string;
  clientEmail: string;
  privateKey: string;
  /** FCM_TOKEN_URI, else the account's token_uri: where its signed JWT is exchanged for an access token. */
  tokenUri: string;
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
    schedulesTickSeconds: Math.min(300, Math.max(1, Number(env.SCHEDULES_TICK_SECONDS ?? 30) || 30)),
    domainEventsWorker: env.DOMAIN_EVENTS_WORKER !== 'false',
    apiDocs: !production || env.API_DOCS === 'true',
    shutdownGraceSeconds: Math.max(1, Number(env.SHUTDOWN_GRACE_SECONDS ?? 30) || 30),
    trustProxy: (env.TRUST_PROXY ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    signaturesKey: signaturesKey(env.SIGNATURES_KEY, production, dataDir),
    push: pushConfig(env, production),
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

function pushConfig(env: NodeJS.ProcessEnv, production: boolean): PushConfig {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  if (Boolean(publicKey) !== Boolean(privateKey)) throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither.');
  if (publicKey && privateKey) {
    const decoded = (key: string) => (/^[A-Za-z0-9_-]+$/.test(key) ? Buffer.from(key, 'base64url').length : 0);
    if (decoded(publicKey) !== 65 || decoded(privateKey) !== 32)
      throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be a P-256 key pair in base64url (65 and 32 bytes).');
  }
  const from = /<([^<>\s]+@[^<>\s]+)>|^\s*([^<>\s]+@[^<>\s]+)\s*$/.exec(env.MAIL_FROM ?? '');
  const subject = env.VAPID_SUBJECT || `mailto:${from?.[1] ?? from?.[2] ?? 'no-reply@conjunto.local'}`;
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject)) throw new Error('VAPID_SUBJECT must be a mailto: or https: URL.');
  return {
    vapid: publicKey && privateKey ? { publicKey, privateKey } : production ? undefined : 'generate',
    vapidSubject: subject,
    fcm: env.FCM_SERVICE_ACCOUNT ? fcmAccount(env.FCM_SERVICE_ACCOUNT, env.FCM_TOKEN_URI) : undefined,
    fcmBaseUrl: (env.FCM_BASE_URL || 'https://fcm.googleapis.com').replace(/\/+$/, ''),
    endpointHosts: env.PUSH_ENDPOINT_HOSTS
      ? env.PUSH_ENDPOINT_HOSTS.split(',')
          .map((h) =>
            h
              .trim()
              .toLowerCase()
              .replace(/^\*?\./, ''),
          )
          .filter(Boolean)
      : PUSH_SERVICE_HOSTS,
  };
}

/** The service account's JSON (or the path of its file), checked at boot: a typo fails the start, not every send. */
function fcmAccount(value: string, tokenUri: string | undefined): FcmServiceAccount {
  let account: Record<string, unknown>;
  try {
    account = JSON.parse(value.trim().startsWith('{') ? value : readFileSync(value, 'utf8'));
  } catch (error) {
    throw new Error(`FCM_SERVICE_ACCOUNT is neither a service account's JSON nor the path of one: ${(error as Error).message}`);
  }
  const { project_id, client_email, private_key, token_uri } = account;
  if (typeof project_id !== 'string' || typeof client_email !== 'string' || typeof private_key !== 'string')
    throw new Error('FCM_SERVICE_ACCOUNT lacks project_id, client_email or private_key.');
  return {
    projectId: project_id,
    clientEmail: client_email,
    privateKey: private_key,
    tokenUri: tokenUri || (typeof token_uri === 'string' ? token_uri : 'https://oauth2.googleapis.com/token'),
  };
}

/** A random secret kept in the data folder (demo and development only), made on first use. */
function devFileSecret(dataDir: string, name: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, name);
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}
