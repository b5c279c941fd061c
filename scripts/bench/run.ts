// `npm run bench`: a fresh PostgreSQL database with bulk data, then each case (cases.ts) measured with
// autocannon against the real app and against a bare Fastify + pg baseline running the same SQL, in the same
// run. Prints req/s, p50, p99 and the ratio app/bare. Cases with an `operation` (a write such as a
// reconciliation) are timed run by run instead, with the data reset between runs: median, min, max and the ratio.
// Exits non-zero on any error or non-2xx answer.
//
// Env: BENCH_DATABASE_URL (admin connection; default postgres://postgres@127.0.0.1:5432/postgres),
//      BENCH_DURATION (seconds measured per target and case, default 10), BENCH_ROUNDS (default 2: the duration is
//      split into rounds alternating app and bare, so that load from elsewhere on the machine hits both alike),
//      BENCH_WARMUP (seconds per target, default 3), BENCH_CONNECTIONS (default 50),
//      BENCH_CASES (comma-separated words: only the cases whose name contains one, e.g. BENCH_CASES=accounting),
//      BENCH_OPERATION_RUNS (timed runs per side of an operation case, default 3);
//      BENCH_KEEP_DATABASE=true (leave the seeded database behind, named in the output, for a closer look),
//      BENCH_APP_NODE_ARGS / BENCH_BARE_NODE_ARGS (extra Node options of the app / baseline server, e.g.
//      '--cpu-prof --cpu-prof-dir=/tmp/prof': the profile is written when the bench stops the server);
//      the import case's own settings are in biometrics.ts (BENCH_IMPORT_*), the bulk load's (units + residents
//      from XLSX, BENCH_CASES=bulk) in bulkload.ts (BENCH_BULK_*); the embedded-database case (its own
//      app on PGlite, BENCH_CASES=embedded) in embedded.ts (BENCH_EMBEDDED_CONNECTIONS, default 200).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { RUNTIME_ENV, RUNTIME_FLAGS } from '../../server/src/runtime.ts';
import { DEMO_PASSWORD } from '../../server/src/seed/demo.ts';
import { type BenchCase, type BenchOperation, type BenchWorld, cases, type ScenarioReport } from './cases.ts';
import {
  type ChildServer,
  cpuOf,
  cpuSpent,
  LIFTED_RATE_LIMITS,
  type LoadRequest,
  load,
  type Measurement,
  nodeArgs,
  type PgClient,
  pg,
  processStats,
  type Sample,
  seconds,
  startChild,
  summarize,
  table,
} from './lib.ts';
import { ADMIN_EMAIL, seedWorld } from './world.ts';

const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const duration = Number(process.env.BENCH_DURATION || 10);
const rounds = Math.max(1, Math.floor(Number(process.env.BENCH_ROUNDS || 2)));
const warmup = Number(process.env.BENCH_WARMUP || 3);
const connections = Number(process.env.BENCH_CONNECTIONS || 50);

const dbName = `conjunto_bench_${randomBytes(5).toString('hex')}`;
const benchUrl = new URL(adminUrl);
benchUrl.pathname = `/${dbName}`;
const dataDir = mkdtempSync(join(tmpdir(), 'conjunto-bench-'));

const admin = new pg.Client({ connectionString: adminUrl });
const children: ChildServer[] = [];
let db: PgClient | undefined;
let created = false;

let cleaning: Promise<void> | undefined;
/** Stops the servers, drops the database and the data folder; safe to call twice (error + signal). */
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await Promise.allSettled(children.map((c) => c.stop()));
    await db?.end().catch(() => {});
    if (created && process.env.BENCH_KEEP_DATABASE === 'true') {
      console.log(`Database ${dbName} kept (BENCH_KEEP_DATABASE)`);
    } else if (created) {
      await admin.query(`drop database if exists ${dbName} with (force)`).catch((error: Error) => {
        console.error(`Could not drop database ${dbName}: ${error.message}`);
      });
    }
    await admin.end().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

/** CPU spent by one side over its measured rounds: its Node process and the PostgreSQL backends of the database. */
interface Cpu {
  requests: number;
  nodeMs: number;
  pgMs: number;
}

interface Row {
  name: string;
  app: Measurement;
  bare: Measurement;
  cpu: Record<'app' | 'bare', Cpu>;
}

