// Shared pieces of `npm run bench`: typed handles on pg and autocannon, the load run, child servers, the table.
import { type ChildProcess, fork } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

// pg and autocannon ship no types and the project has no @types for them: the few calls used here are typed below.
const require = createRequire(import.meta.url);

export interface QueryResult<R> {
  rows: R[];
  rowCount: number | null;
}
export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
}
export interface PgClient extends Queryable {
  connect(): Promise<void>;
  end(): Promise<void>;
}
export interface PgPool extends Queryable {
  end(): Promise<void>;
  /** A client of the pool for a transaction; release() it after. */
  connect(): Promise<Queryable & { release(): void }>;
}
interface PgModule {
  Client: new (config: { connectionString: string }) => PgClient;
  Pool: new (config: { connectionString: string; max?: number }) => PgPool;
}
export const pg = require('pg') as PgModule;

/**
 * The load comes from one address and a few users, far past the per-minute limits meant for people: lifted, so
 * the figures measure the work (the limiter's counting still runs on every request), not 429 answers.
 */
export const LIFTED_RATE_LIMITS = {
  RATE_LIMIT_API: '1000000000',
  RATE_LIMIT_AUTH: '1000000000',
  RATE_LIMIT_HEAVY: '1000000000',
  RATE_LIMIT_NOT_FOUND: '1000000000',
};

/** One request of autocannon's `requests` sequence; each connection cycles through the list. */
export interface LoadRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** autocannon's per-request hook: e.g. a new body each time (writes that must not repeat a key). */
  setupRequest?: (request: Record<string, unknown>) => Record<string, unknown>;
}

interface AutocannonResult {
  requests: { total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
  /** Seconds. */
  duration: number;
}
type ResponseListener = (client: unknown, statusCode: number, bytes: number, ms: number) => void;
type Autocannon = (
  options: Record<string, unknown>,
) => Promise<AutocannonResult> & { on(event: 'response', fn: ResponseListener): void; stop(): void };
const autocannon = require('autocannon') as Autocannon;

/** One autocannon run. Latencies (ms, sub-millisecond precision) of the 2xx answers, kept to merge runs. */
export interface Sample {
  seconds: number;
  completed: number;
  latencies: number[];
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

export interface LoadOptions {
  url: string;
  requests: LoadRequest[];
  headers?: Record<string, string>;
  connections: number;
  duration: number;
  /** Ends the run early (in-flight requests are dropped). */
  signal?: AbortSignal;
}

/** One autocannon run, no pipelining. */
export async function load({ url, requests, headers, connections, duration, signal }: LoadOptions): Promise<Sample> {
  const latencies: number[] = [];
  const run = autocannon({ url, requests, headers, connections, pipelining: 1, duration, timeout: 10 });
  signal?.addEventListener('abort', () => run.stop(), { once: true });
  run.on('response', (_client, statusCode, _bytes, ms) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(ms);
  });
  const result = await run;
  return {
    seconds: result.duration,
    completed: result.requests.total,
    latencies,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count])),
  };
}

export interface Measurement {
  reqPerSec: number;
  p50: number;
  p99: number;
  completed: number;
  failures: number;
}

/** Merges runs (rounds) of one target: req/s over their total time, percentiles over all their latencies. */
export function summarize(samples: Sample[]): Measurement {
  const latencies = samples.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const percentile = (p: number) =>
    latencies.length ? latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] : NaN;
  const sum = (f: (s: Sample) => number) => samples.reduce((total, s) => total + f(s), 0);
  return {
    reqPerSec: sum((s) => s.completed) / sum((s) => s.seconds),
    p50: percentile(50),
    p99: percentile(99),
    completed: sum((s) => s.completed),
    failures: sum((s) => s.non2xx + s.errors + s.timeouts),
  };
}

export interface ChildServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Node's command-line options from a variable such as BENCH_APP_NODE_ARGS ('--cpu-prof --cpu-prof-dir=/tmp/p'). */
export const nodeArgs = (value: string | undefined): string[] => (value ?? '').split(/\s+/).filter(Boolean);

/** Starts scripts/bench/<script> as a child process (Node of this run) and waits for `{ ready: port }`. */
export function startChild(script: string, env: NodeJS.ProcessEnv, execArgv: string[] = []): Promise<ChildServer> {
  const child = fork(fileURLToPath(new URL(script, import.meta.url)), [], {
    env,
    execArgv: [...process.execArgv, ...execArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${script} exited (${code}) before it was ready`));
    child.once('exit', onExit);
    child.once('error', reject);
    child.once('message', (message: { ready?: number; error?: string }) => {
      if (message.error) {
        reject(new Error(`${script}: ${message.error}`));
        return;
      }
      child.off('exit', onExit);
      resolve({ url: `http://127.0.0.1:${message.ready}`, pid: child.pid as number, stop: () => stopChild(child) });
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** For the child servers: report the port to the parent, close on SIGTERM/SIGINT or when the parent goes. */
export function serveChild(port: number, close: () => Promise<void>): void {
  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    await close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('disconnect', stop);
  process.send?.({ ready: port });
}

export function childFailed(error: unknown): never {
  process.send?.({ error: (error as Error).stack ?? String(error) });
  process.exit(1);
}

/** Plain text table, numbers right-aligned. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** CPU time (user + system, ms) and memory (kB) of a process, from /proc (Linux); undefined once it is gone. */
export async function processStats(pid: number): Promise<{ cpuMs: number; rssKb: number; hwmKb: number } | undefined> {
  try {
    const [stat, status] = await Promise.all([readFile(`/proc/${pid}/stat`, 'utf8'), readFile(`/proc/${pid}/status`, 'utf8')]);
    // Fields after the command name: state is the 3rd field of the line, utime the 14th, stime the 15th (clock ticks).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS, rssKb: kb('VmRSS'), hwmKb: kb('VmHWM') };
  } catch {
    return undefined;
  }
}
/** USER_HZ: 100 on every Linux build that matters here. */
const CLOCK_TICKS = 100;

/** Total CPU time (ms) of a set of processes now, by pid (those gone are left out). */
export async function cpuOf(pids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    const s = await processStats(pid);
    if (s) out.set(pid, s.cpuMs);
  }
  return out;
}

/** CPU (ms) spent between two readings of cpuOf: processes born in between count from zero. */
export function cpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}
