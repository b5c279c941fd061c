// Several stateless server processes on one PostgreSQL behave as one: two real processes, first straight on the
// database and then through pgbouncer in transaction-pooling mode (DATABASE_URL through it, DATABASE_DIRECT_URL
// for the sessions that need one). Sign-in throttling, rate limits, live events, jobs, signed file URLs and a
// disabled user are all shared. PostgreSQL only: the embedded database is one process by design.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createServer } from '../src/server.ts';
import { freshPostgres } from './harness.ts';
import { type Child, freePort, PGBOUNCER, spawnServer, startPgbouncer, waitHealthy } from './processes.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const ENTRY = 'server/test/fixtures/serve-watch.ts';
const children: Child[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const child of children) child.process.kill('SIGKILL');
  await Promise.all(children.map((c) => c.exited));
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.skipIf(!DATABASE_URL)('migrations', () => {
  it('run once when two processes boot at once on an empty database', async () => {
    const database = await freshPostgres(DATABASE_URL as string);
    cleanups.push(database.drop);
    const dataDir = mkdtempSync(join(tmpdir(), 'conjunto-boot-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      JWT_SECRET: 'boot-secret-boot-secret-boot-secret',
      SEED_DEMO: 'false',
    });
    const servers = await Promise.all([createServer(config, { logger: false }), createServer(config, { logger: false })]);
    try {
      const rows = await servers[0].db.orm.em
        .fork()
        .execute('select name, count(*)::int as n from mikro_orm_migrations group by name having count(*) > 1');
      expect(rows).toEqual([]);
    } finally {
      for (const server of servers) await server.close();
    }
  }, 120_000);
});

interface Api {
  base: string;
  call(
    method: string,
    path: string,
    token?: string,
    body?: object,
    headers?: Record<string, string>,
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked by the assertions
  ): Promise<{ status: number; body: any }>;
}

