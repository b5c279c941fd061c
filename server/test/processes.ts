// The server as real child processes, for tests that need a process boundary (a port in use, SIGTERM, SIGKILL
// between a commit and what follows it, several processes on one database).
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

export const ROOT = resolve(import.meta.dirname, '../..');

export const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

export interface Child {
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts `entry` (default: `npm start`'s) with the environment plus `env`; its output is kept (last 2 MB). */
export function spawnServer(env: Record<string, string>, entry = 'server/src/main.ts'): Child {
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-2_000_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    process: child,
    output: () => output,
    exited: new Promise((done) => child.once('exit', (code, signal) => done(code ?? (signal ? -1 : null)))),
  };
}

export async function waitHealthy(base: string, child: Child): Promise<void> {
  for (const deadline = Date.now() + 90_000; ; ) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    if (Date.now() > deadline || child.process.exitCode !== null || child.process.signalCode !== null)
      throw new Error(`the server did not start\n${child.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Debian's pgbouncer, where installed (`.ci/run` installs it). */
export const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((path) => existsSync(path));

/**
 * A pgbouncer in transaction-pooling mode in front of the PostgreSQL of `url` (trust auth, as the test server),
 * on a free port; answers the URL of the same database through it, and stop().
 */
export async function startPgbouncer(url: string): Promise<{ url: string; stop(): Promise<void> }> {
  if (!PGBOUNCER) throw new Error('pgbouncer is not installed (apt-get install pgbouncer)');
  const target = new URL(url);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'conjunto-pgbouncer-'));
  chmodSync(dir, 0o777);
  writeFileSync(join(dir, 'users.txt'), `"${target.username || 'postgres'}" ""\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 500',
      'default_pool_size = 20',
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
    ].join('\n'),
  );
  // pgbouncer refuses to run as root: as root it drops to the postgres user.
  const asRoot = process.getuid?.() === 0 ? ['-u', 'postgres'] : [];
  const child = spawn(PGBOUNCER, [...asRoot, join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (c) => (output += c));
  child.stderr?.on('data', (c) => (output += c));
  const through = new URL(url);
  through.hostname = '127.0.0.1';
  through.port = String(port);
  for (const deadline = Date.now() + 10_000; ; ) {
    const probe = new pg.Client({ connectionString: through.toString() });
    try {
      await probe.connect();
      await probe.query('select 1');
      await probe.end();
      break;
    } catch {
      await probe.end().catch(() => undefined);
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`pgbouncer did not start\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url: through.toString(),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
