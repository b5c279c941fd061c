// The cases of `npm run bench`. Each measures one page of the real app against a bare Fastify + pg route that
// runs the same SQL, so the ratio shows what the app's layers (auth, tenancy, ORM, validation) cost. A case
// with an `operation` times a one-shot write instead (one request at a time, undone between runs).
// BENCH_CASES=accounting,surveys runs only the cases whose name contains one of the words.
import type { FastifyInstance } from 'fastify';
import { accountingCases } from './accounting.ts';
import type { PgPool, Queryable } from './lib.ts';
import { surveysCase } from './surveys.ts';

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
  /** Response headers that must be equal on both sides (bodies must be equal too). */
  compareHeaders: string[];
}

const selected = (process.env.BENCH_CASES ?? '')
  .split(',')
  .map((s) => s.trim().toLowerCase())
  .filter(Boolean);

export const cases: BenchCase[] = [surveysCase, ...accountingCases].filter(
  (c) => !selected.length || selected.some((word) => c.name.toLowerCase().includes(word)),
);
