// The cases of `npm run bench`. Each measures one page of the real app against a bare Fastify + pg route that
// runs the same SQL, so the ratio shows what the app's layers (auth, tenancy, ORM, validation) cost.
import type { FastifyInstance } from 'fastify';
import type { PgPool, Queryable } from './lib.ts';
import { surveysCase } from './surveys.ts';

/** What the shared seeding (world.ts) created: every complex, the first ones of the demo included. */
export interface BenchWorld {
  complexIds: string[];
}

export interface BenchCase {
  name: string;
  /** Bulk data of this case, after the world; answers a one-line summary. */
  seed(db: Queryable, world: BenchWorld): Promise<string>;
  /** The baseline: bare routes (no auth, no ORM) running the SQL the app runs for the measured pages. */
  bareRoutes(app: FastifyInstance, pool: PgPool): void;
  /** The same pages on the app and on the bare server; the load cycles through them. */
  paths(world: BenchWorld): { app: string; bare: string }[];
  /** Response headers that must be equal on both sides (bodies must be equal too). */
  compareHeaders: string[];
}

export const cases: BenchCase[] = [surveysCase];
