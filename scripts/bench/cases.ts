// The cases of `npm run bench`. Each measures one page of the real app against a bare Fastify + pg route that
// runs the same SQL, so the ratio shows what the app's layers (auth, tenancy, ORM, validation) cost. A case
// with an `operation` times a one-shot write instead (one request at a time, undone between runs). A case with a
// `scenario` drives the app itself and prints its own section after the tables (biometrics.ts: a bulk import).
// BENCH_CASES=accounting,surveys runs only the cases whose name contains one of the words.
import type { FastifyInstance } from 'fastify';
import { accountingCases } from './accounting.ts';
import { importCase } from './biometrics.ts';
import { bulkLoadCase } from './bulkload.ts';
import { embeddedCase } from './embedded.ts';
import { gateCases } from './gate.ts';
import type { PgPool, Queryable } from './lib.ts';
import { millionCase } from './million.ts';
import { reservationRaceCase } from './reservations.ts';
import { residentsCase } from './residents.ts';
import { surveysCase } from './surveys.ts';
import { votesCase } from './votes.ts';

/** What the shared seeding (world.ts) created: every complex, the first ones of the demo included. */
export interface BenchWorld {
  complexIds: string[];
}

/** A write timed run by run (not under load): reset() before each run puts the data back as it was. */
export interface BenchOperation {
  /** Timed runs per side, alternating app and bare, after one untimed run each. */
  runs: number;
  /** The request on each side (the app's is sent with the administrator's token). */
  request(target: 'app' | 'bare'): { method: 'POST' | 'PUT' | 'DELETE'; path: string; body?: unknown };
  /** Throws unless the answer is the expected one (both sides must do the same work). */
  check(status: number, body: unknown): void;
  reset(db: Queryable): Promise<void>;
}

/** What a scenario gets: the app (its pid for memory), the administrator's token, the bench's settings. */
export interface ScenarioContext {
  db: Queryable;
  world: BenchWorld;
  appUrl: string;
  /** The baseline server (each case's bareRoutes), for a scenario that measures both sides itself. */
  bareUrl: string;
  appPid: number;
  token: string;
  /** The bench's temporary folder (removed at the end). */
  dataDir: string;
  /** BENCH_WARMUP and BENCH_DURATION, seconds. */
  warmup: number;
  duration: number;
}

/** Its section after the tables; `ok: false` makes the bench exit non-zero. */
export interface ScenarioReport {
  title: string;
  lines: string[];
  ok: boolean;
}

/** Neither pages against a baseline nor a timed write: a run of its own, e.g. an import under load. */
export interface BenchScenario {
  run(ctx: ScenarioContext): Promise<ScenarioReport>;
}

export interface BenchCase {
  name: string;
  /** Bulk data of this case, after the world; answers a one-line summary. */
  seed(db: Queryable, world: BenchWorld): Promise<string>;
  /** The baseline: bare routes (no auth, no ORM) running the SQL the app runs for the measured pages. */
  bareRoutes(app: FastifyInstance, pool: PgPool): void;
  /** The same pages on the app and on the bare server; the load cycles through them. */
  paths?(world: BenchWorld): { app: string; bare: string }[];
  /** Instead of pages under load: a write timed one at a time. */
  operation?: BenchOperation;
  /** Instead of both: a scenario with its own report. */
  scenario?: BenchScenario;
  /** Response headers that must be equal on both sides (bodies must be equal too). */
  compareHeaders: string[];
}

const selected = (process.env.BENCH_CASES ?? '')
  .split(',')
  .map((s) => s.trim().toLowerCase())
  .filter(Boolean);

// The import runs last but one: its photos and load must not weigh on the other cases; the embedded case runs its
// own server on PGlite. The residents case adds its complexes after the others seeded theirs (they seed per complex);
// the bulk load adds its two empty complexes after it (the residents case counts the complexes before it).
export const cases: BenchCase[] = [
  surveysCase,
  votesCase,
  ...accountingCases,
  millionCase,
  residentsCase,
  ...gateCases,
  reservationRaceCase,
  bulkLoadCase,
  importCase,
  embeddedCase,
].filter((c) => !selected.length || selected.some((word) => c.name.toLowerCase().includes(word)));
