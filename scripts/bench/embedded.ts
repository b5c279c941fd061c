// The embedded database under load (BENCH_CASES=embedded): the real app on PGlite (its own child process and data
// folder, demo data), BENCH_EMBEDDED_CONNECTIONS (default 200) keep-alive clients cycling through the list pages
// of a complex for BENCH_DURATION seconds, after BENCH_WARMUP. PGlite has one connection: what matters is that no
// request starves. Reports the requests answered, p50/p99/max latency of every answer, the requests shed (503,
// with Retry-After) and their own p99/max, other non-2xx, errors and timeouts (autocannon gives up after 30 s).
// Fails (ok: false) on an error, a timeout, a non-2xx other than 503, or a request that waited over 5 s.

import { createRequire } from 'node:module';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '../../server/src/seed/demo.ts';
import type { BenchCase, ScenarioContext, ScenarioReport } from './cases.ts';
import { type ChildServer, LIFTED_RATE_LIMITS, startChild } from './lib.ts';

const require = createRequire(import.meta.url);
type Autocannon = (options: Record<string, unknown>) => Promise<{
  requests: { total: number };
  errors: number;
  timeouts: number;
  duration: number;
  statusCodeStats: Record<string, { count: number }>;
}> & { on(event: 'response', fn: (client: unknown, statusCode: number, bytes: number, ms: number) => void): void };
const autocannon = require('autocannon') as Autocannon;

const CONNECTIONS = Number(process.env.BENCH_EMBEDDED_CONNECTIONS || 200);
/** A request that waited longer than this fails the case. */
const MAX_WAIT_MS = 5000;

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;

async function run(ctx: ScenarioContext): Promise<ScenarioReport> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...LIFTED_RATE_LIMITS,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    PORT: '0',
    DATA_DIR: join(ctx.dataDir, 'embedded'),
  };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  let child: ChildServer | undefined;
  try {
    const started = performance.now();
    child = await startChild('app-server.ts', env);
    console.log(`  app on PGlite started in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const login = await fetch(`${child.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const me = (await (await fetch(`${child.url}/api/auth/me`, { headers })).json()) as { complexes?: { id: string }[] };
    const id = me.complexes?.[0]?.id;
    if (!id) throw new Error('no complex listed for admin@demo.test');
    const range = encodeURIComponent('[0,24]');
    const requests = [
      { path: `/api/complexes/${id}/units?range=${range}` },
      { path: `/api/complexes/${id}/surveys?range=${range}` },
      { path: `/api/complexes/${id}/receivables?range=${range}` },
      { path: `/api/complexes/${id}` },
    ];
    for (const r of requests) {
      const res = await fetch(child.url + r.path, { headers });
      if (res.status !== 200) throw new Error(`${r.path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    }
    const load = async (duration: number) => {
      const ok: number[] = [];
      const shed: number[] = [];
      const all: number[] = [];
      const instance = autocannon({
        url: child!.url,
        requests,
        headers,
        connections: CONNECTIONS,
        pipelining: 1,
        duration,
        timeout: 30,
      });
      instance.on('response', (_client, status, _bytes, ms) => {
        all.push(ms);
        if (status >= 200 && status < 300) ok.push(ms);
        else if (status === 503) shed.push(ms);
      });
      const result = await instance;
      return { result, ok, shed, all };
    };
    if (ctx.warmup > 0) await load(ctx.warmup);
    const { result, ok, shed, all } = await load(ctx.duration);
    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    const [allSorted, okSorted, shedSorted] = [sorted(all), sorted(ok), sorted(shed)];
    const codes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]));
    const otherNon2xx = Object.entries(codes).reduce(
      (n, [code, count]) => n + (code.startsWith('2') || code === '503' ? 0 : count),
      0,
    );
    const max = allSorted.at(-1) ?? 0;
    const ms = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(1));
    const lines = [
      `${CONNECTIONS} keep-alive connections, ${result.duration} s (after ${ctx.warmup} s warm-up), 4 pages of one complex in rotation`,
      `answered: ${all.length} (${Math.round(all.length / result.duration)} req/s); 2xx: ${ok.length}; shed (503): ${shed.length}; other non-2xx: ${otherNon2xx}`,
      `latency of every answer: p50 ${ms(percentile(allSorted, 50))} ms, p99 ${ms(percentile(allSorted, 99))} ms, max ${ms(max)} ms`,
      `2xx: p50 ${ms(percentile(okSorted, 50))} ms, p99 ${ms(percentile(okSorted, 99))} ms; 503: p99 ${ms(percentile(shedSorted, 99))} ms, max ${ms(shedSorted.at(-1) ?? Number.NaN)} ms`,
      `errors: ${result.errors}, timeouts (no answer in 30 s): ${result.timeouts}; status codes ${JSON.stringify(codes)}`,
    ];
    const good = result.errors === 0 && result.timeouts === 0 && otherNon2xx === 0 && max <= MAX_WAIT_MS && ok.length > 0;
    if (!good)
      lines.push(`FAILED: every request must be answered within ${MAX_WAIT_MS / 1000} s (2xx, or 503 when shed), without errors`);
    for (const line of lines) console.log(`  ${line}`);
    return { title: 'Embedded database (PGlite) under load', lines, ok: good };
  } finally {
    await child?.stop();
  }
}

export const embeddedCase: BenchCase = {
  name: 'embedded database under load',
  seed: async () => 'its own app on PGlite with the demo data (no bulk data)',
  bareRoutes() {},
  scenario: { run },
  compareHeaders: [],
};