interface OperationRow {
  name: string;
  app: number[];
  bare: number[];
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`${label}: ${seconds(performance.now() - started)}`);
  return result;
}

async function login(appUrl: string): Promise<string> {
  const res = await fetch(`${appUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`Login as ${ADMIN_EMAIL} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** Every page answers 200 on both sides with the same body and headers: the baseline does the same work. */
async function verify(c: BenchCase, world: BenchWorld, appUrl: string, bareUrl: string, token: string) {
  for (const { app, bare } of c.paths?.(world) ?? []) {
    const [a, b] = await Promise.all([
      fetch(appUrl + app, { headers: { authorization: `Bearer ${token}` } }),
      fetch(bareUrl + bare),
    ]);
    const [aBody, bBody] = [await a.text(), await b.text()];
    const fail = (what: string) => new Error(`${c.name}, ${app}: ${what}`);
    if (a.status !== 200 || b.status !== 200) {
      throw fail(`app answered ${a.status}, baseline ${b.status}: ${aBody.slice(0, 300)} ${bBody.slice(0, 300)}`);
    }
    if (!isDeepStrictEqual(JSON.parse(aBody), JSON.parse(bBody))) throw fail('app and baseline bodies differ');
    for (const h of c.compareHeaders) {
      if (a.headers.get(h) !== b.headers.get(h)) throw fail(`header ${h}: app ${a.headers.get(h)}, baseline ${b.headers.get(h)}`);
    }
  }
}

interface Target {
  label: 'app' | 'bare';
  pid: number;
  url: string;
  requests: LoadRequest[];
  headers: Record<string, string>;
}

/** The PostgreSQL backends serving the bench database (both servers' pools and the bench's own connection). */
async function backendPids(): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [dbName]);
  return rows.map((r) => r.pid);
}

async function measure(t: Target, round: number, cpu: Cpu): Promise<Sample> {
  const [nodeBefore, pgBefore] = [await cpuOf([t.pid]), await cpuOf(await backendPids())];
  const sample = await load({ ...t, connections, duration: duration / rounds });
  const [nodeMs, pgMs] = [cpuSpent(nodeBefore, await cpuOf([t.pid])), cpuSpent(pgBefore, await cpuOf(await backendPids()))];
  cpu.requests += sample.completed;
  cpu.nodeMs += nodeMs;
  cpu.pgMs += pgMs;
  const m = summarize([sample]);
  const perRequest = (ms: number) => (sample.completed ? Math.round((ms * 1000) / sample.completed) : 0);
  console.log(
    `  round ${round} ${t.label.padEnd(4)}: ${m.completed} requests in ${sample.seconds} s, ${Math.round(m.reqPerSec)} req/s, ` +
      `p50 ${m.p50.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms; CPU per request: Node ${perRequest(nodeMs)} µs, PostgreSQL ${perRequest(pgMs)} µs`,
  );
  if (m.failures) {
    console.error(
      `  round ${round} ${t.label}: ${sample.non2xx} non-2xx, ${sample.errors} errors, ${sample.timeouts} timeouts; ` +
        `status codes ${JSON.stringify(sample.statusCodes)}`,
    );
  }
  return sample;
}

/** Times an operation run by run, alternating app and bare; each run starts from the data reset. */
async function runOperation(
  c: BenchCase,
  op: BenchOperation,
  conn: PgClient,
  appUrl: string,
  bareUrl: string,
  token: string,
): Promise<OperationRow> {
  const send = async (target: 'app' | 'bare') => {
    const { method, path, body } = op.request(target);
    await op.reset(conn);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (target === 'app') headers.authorization = `Bearer ${token}`;
    const started = performance.now();
    const res = await fetch((target === 'app' ? appUrl : bareUrl) + path, { method, headers, body: JSON.stringify(body ?? {}) });
    const text = await res.text();
    const ms = performance.now() - started;
    let answer: unknown = text;
    try {
      answer = JSON.parse(text);
    } catch {}
    op.check(res.status, answer);
    return ms;
  };
  console.log(
    `${c.name}: one untimed run per side, then ${op.runs} timed runs per side alternating app and bare (data reset before each):`,
  );
  await send('app');
  await send('bare');
  const times: Record<'app' | 'bare', number[]> = { app: [], bare: [] };
  for (let run = 1; run <= op.runs; run++) {
    for (const target of ['app', 'bare'] as const) {
      const ms = await send(target);
      times[target].push(ms);
      console.log(`  run ${run} ${target.padEnd(4)}: ${ms.toFixed(0)} ms`);
    }
  }
  await op.reset(conn);
  return { name: c.name, ...times };
}

