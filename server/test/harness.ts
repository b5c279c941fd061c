// Starts the real app for a test file: PGlite in memory by default, a fresh PostgreSQL database when
// DATABASE_URL is set (dropped afterwards). The demo data is seeded, so tests sign in as demo accounts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerPlugin } from '@conjunto/core';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { createServer, type Server } from '../src/server.ts';
import { type Child, freePort, spawnServer, waitHealthy } from './processes.ts';
import { copyDataDir, templateFor } from './templates.ts';

/** The host's worker threads (what plugins get as host.workers / ctx.workers), and the pool's counters. */
export { sharedWorkers as hostWorkers, workerPool } from '../src/workers.ts';
/** Test electronic signatures (.p12) made with node-forge. */
export { makeP12, type TestP12 } from './p12.ts';
/** The server as a real child process (a test that kills it). */
export { type Child, freePort, spawnServer, waitHealthy } from './processes.ts';

export interface TestServer extends Server {
  /** Bearer headers of a demo account (password demo1234), its terms accepted. */
  login(email: string): Promise<{ authorization: string }>;
  complexId(name: 'alamos' | 'bosque' | 'colina'): Promise<string>;
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
}

const COMPLEX_NAMES = { alamos: 'Conjunto Los Álamos', bosque: 'Conjunto El Bosque', colina: 'Conjunto La Colina' };

/** A new database on the server of `url`, for one test file (a child server process too); drop() removes it. */
export async function freshPostgres(url: string, template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `conjunto_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

const BASE_ENV = {
  JWT_SECRET: 'test-secret-test-secret-test-secret',
  // API tests are scripted clients at machine speed (route-table walks, property runs of hundreds of calls a
  // second): the per-minute API limit meant for people is lifted here; rate-limit.test.ts sets low ones itself.
  RATE_LIMIT_API: '1000000',
  // Likewise the heavy tier (imports, e-mails): the walks call each of its routes several times a run.
  RATE_LIMIT_HEAVY: '1000000',
};

/**
 * `env`: extra configuration variables, e.g. { JOBS_CONCURRENCY: '1' }. `databaseUrl`: the URL the app uses for
 * its fresh PostgreSQL database (e.g. through a test proxy); the harness still creates and drops it directly.
 */
export async function startTestServer(
  options: {
    plugins?: readonly ServerPlugin[];
    env?: Record<string, string>;
    databaseUrl?: (url: string) => string;
    logger?: object;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'conjunto-test-'));
  const template = await templateFor(options.plugins, options.env, BASE_ENV);
  if (template) copyDataDir(template, dataDir);
  const pgDb = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL, template?.database) : undefined;
  const appUrl = pgDb && options.databaseUrl ? options.databaseUrl(pgDb.url) : pgDb?.url;
  const config = loadConfig({
    ...BASE_ENV,
    DATA_DIR: dataDir,
    DATABASE_URL: appUrl,
    ADMIN_DIST: join(dataDir, 'no-admin'),
    ...options.env,
  });
  let server: Server;
  try {
    server = await createServer(config, {
      plugins: options.plugins,
      logger: options.logger ?? false,
      pgliteDir: 'memory://',
      pgliteImage: template?.image,
    });
    await server.app.ready();
  } catch (error) {
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const tokens = new Map<string, string>();
  const ids = new Map<string, string>();

  const sql = async <T>(query: string, params: unknown[] = []) =>
    (await server.db.orm.em.fork().getConnection().execute(query, params)) as T[];
  return {
    ...server,
    sql,
    async login(email) {
      if (!tokens.has(email)) {
        const res = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'demo1234' } });
        if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
        const { token, user } = res.json();
        // As the admin's terms dialog does: nothing else answers before (terms.test.ts signs in without this).
        if (!user.legalAccepted) {
          const terms = { authorization: `Bearer ${token}` };
          await server.app.inject({ method: 'PUT', url: '/api/auth/me/terms', headers: terms, payload: { accepted: true } });
        }
        tokens.set(email, token);
      }
      return { authorization: `Bearer ${tokens.get(email)}` };
    },
    async complexId(name) {
      if (!ids.has(name)) {
        const [row] = await sql<{ id: string }>('select id from complexes where name = ?', [COMPLEX_NAMES[name]]);
        ids.set(name, row.id);
      }
      return ids.get(name)!;
    },
    async close() {
      await server.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** ra-data-simple-rest list query string. */
export function listQuery(params: {
  sort?: [string, string];
  range?: [number, number];
  filter?: Record<string, unknown>;
}): string {
  const q = new URLSearchParams();
  if (params.sort) q.set('sort', JSON.stringify(params.sort));
  if (params.range) q.set('range', JSON.stringify(params.range));
  if (params.filter) q.set('filter', JSON.stringify(params.filter));
  return `?${q}`;
}

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | Uint8Array | string;
}

/** A multipart/form-data body and its content-type header, for inject(). */
export function multipart(parts: MultipartPart[]): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----conjunto${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
    const type = p.filename === undefined ? '' : `Content-Type: ${p.contentType ?? 'application/octet-stream'}\r\n`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`),
      Buffer.from(p.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Sets the uncompressed sizes a zip declares (local header and central directory) to `size`: a lying zip. */
export function lieAboutZipSizes(zip: Buffer, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let i = 0; i < out.length - 4; i++) {
    const signature = out.readUInt32LE(i);
    if (signature === 0x04034b50) out.writeUInt32LE(size, i + 22);
    if (signature === 0x02014b50) out.writeUInt32LE(size, i + 24);
  }
  return out;
}