const api = (base: string): Api => ({
  base,
  async call(method, path, token, body, headers = {}) {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  },
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

for (const through of ['directly', 'through pgbouncer'] as const) {
  describe.skipIf(!DATABASE_URL || (through === 'through pgbouncer' && !PGBOUNCER))(
    `two server processes on one database, ${through}`,
    () => {
      let a: Api;
      let b: Api;
      let token: string;
      let complexId: string;

      beforeAll(async () => {
        const database = await freshPostgres(DATABASE_URL as string);
        cleanups.push(database.drop);
        const dataDir = mkdtempSync(join(tmpdir(), 'conjunto-scale-'));
        cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
        let requestUrl = database.url;
        if (through === 'through pgbouncer') {
          const bouncer = await startPgbouncer(database.url);
          cleanups.push(bouncer.stop);
          requestUrl = bouncer.url;
        }
        const env = {
          DATA_DIR: dataDir,
          DATABASE_URL: requestUrl,
          DATABASE_DIRECT_URL: database.url,
          JWT_SECRET: 'scale-secret-scale-secret-scale-secret',
          LOG_LEVEL: 'warn',
          ADMIN_DIST: join(dataDir, 'none'),
          RATE_LIMIT_API: '40',
          JOBS_POLL_SECONDS: '0.5',
          SCHEDULES_TICK_SECONDS: '1',
        };
        // The first one migrates and seeds; the second finds it done.
        const start = async () => {
          const port = await freePort();
          const child = spawnServer({ ...env, PORT: String(port) }, ENTRY);
          children.push(child);
          await waitHealthy(`http://127.0.0.1:${port}`, child);
          return api(`http://127.0.0.1:${port}`);
        };
        a = await start();
        b = await start();
        const login = await a.call('POST', '/auth/login', undefined, { email: 'admin@demo.test', password: 'demo1234' });
        token = login.body.token;
        complexId = (login.body.user.complexes as { id: string; name: string }[]).find((c) => c.name === 'Conjunto Los Álamos')
          ?.id as string;
      }, 180_000);

      it('counts failed sign-ins of one account on both processes', async () => {
        for (let i = 0; i < 3; i++)
          expect((await a.call('POST', '/auth/login', undefined, { email: 'directiva@demo.test', password: 'mal' })).status).toBe(
            401,
          );
        for (let i = 0; i < 2; i++)
          expect((await b.call('POST', '/auth/login', undefined, { email: 'directiva@demo.test', password: 'mal' })).status).toBe(
            401,
          );
        // The sixth, on either process, is refused without checking the password.
        const refused = await a.call('POST', '/auth/login', undefined, { email: 'directiva@demo.test', password: 'demo1234' });
        expect(refused.status).toBe(429);
      });

      it('delivers an event published on one process to a live stream open on the other', async () => {
        const controller = new AbortController();
        const stream = await fetch(`${b.base}/api/complexes/${complexId}/events?topics=watch.ping`, {
          headers: { authorization: `Bearer ${token}` },
          signal: controller.signal,
        });
        expect(stream.status).toBe(200);
        const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
        let text = '';
        // The stream says it is connected (subscribed) first.
        while (!text.includes(': connected')) text += new TextDecoder().decode((await reader.read()).value);
        expect((await a.call('POST', `/complexes/${complexId}/watch/publish`, token)).status).toBe(200);
        const deadline = Date.now() + 10_000;
        while (!text.includes('event: watch.ping') && Date.now() < deadline)
          text += new TextDecoder().decode((await reader.read()).value);
        controller.abort();
        expect(text).toContain('event: watch.ping');
      });

      it("delivers a resident's panic alert raised on one process to a guard's stream on the other within a second", async () => {
        const guardToken = (await b.call('POST', '/auth/login', undefined, { email: 'guardia@demo.test', password: 'demo1234' }))
          .body.token;
        const residentToken = (
          await a.call('POST', '/auth/login', undefined, { email: 'residente@demo.test', password: 'demo1234', client: 'app' })
        ).body.token;
        const controller = new AbortController();
        const stream = await fetch(`${b.base}/api/complexes/${complexId}/events?topics=gate.panic.raised`, {
          headers: { authorization: `Bearer ${guardToken}` },
          signal: controller.signal,
        });
        expect(stream.status).toBe(200);
        const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
        let text = '';
        while (!text.includes(': connected')) text += new TextDecoder().decode((await reader.read()).value);
        const raised = await a.call('POST', `/complexes/${complexId}/panic-alerts`, residentToken, { detail: 'Prueba' });
        // From the resident's answer (the commit is behind it) to the guard's stream on the other process.
        const answered = Date.now();
        expect(raised.status).toBe(201);
        const deadline = answered + 5_000;
        while (!text.includes(raised.body.id) && Date.now() < deadline)
          text += new TextDecoder().decode((await reader.read()).value);
        const took = Date.now() - answered;
        controller.abort();
        expect(text).toContain('event: gate.panic.raised');
        expect(text).toContain(raised.body.id);
        expect(took).toBeLessThan(1000);
      });

      it('runs a job once, whichever process takes it', async () => {
        const submitted = await a.call('POST', `/complexes/${complexId}/watch/job`, token);
        expect(submitted.status).toBe(200);
        let runs: { job_id: string }[] = [];
        for (const deadline = Date.now() + 20_000; Date.now() < deadline; await sleep(250)) {
          runs = (await b.call('GET', `/complexes/${complexId}/watch/job-runs`, token)).body;
          const status = await b.call('GET', `/complexes/${complexId}/jobs/${submitted.body.jobId}`, token);
          if (status.body?.state === 'completed') break;
        }
        await sleep(1500);
        runs = (await b.call('GET', `/complexes/${complexId}/watch/job-runs`, token)).body;
        expect(runs.filter((r) => r.job_id === submitted.body.jobId)).toHaveLength(1);
      });

      it("submits a schedule's occurrence once though both processes tick every second: one job, one e-mail per recipient", async () => {
        // A daily e-mail to one unit from the next minute (Guayaquil wall time): due within about a minute.
        const local = new Date(Date.now() - 5 * 3600_000 + 60_000).toISOString().slice(0, 16);
        const units = (await a.call('GET', `/complexes/${complexId}/units?range=[0,0]`, token)).body as { id: string }[];
        const subject = `Programado ${Date.now()}`;
        const created = await a.call('POST', `/complexes/${complexId}/mailings`, token, {
          subject,
          body: 'Prueba de dos procesos.',
          audience: 'units',
          unitIds: [units[0].id],
          recurrence: 'daily',
          startAt: local,
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const id = created.body.id as string;
        // Asked a few times only, after the occurrence (the API's rate limit here is 40 a minute).
        await sleep(Math.max(0, Date.parse(`${local}:00-05:00`) - Date.now()) + 2500);
        let shown: { lastRunCount: number | null } = { lastRunCount: null };
        for (let i = 0; i < 15 && shown.lastRunCount == null; i++, await sleep(1000))
          shown = (await b.call('GET', `/complexes/${complexId}/mailings/${id}`, token)).body;
        expect(shown.lastRunCount).not.toBeNull();
        // Both processes ticked past the occurrence several times meanwhile.
        await sleep(2000);
        const jobs = (await b.call('GET', `/complexes/${complexId}/jobs?name=mailings.send`, token)).body as {
          createdAt: string;
        }[];
        expect(jobs.filter((j) => Date.parse(j.createdAt) >= Date.parse(created.body.createdAt))).toHaveLength(1);
        const filter = encodeURIComponent(JSON.stringify({ q: subject }));
        const mails = (await a.call('GET', `/complexes/${complexId}/mail-outbox?range=[0,99]&filter=${filter}`, token)).body;
        expect(mails).toHaveLength(shown.lastRunCount as number);
      }, 150_000);

      it('honours a signed file URL made by the other process', async () => {
        const signed = await a.call('POST', `/complexes/${complexId}/watch/file`, token);
        expect(signed.status).toBe(200);
        const res = await fetch(`${b.base}${signed.body.url}`);
        expect(res.status).toBe(200);
        expect(await res.text()).toBe('hola');
      });

      it('cuts a user disabled on one process off the other at once', async () => {
        const guard = (await b.call('POST', '/auth/login', undefined, { email: 'guardia@demo.test', password: 'demo1234' })).body
          .token;
        expect((await b.call('GET', `/complexes/${complexId}/units`, guard)).status).toBe(200);
        const staff = (await a.call('POST', '/auth/login', undefined, { email: 'superadmin@demo.test', password: 'demo1234' }))
          .body.token;
        const users = await a.call(
          'GET',
          `/platform/users?filter=${encodeURIComponent(JSON.stringify({ q: 'guardia@demo.test' }))}`,
          staff,
        );
        const guardId = users.body[0].id;
        expect((await a.call('PUT', `/platform/users/${guardId}`, staff, { isActive: false })).status).toBe(200);
        // The other process hears it through the database (its NOTIFY) within moments.
        let status = 0;
        for (const deadline = Date.now() + 2000; Date.now() < deadline; await sleep(50)) {
          status = (await b.call('GET', `/complexes/${complexId}/units`, guard)).status;
          if (status === 401) break;
        }
        expect(status).toBe(401);
      });

      // Last: it spends this address's API allowance for one account.
      it("shares the API rate limit (each process learns the other's count within a second)", async () => {
        // The API's count is per address and account, in a minute's window from its first request. An account that
        // has made no API request yet starts its window here: this test cannot cross into the next one (anonymous
        // requests, such as the start's health checks, opened theirs about a minute ago).
        const login = await a.call('POST', '/auth/login', undefined, { email: 'inquilino@demo.test', password: 'demo1234' });
        expect(login.status).toBe(200);
        const fresh = login.body.token as string;
        const health = (server: Api) => server.call('GET', '/health', fresh, undefined);
        for (let i = 0; i < 30; i++) expect((await health(a)).status).toBe(200);
        await sleep(1500);
        // B has not counted anything itself: after one settle it knows A's 30 and stops this address at 40.
        expect((await health(b)).status).toBe(200);
        await sleep(1500);
        let allowed = 0;
        while ((await health(b)).status === 200 && allowed < 40) allowed++;
        expect(allowed).toBeLessThanOrEqual(9);
      });
    },
  );
}
