// The server as a real process (`npm start`'s entry): a port already in use stops it with one line and exit
// 1 (its database closed, the embedded folder's lock released); SIGTERM lets requests in flight finish, refuses
// new ones and uploads whose body is still arriving (503), and exits 0 within the grace. On an embedded database
// folder, or on a fresh PostgreSQL database when DATABASE_URL is set.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres } from './harness.ts';
import { type Child, freePort, spawnServer, waitHealthy } from './processes.ts';

const GRACE_SECONDS = 20;
const CLOSING = 'El servicio se está reiniciando. Inténtelo de nuevo en unos segundos.';

let dataDir: string;
let env: Record<string, string>;
let dropDatabase: (() => Promise<void>) | undefined;
const children: Child[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'conjunto-process-'));
  env = {
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    JWT_SECRET: 'process-secret-process-secret-process',
    LOG_LEVEL: 'warn',
    ADMIN_DIST: join(dataDir, 'none'),
    SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
  };
  if (process.env.DATABASE_URL) {
    const database = await freshPostgres(process.env.DATABASE_URL);
    env.DATABASE_URL = database.url;
    dropDatabase = database.drop;
  }
});

afterAll(async () => {
  for (const child of children) child.process.kill('SIGKILL');
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a port already in use', () => {
  let blocker: Server;
  afterAll(() => new Promise((done) => blocker?.close(done)));

  it('stops with one line in Spanish and English and exit 1, releasing the database', async () => {
    const port = await freePort();
    blocker = createServer();
    await new Promise<void>((done) => blocker.listen(port, '127.0.0.1', done));
    const child = spawnServer({ ...env, PORT: String(port) });
    children.push(child);
    const code = await child.exited;
    const output = child.output();
    expect(code, output).toBe(1);
    expect(output).toContain(`No se pudo escuchar en el puerto ${port}: ya está en uso (EADDRINUSE).`);
    expect(output).toContain(`Port ${port} is already in use.`);
    expect(output).not.toMatch(/^\s+at /m);
    // The embedded database was closed: its folder lock is gone, and the next start takes the folder at once.
    if (!env.DATABASE_URL) expect(existsSync(join(dataDir, 'pglite', '.conjunto.lock'))).toBe(false);
  }, 120_000);
});

/** A POST whose multipart body is only partly sent: resolves with its answer once the server gives one. */
function partialUpload(base: string, path: string, token: string) {
  const boundary = '----conjuntoSlowUpload';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cobros.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const declared = head.length + 1024 * 1024;
  let sentSome: () => void;
  const started = new Promise<void>((done) => {
    sentSome = done;
  });
  const answer = new Promise<{ status: number; headers: Record<string, unknown>; body: string } | { error: string }>((done) => {
    const req = httpRequest(`${base}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(declared),
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', (e) => done({ error: e.message }));
    });
    req.on('error', (e) => done({ error: e.message }));
    req.write(head);
    req.write(Buffer.alloc(64 * 1024, 1), () => sentSome());
    // The rest never comes: the client is slow.
  });
  return { started, answer };
}

describe('SIGTERM', () => {
  it('answers every request in flight in full, refuses new ones and unfinished uploads with 503, and exits 0 within the grace', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // At level debug the demo server logs each request it received ('incoming request') and answered ('request
    // completed'); at info it keeps them out of the newcomer's console (server/src/request-log.ts).
    const child = spawnServer({ ...env, PORT: String(port), LOG_LEVEL: 'debug' });
    children.push(child);
    await waitHealthy(base, child);
    const logged = (msg: string, url: string) =>
      child
        .output()
        .split('\n')
        .filter((line) => line.includes(msg) && line.includes(url)).length;

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'demo1234' }),
    });
    const { token, user } = (await login.json()) as { token: string; user: { complexes: { id: string; name: string }[] } };
    const complexId = user.complexes.find((c) => c.name === 'Conjunto Los Álamos')?.id as string;
    const auth = { authorization: `Bearer ${token}` };

    // Slow requests: overdue-notice runs (a mail to every resident with debts; the statements' PDFs went to a
    // background job), all at once; they take their turn on the complex's notice number, so the last ones wait
    // for the first.
    const RUNS = 6;
    const upload = partialUpload(base, `/api/complexes/${complexId}/receivables/import`, token);
    await upload.started;
    const runs = Array.from(
      { length: RUNS },
      () =>
        new Promise<{ status: number; body: { number?: number; error?: string }; at: number }>((done) => {
          const payload = JSON.stringify({ recipients: 'all' });
          const req = httpRequest(`${base}/api/complexes/${complexId}/notices/overdue`, {
            method: 'POST',
            agent: false,
            headers: { ...auth, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) },
          });
          req.on('response', (res) => {
            let body = '';
            res.on('data', (c) => {
              body += c;
            });
            res.on('end', () => done({ status: res.statusCode ?? 0, body: JSON.parse(body), at: Date.now() }));
          });
          req.on('error', (error) => done({ status: 0, body: { error: error.message }, at: Date.now() }));
          req.end(payload);
        }),
    );
    // SIGTERM once the server received them (on PostgreSQL all at once; PGlite runs its queries on the event
    // loop and takes the next request only when it gets a turn, so there at least the first).
    for (const deadline = Date.now() + 60_000; logged('incoming request', 'notices/overdue') < (env.DATABASE_URL ? RUNS : 1); ) {
      if (Date.now() > deadline) throw new Error(`the requests did not arrive\n${child.output()}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    // At once: on an idle machine the runs finish within a tenth of a second, and then none is left in flight.
    const receivedAtTerm = logged('incoming request', 'notices/overdue');
    const termAt = Date.now();
    child.process.kill('SIGTERM');
    // New connections are refused soon after (the listener closes once the signal handler gets its turn; on
    // PGlite, whose queries hold the event loop, that can take a while on a loaded machine).
    let late = 'accepted';
    for (const deadline = Date.now() + 15_000; late !== 'refused' && Date.now() < deadline; ) {
      late = await new Promise<string>((done) => {
        const socket = connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          done('accepted');
        });
        socket.once('error', (e: NodeJS.ErrnoException) => done(e.code === 'ECONNREFUSED' ? 'refused' : String(e.code)));
      });
      if (late !== 'refused') await new Promise((r) => setTimeout(r, 50));
    }

    const answers = await Promise.all(runs);
    const code = await child.exited;
    const exitAfter = Date.now() - termAt;
    const output = child.output();

    // Every run the server had received answered in full, each with its own notice number, some of them after
    // the signal; any it had not received yet was refused (503 with the text, or the connection).
    const done = answers.filter((a) => a.status === 200 && typeof a.body.number === 'number');
    expect(done.length, output).toBeGreaterThanOrEqual(receivedAtTerm);
    expect(new Set(done.map((a) => a.body.number)).size).toBe(done.length);
    expect(done.filter((a) => a.at > termAt).length).toBeGreaterThan(0);
    const others = answers.filter((a) => !done.includes(a));
    expect(
      others.filter((a) => !(a.status === 0 || (a.status === 503 && (a.body as { code?: string }).code === 'SHUTTING_DOWN'))),
    ).toEqual([]);
    const refused = await upload.answer;
    expect(refused, output).toMatchObject({ status: 503, headers: { 'retry-after': '5', connection: 'close' } });
    expect(JSON.parse((refused as { body: string }).body)).toEqual({ message: CLOSING, code: 'SHUTTING_DOWN' });
    expect(late).toBe('refused');
    expect(code, output).toBe(0);
    expect(exitAfter).toBeLessThan(GRACE_SECONDS * 1000);
  }, 180_000);
});
