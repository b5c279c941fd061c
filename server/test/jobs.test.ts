// Background jobs (pg-boss): a tiny test plugin queues jobs through host.submitJob; its idempotent handler
// inserts rows keyed by the job's data. The whole file runs with JOBS_CONCURRENCY=1.
import { CLOSED, type ServerPlugin } from '@conjunto/core';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

const ADMIN = ['administrador', 'superAdministrador'] as const;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Attempts of the import handler, and the time spans of the slow jobs. */
const attempts: { key: string; attempt: number }[] = [];
const spans: { name: string; start: number; end: number }[] = [];

const slow = (name: string) => async (job: { data: { ms: number } }) => {
  const start = Date.now();
  await sleep(job.data.ms);
  spans.push({ name, start, end: Date.now() });
};

const jobPlugin: ServerPlugin = {
  manifest: {
    id: 'jobtest',
    titleKey: 'jobtest',
    moduleSwitch: { name: 'JobTest', label: 'Prueba de trabajos', default: true },
    roles: [...ADMIN],
    resources: [],
  },
  entities: [],
  migrations: [
    {
      name: 'jobtest_0001',
      up: [
        'create table jobtest_rows (complex_id uuid not null, key varchar(50) not null, job_id uuid not null, primary key (complex_id, key))',
      ],
    },
  ],
  routes(app, host) {
    // The job's data and options travel as JSON text: a body schema is closed, and these are free-form.
    const body = Type.Object(
      {
        job: Type.String({ maxLength: 50 }),
        data: Type.String({ maxLength: 10_000 }),
        options: Type.Optional(Type.String({ maxLength: 1000 })),
      },
      CLOSED,
    );
    app.post('/jobtest', { config: { roles: ADMIN }, schema: { body } }, async (request) => {
      const { job, data, options } = request.body as { job: string; data: string; options?: string };
      return { id: await host.submitJob(request, job, JSON.parse(data), options ? JSON.parse(options) : undefined) };
    });
  },
  jobs: {
    // Idempotent: rows keyed by (complex, key) with `on conflict do nothing`, so a retry that repeats rows
    // already written adds nothing. `failAfter` fails the first attempt after that many rows.
    async import(job, { em }) {
      const { keys, failAfter } = job.data as { keys: string[]; failAfter?: number };
      attempts.push({ key: keys.join(','), attempt: job.attempt });
      for (const [i, key] of keys.entries()) {
        await em.execute('insert into jobtest_rows (complex_id, key, job_id) values (?, ?, ?) on conflict do nothing', [
          job.complexId,
          key,
          job.id,
        ]);
        if (job.attempt === 0 && failAfter === i + 1) throw new Error('Falla simulada');
      }
      return { imported: keys.length };
    },
    // Progress as a live event of the job's own complex.
    async progress(job, { publish }) {
      await publish('jobtest.progress', { done: job.data.done });
    },
    // Reports "i of total" (JobContext.progress), one step every `ms`.
    async counted(job, { progress }) {
      const { total, ms } = job.data as { total: number; ms: number };
      for (let i = 1; i <= total; i++) {
        await sleep(ms);
        await progress(i, total, `Paso ${i}`);
      }
      return { counted: total };
    },
    slowA: slow('slowA'),
    slowB: slow('slowB'),
    // Saves a personal file and reads it back: the read is audited.
    async personal(_job, { em, files }) {
      const saved = await (em as { transactional<T>(work: (tx: unknown) => Promise<T>): Promise<T> }).transactional((tx) =>
        files.save(tx, {
          category: 'test',
          personal: true,
          filename: 'dato.bin',
          contentType: 'application/octet-stream',
          data: new Uint8Array([1, 2, 3]),
        }),
      );
      await files.read(saved.id, { em });
      return { fileId: saved.id };
    },
  },
};

let t: TestServer;
let alamos: string;
let bosque: string;
let colina: string;
let admin: { authorization: string };
beforeAll(async () => {
  t = await startTestServer({ plugins: [jobPlugin], env: { JOBS_CONCURRENCY: '1', JOBS_POLL_SECONDS: '0.5' } });
  alamos = await t.complexId('alamos');
  bosque = await t.complexId('bosque');
  colina = await t.complexId('colina');
  admin = await t.login('admin@demo.test');
});
afterAll(() => t?.close());

async function submit(complexId: string, job: string, data: Record<string, unknown>, options?: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/complexes/${complexId}/jobtest`,
    headers: admin,
    payload: { job, data: JSON.stringify(data), ...(options && { options: JSON.stringify(options) }) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

const status = async (complexId: string, id: string, headers = admin) =>
  t.app.inject({ method: 'GET', url: `/api/complexes/${complexId}/jobs/${id}`, headers });

/** Polls the status route until the job reaches a final state (or the timeout). */
async function settled(complexId: string, id: string, headers = admin, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await status(complexId, id, headers);
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json();
    if (['completed', 'failed', 'cancelled'].includes(job.state)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job.state}`);
    await sleep(100);
  }
}