async function main(): Promise<boolean> {
  const started = performance.now();
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  created = true;
  console.log(`Database ${dbName}`);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: benchUrl.href,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    PORT: '0',
    DATA_DIR: dataDir,
    ...LIFTED_RATE_LIMITS,
  };
  delete env.NODE_ENV;
  // With the V8 and allocator settings `npm start` applies (server/src/runtime.ts).
  const startApp = () =>
    startChild('app-server.ts', { ...RUNTIME_ENV, ...env }, [...RUNTIME_FLAGS, ...nodeArgs(process.env.BENCH_APP_NODE_ARGS)]);
  const seeder = await timed('App started (migrations + demo seed)', startApp);
  children.push(seeder);

  db = new pg.Client({ connectionString: benchUrl.href });
  await db.connect();
  const conn = db;
  const world = await timed('Seeded', async () => {
    const w = await seedWorld(conn);
    console.log(`  ${w.summary}`);
    for (const c of cases) console.log(`  ${c.name}: ${await c.seed(conn, w)}`);
    // ANALYZE for the planner, VACUUM for the visibility map (index-only scans) as autovacuum would soon do:
    // done now, autovacuum does not wake up on these 100k fresh rows in the middle of a measurement.
    await conn.query('vacuum (analyze)');
    return w;
  });
  const pgVersion = (await conn.query<{ v: string }>("select current_setting('server_version') as v")).rows[0].v;
  // The measured app is a restarted one, as a production server is: the demo seed's memory (sharp, PDFs, the
  // high-water mark of its inserts) belongs to the first start only, which production never has.
  await seeder.stop();
  children.splice(children.indexOf(seeder), 1);
  const app = await timed('App restarted', startApp);
  children.push(app);

  const token = await login(app.url);
  const bare = await startChild(
    'bare-server.ts',
    { ...process.env, DATABASE_URL: benchUrl.href },
    nodeArgs(process.env.BENCH_BARE_NODE_ARGS),
  );
  // The app's memory: at rest now (started, seeded, one sign-in), and its peak while the cases run, overall and
  // per case (the list load's goal is not the import's).
  const idle = await processStats(app.pid);
  let peakRssKb = idle?.rssKb ?? 0;
  let casePeakKb = 0;
  const sampler = setInterval(() => {
    void processStats(app.pid).then((s) => {
      if (!s) return;
      peakRssKb = Math.max(peakRssKb, s.rssKb);
      casePeakKb = Math.max(casePeakKb, s.rssKb);
    });
  }, 250);
  sampler.unref();
  children.push(bare);

  const rows: Row[] = [];
  const operations: OperationRow[] = [];
  const scenarios: ScenarioReport[] = [];
  const casePeaks: string[] = [];
  for (const c of cases) {
    casePeakKb = 0;
    await runCase(c);
    casePeaks.push(`${c.name}: ${Math.round(casePeakKb / 1024)} MB`);
  }
  async function runCase(c: BenchCase) {
    if (c.scenario) {
      console.log(`${c.name}:`);
      scenarios.push(
        await c.scenario.run({
          db: conn,
          world,
          appUrl: app.url,
          bareUrl: bare.url,
          appPid: app.pid,
          token,
          dataDir,
          warmup,
          duration,
        }),
      );
      return;
    }
    if (c.operation) {
      operations.push(await runOperation(c, c.operation, conn, app.url, bare.url, token));
      return;
    }
    await verify(c, world, app.url, bare.url, token);
    const paths = c.paths?.(world) ?? [];
    console.log(
      `${c.name}: ${paths.length} pages in rotation, ${connections} connections, ${warmup} s warm-up, ` +
        `then ${rounds} x ${duration / rounds} s alternating app and bare:`,
    );
    const targets: Target[] = [
      {
        label: 'app',
        pid: app.pid,
        url: app.url,
        requests: paths.map((p) => ({ path: p.app })),
        headers: { authorization: `Bearer ${token}` },
      },
      { label: 'bare', pid: bare.pid, url: bare.url, requests: paths.map((p) => ({ path: p.bare })), headers: {} },
    ];
    if (warmup > 0) for (const t of targets) await load({ ...t, connections, duration: warmup });
    const samples: Record<Target['label'], Sample[]> = { app: [], bare: [] };
    const cpu: Row['cpu'] = { app: { requests: 0, nodeMs: 0, pgMs: 0 }, bare: { requests: 0, nodeMs: 0, pgMs: 0 } };
    for (let round = 1; round <= rounds; round++) {
      for (const t of targets) samples[t.label].push(await measure(t, round, cpu[t.label]));
    }
    rows.push({ name: c.name, app: summarize(samples.app), bare: summarize(samples.bare), cpu });
  }

  clearInterval(sampler);
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  const ms = (n: number) => n.toFixed(1);
  const ratio = (a: number, b: number) => (b ? `${(a / b).toFixed(2)}x` : 'n/a');
  console.log(
    `\nMachine: ${cpus().length} x ${cpus()[0]?.model.trim() ?? 'unknown cpu'}, Node ${process.version}, PostgreSQL ${pgVersion}; ` +
      `autocannon ${connections} connections, pipelining 1, ${duration} s per target (${rounds} rounds)\n`,
  );
  if (rows.length) {
    const us = (c: Cpu, key: 'nodeMs' | 'pgMs') => (c.requests ? fmt((c[key] * 1000) / c.requests) : 'n/a');
    console.log(
      table(
        ['case', 'req/s', 'p50 ms', 'p99 ms', 'req/s app/bare', 'p99 app/bare', 'Node µs/req', 'PG µs/req'],
        rows.flatMap((r) => [
          [
            `${r.name} (app)`,
            fmt(r.app.reqPerSec),
            ms(r.app.p50),
            ms(r.app.p99),
            ratio(r.app.reqPerSec, r.bare.reqPerSec),
            ratio(r.app.p99, r.bare.p99),
            us(r.cpu.app, 'nodeMs'),
            us(r.cpu.app, 'pgMs'),
          ],
          [
            `${r.name} (bare)`,
            fmt(r.bare.reqPerSec),
            ms(r.bare.p50),
            ms(r.bare.p99),
            '',
            '',
            us(r.cpu.bare, 'nodeMs'),
            us(r.cpu.bare, 'pgMs'),
          ],
        ]),
      ),
    );
  }
  const end = await processStats(app.pid);
  const mb = (kb: number | undefined) => (kb === undefined ? 'n/a' : `${Math.round(kb / 1024)} MB`);
  console.log(
    `\nApp server RSS: ${mb(idle?.rssKb)} at rest before the cases, peak ${mb(peakRssKb)} during them (250 ms samples), ` +
      `${mb(end?.rssKb)} after them; high-water mark ${mb(end?.hwmKb)} (migrations and seeding included)\n` +
      `Peak per case: ${casePeaks.join('; ')}`,
  );
  if (operations.length) {
    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    const median = (list: number[]) => {
      const s = sorted(list);
      return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    };
    console.log(`\nOperations, one request at a time (the data reset before each run):\n`);
    console.log(
      table(
        ['operation', 'runs', 'median ms', 'min ms', 'max ms', 'median ms app/bare'],
        operations.flatMap((o) =>
          (['app', 'bare'] as const).map((side) => [
            `${o.name} (${side})`,
            String(o[side].length),
            fmt(median(o[side])),
            fmt(sorted(o[side])[0]),
            fmt(sorted(o[side]).at(-1)!),
            side === 'app' ? ratio(median(o.app), median(o.bare)) : '',
          ]),
        ),
      ),
    );
  }
  for (const s of scenarios) console.log(`\n${s.title}:\n\n${s.lines.join('\n')}`);
  console.log(`\nTotal: ${seconds(performance.now() - started)}`);
  const bad = rows.flatMap((r) => [r.app, r.bare]).some((m) => m.failures > 0 || m.completed === 0);
  if (bad) console.error('\nFAILED: some requests did not answer 2xx (see above).');
  const badScenario = scenarios.some((s) => !s.ok);
  if (badScenario) console.error('\nFAILED: a scenario reported a problem (see above).');
  return !bad && !badScenario;
}

try {
  if (!(await main())) process.exitCode = 1;
} catch (error) {
  console.error(`\nBench failed: ${(error as Error).stack ?? error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