export interface KillableServer {
  /** http://127.0.0.1:<port> of the process running now. */
  readonly base: string;
  /** A JSON call on /api<path> (a JSON body gets its content type). */
  // biome-ignore lint/suspicious/noExplicitAny: the test reads the JSON it asked for
  api(path: string, init?: RequestInit & { token?: string }): Promise<{ status: number; body: any }>;
  /** Signs in as a demo account (password demo1234). */
  signIn(email?: string): Promise<{ token: string; user: { complexes: { id: string; name: string }[] } }>;
  /** SIGKILL (no shutdown at all), then a new process on the same data. */
  killAndRestart(): Promise<void>;
  /** The server's last log lines (warnings and errors), for an assertion's message. */
  logTail(): string;
  close(): Promise<void>;
}

/**
 * `npm start`'s server as a real child process on its own embedded database folder, or on a fresh PostgreSQL
 * database when DATABASE_URL is set: for tests that kill it half-way through some work.
 */
export async function killableServer(name: string): Promise<KillableServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `conjunto-${name}-`));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    JWT_SECRET: 'crash-secret-crash-secret-crash-secret',
    LOG_LEVEL: 'warn',
    JOBS_POLL_SECONDS: '0.5',
    ADMIN_DIST: join(dataDir, 'none'),
  };
  const database = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL) : undefined;
  if (database) env.DATABASE_URL = database.url;
  let child: Child | undefined;
  let base = '';
  const start = async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawnServer({ ...env, PORT: String(port) });
    await waitHealthy(base, child);
  };
  const close = async () => {
    child?.process.kill('SIGKILL');
    await child?.exited;
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await start();
  } catch (error) {
    await close();
    throw error;
  }
  const server: KillableServer = {
    get base() {
      return base;
    },
    async api(path, init = {}) {
      const headers = new Headers(init.headers);
      if (init.token) headers.set('authorization', `Bearer ${init.token}`);
      if (typeof init.body === 'string') headers.set('content-type', 'application/json');
      const res = await fetch(`${base}/api${path}`, { ...init, headers });
      return { status: res.status, body: await res.json() };
    },
    async signIn(email = 'admin@demo.test') {
      const res = await server.api('/auth/login', { method: 'POST', body: JSON.stringify({ email, password: 'demo1234' }) });
      if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status}`);
      return res.body;
    },
    async killAndRestart() {
      child?.process.kill('SIGKILL');
      await child?.exited;
      await start();
    },
    logTail: () => child?.output().slice(-20_000) ?? '',
    close,
  };
  return server;
}