const rows = (complexId: string) =>
  t.sql<{ key: string; n: number }>(
    'select key, count(*)::int as n from jobtest_rows where complex_id = ? group by key order by key',
    [complexId],
  );

describe('background jobs', () => {
  it('runs a submitted job with its complex and answers its state', async () => {
    const id = await submit(alamos, 'import', { keys: ['a1', 'a2'] });
    const job = await settled(alamos, id);
    expect(job).toMatchObject({ id, name: 'jobtest.import', state: 'completed', output: { imported: 2 } });
    expect(job.startedAt && job.completedAt && job.createdAt).toBeTruthy();
    expect(await rows(alamos)).toEqual([
      { key: 'a1', n: 1 },
      { key: 'a2', n: 1 },
    ]);
    // The job recorded who submitted it, for which complex.
    const [recorded] = await t.sql<{ data: { complexId: string; userId: string } }>('select data from pgboss.job where id = ?', [
      id,
    ]);
    const [user] = await t.sql<{ id: string }>("select id from users where email = 'admin@demo.test'");
    expect(recorded.data).toMatchObject({ complexId: alamos, userId: user.id });
  });

  it('answers the same job when the same work is re-submitted with its singletonKey', async () => {
    const options = { singletonKey: 'file-123', startAfterSeconds: 1 };
    const first = await submit(alamos, 'import', { keys: ['s1', 's2'] }, options);
    const second = await submit(alamos, 'import', { keys: ['s1', 's2'] }, options);
    expect(second).toBe(first);
    // The key is per complex: the same key in another complex is another job.
    const other = await submit(bosque, 'import', { keys: ['s1'] }, options);
    expect(other).not.toBe(first);
    const jobs = await t.sql<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = 'jobtest.import' and singleton_key like '%:file-123'`,
    );
    expect(jobs[0].n).toBe(2);
    await settled(alamos, first);
    await settled(bosque, other);
    expect((await rows(alamos)).filter((r) => r.key.startsWith('s'))).toEqual([
      { key: 's1', n: 1 },
      { key: 's2', n: 1 },
    ]);
  });

  it('retries a failed job, and the retry leaves no duplicate rows', async () => {
    const id = await submit(alamos, 'import', { keys: ['r1', 'r2', 'r3'], failAfter: 2 });
    const job = await settled(alamos, id);
    expect(job).toMatchObject({ state: 'completed', output: { imported: 3 } });
    expect(attempts.filter((a) => a.key === 'r1,r2,r3').map((a) => a.attempt)).toEqual([0, 1]);
    expect((await rows(alamos)).filter((r) => r.key.startsWith('r'))).toEqual([
      { key: 'r1', n: 1 },
      { key: 'r2', n: 1 },
      { key: 'r3', n: 1 },
    ]);
  });

  it('skips a job whose complex was deactivated before it ran', async () => {
    const id = await submit(bosque, 'import', { keys: ['d1'] }, { startAfterSeconds: 1 });
    await t.sql('update complexes set is_active = false where id = ?', [bosque]);
    try {
      // Only platform staff still reach an inactive complex.
      const job = await settled(bosque, id, await t.login('superadmin@demo.test'));
      expect(job).toMatchObject({ state: 'completed', output: { skipped: 'complex_inactive' } });
      expect((await rows(bosque)).filter((r) => r.key === 'd1')).toEqual([]);
    } finally {
      await t.sql('update complexes set is_active = true where id = ?', [bosque]);
    }
  });

  it("skips a job whose complex switched the plugin's module off before it ran", async () => {
    const id = await submit(bosque, 'import', { keys: ['m1'] }, { startAfterSeconds: 1 });
    await t.sql(`update complexes set modules = modules || '{"JobTest": false}'::jsonb where id = ?`, [bosque]);
    try {
      const job = await settled(bosque, id);
      expect(job).toMatchObject({ state: 'completed', output: { skipped: 'module_off' } });
      expect((await rows(bosque)).filter((r) => r.key === 'm1')).toEqual([]);
    } finally {
      await t.sql(`update complexes set modules = modules - 'JobTest' where id = ?`, [bosque]);
    }
  });

  it("answers 404 for another complex's job, and 403 to roles other than administrators", async () => {
    const id = await submit(alamos, 'import', { keys: ['x1'] });
    await settled(alamos, id);
    // The same administrator, through their other complex.
    expect((await status(bosque, id)).statusCode).toBe(404);
    // Another complex's administrator.
    expect((await status(colina, id, await t.login('admin2@demo.test'))).statusCode).toBe(404);
    expect((await status(alamos, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await status(alamos, 'not-a-uuid')).statusCode).toBe(404);
    expect((await status(alamos, id, await t.login('guardia@demo.test'))).statusCode).toBe(403);
  });

  it('audits the reads of personal files a job makes under the user who submitted it', async () => {
    const id = await submit(alamos, 'personal', {});
    const job = (await settled(alamos, id)) as { state: string; output: { fileId: string } };
    expect(job.state).toBe('completed');
    const reads = await t.sql<{ user_name: string }>(
      "select user_name from audit_logs where resource = 'files' and action = 'read' and record_id = ?",
      [job.output.fileId],
    );
    expect(reads).toEqual([{ user_name: 'Andrea Administradora' }]);
  });

  it("publishes a job's live events to its own complex only", async () => {
    const seen: { complex: string; topic: string; payload: unknown }[] = [];
    const off = [alamos, bosque].map((complex) =>
      t.app.events.subscribe(complex, (e) => seen.push({ complex, topic: e.topic, payload: e.payload })),
    );
    try {
      const id = await submit(alamos, 'progress', { done: 7 });
      expect(await settled(alamos, id)).toMatchObject({ state: 'completed' });
      for (let i = 0; !seen.length && i < 100; i++) await sleep(20);
      expect(seen).toEqual([{ complex: alamos, topic: 'jobtest.progress', payload: { done: 7 } }]);
    } finally {
      for (const f of off) f();
    }
  });

  it('keeps the progress a job reports, answers it while it runs and after, lists it as active, and publishes it', async () => {
    const seen: { topic: string; payload: { id: string; done: number } }[] = [];
    const off = t.app.events.subscribe(alamos, (e) => seen.push(e as never));
    try {
      const id = await submit(alamos, 'counted', { total: 4, ms: 400 });
      let running: { state: string; progress: { done: number; total: number } | null; output: unknown } | undefined;
      for (let i = 0; i < 200; i++) {
        const job = (await status(alamos, id)).json();
        if (job.state === 'active' && job.progress) {
          running = job;
          break;
        }
        await sleep(50);
      }
      expect(running).toMatchObject({ state: 'active', progress: { total: 4 }, output: null });
      expect(running!.progress!.done).toBeLessThan(4);
      // After a reload the screen finds it among the complex's active jobs of its kind; other complexes do not.
      const list = (query: string, complexId = alamos) =>
        t.app.inject({ method: 'GET', url: `/api/complexes/${complexId}/jobs?${query}`, headers: admin });
      const active = await list('name=jobtest.counted&active=true');
      expect(active.statusCode).toBe(200);
      expect(active.json()).toEqual([
        expect.objectContaining({ id, state: 'active', progress: expect.objectContaining({ total: 4 }) }),
      ]);
      expect((await list('name=jobtest.counted', bosque)).json()).toEqual([]);
      const guard = await t.app.inject({
        method: 'GET',
        url: `/api/complexes/${alamos}/jobs?name=jobtest.counted`,
        headers: await t.login('guardia@demo.test'),
      });
      expect(guard.statusCode).toBe(403);
      expect((await list('active=true')).statusCode).toBe(400);

      const done = await settled(alamos, id);
      expect(done).toMatchObject({
        state: 'completed',
        progress: { done: 4, total: 4, detail: 'Paso 4' },
        output: { counted: 4 },
      });
      expect((await list('name=jobtest.counted&active=true')).json()).toEqual([]);
      expect((await list('name=jobtest.counted')).json()[0]).toMatchObject({ id, state: 'completed' });
      // A page reloaded as the job ended still finds it, with its result, for a while (the server's clock).
      const recent = await list('name=jobtest.counted&active=true&endedWithin=120');
      expect(recent.json()).toEqual([expect.objectContaining({ id, state: 'completed' })]);
      await t.sql(`update pgboss.job set completed_on = now() - interval '3 minutes' where id = ?`, [id]);
      expect((await list('name=jobtest.counted&active=true&endedWithin=120')).json()).toEqual([]);
      for (const bad of ['0', '3601', 'Infinity', '1.5', '-1'])
        expect((await list(`name=jobtest.counted&active=true&endedWithin=${bad}`)).statusCode).toBe(400);
      const events = seen.filter((e) => e.topic === 'jobs.progress' && e.payload.id === id).map((e) => e.payload);
      expect(events.map((e) => e.done)).toEqual([1, 2, 3, 4]);
      expect(events[3]).toEqual({ id, name: 'jobtest.counted', done: 4, total: 4, detail: 'Paso 4' });
    } finally {
      off();
    }
  });

  it('runs one job at a time with JOBS_CONCURRENCY=1, also across queues', async () => {
    spans.length = 0;
    const ids = [
      await submit(alamos, 'slowA', { ms: 400 }),
      await submit(alamos, 'slowB', { ms: 400 }),
      await submit(alamos, 'slowA', { ms: 400 }),
    ];
    for (const id of ids) expect(await settled(alamos, id)).toMatchObject({ state: 'completed' });
    expect(spans).toHaveLength(3);
    const sorted = [...spans].sort((a, b) => a.start - b.start);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i].start).toBeGreaterThanOrEqual(sorted[i - 1].end);
  });

  // Last: it closes the app.
  it('lets a running job finish when the app closes', async () => {
    const id = await submit(alamos, 'slowA', { ms: 1500 });
    for (let i = 0; (await status(alamos, id)).json().state !== 'active'; i++) {
      if (i > 200) throw new Error('the job did not start');
      await sleep(50);
    }
    await t.app.close();
    const [job] = await t.sql<{ state: string }>('select state from pgboss.job where id = ?', [id]);
    expect(job.state).toBe('completed');
  });
});
