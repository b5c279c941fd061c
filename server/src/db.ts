// The database: PGlite in the data folder by default, PostgreSQL when DATABASE_URL is set. Same migrations.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ApiError, INPUT_MESSAGES, type PluginMigration } from '@conjunto/core';
import type { PGlite } from '@electric-sql/pglite';
import { MikroORM } from '@mikro-orm/core';
import { Migration, Migrator } from '@mikro-orm/migrations';
import { type PostgreSqlConnection, PostgreSqlDriver } from '@mikro-orm/postgresql';
import type { AbstractSqlDriver, SqlEntityManager } from '@mikro-orm/sql';
import pg from 'pg';
import { writesAccess } from './access-cache.ts';
import { type PgPool, sendBoundParameters } from './bound-queries.ts';

/** PostgreSQL's type id of `date`. */
const DATE_OID = 1082;

export type Orm = MikroORM<AbstractSqlDriver, SqlEntityManager>;

export interface DatabaseOptions {
  /** postgres://... for a real server; otherwise PGlite. */
  databaseUrl?: string;
  /** The same database without a transaction pooler (the migrations' advisory lock needs a session). */
  databaseDirectUrl?: string;
  /** PGlite folder, or 'memory://' (tests). */
  pgliteDir: string;
  /** An in-memory PGlite starts from this dumped data folder (tests: one migrated and seeded image per run). */
  pgliteImage?: Blob;
  entities: unknown[];
  migrations: PluginMigration[];
  debug?: boolean;
}

export interface Database {
  orm: Orm;
  /** The embedded instance, when on PGlite (shared with later services such as jobs). */
  pglite?: PGlite;
  /** Called as a statement that writes a table of the access cache is sent (access-cache.ts). */
  onAccessWrite: Set<() => void>;
  close(): Promise<void>;
}

/**
 * MikroORM 7 writes parameter values into the SQL text (quoted strings, bare numbers). A non-finite number
 * would arrive there as a bare word: every request is checked for them first (input.ts); this is the last guard.
 */
function refuseNonFinite(sql: string, params: readonly unknown[]): string {
  if (Array.isArray(params) && hasNonFinite(params, 2)) throw new ApiError(400, 'INVALID_INPUT', INPUT_MESSAGES.nonFinite);
  return sql;
}

/** Whether a list (and its lists, `depth` levels down) holds a non-finite number; no copy (every statement passes here). */
function hasNonFinite(values: readonly unknown[], depth: number): boolean {
  for (const value of values) {
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return true;
    } else if (depth > 0 && Array.isArray(value) && hasNonFinite(value, depth - 1)) return true;
  }
  return false;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const onAccessWrite = new Set<() => void>();
  const migrations = {
    migrationsList: options.migrations.map(toMigration),
    tableName: 'mikro_orm_migrations',
    transactional: true,
    allOrNothing: true,
    silent: true,
    snapshot: false,
  };
  const common = {
    entities: options.entities as never[],
    extensions: [Migrator],
    migrations,
    debug: options.debug ?? false,
    allowGlobalContext: false,
    discovery: { checkDuplicateTableNames: true },
    onQuery: (sql: string, params: readonly unknown[]) => {
      if (onAccessWrite.size && writesAccess(sql)) for (const clear of onAccessWrite) clear();
      return refuseNonFinite(sql, params);
    },
  };

  if (options.databaseUrl) {
    // A server that does not answer, or a pool that stays full, fails a request after 30 s (503) instead of
    // holding it without end (pg-pool's timeout covers both connecting and waiting for a free connection).
    const driverOptions = { connectionTimeoutMillis: 30_000 };
    const orm = (await MikroORM.init({
      ...common,
      driver: PostgreSqlDriver,
      clientUrl: options.databaseUrl,
      driverOptions,
    } as never)) as Orm;
    const connection = orm.em.getConnection();
    sendBoundParameters(connection, (await (connection as unknown as PostgreSqlConnection).getNativeClient()) as PgPool);
    try {
      await migrateLocked(orm, options.databaseDirectUrl ?? options.databaseUrl);
    } catch (error) {
      await orm.close();
      throw error;
    }
    return { orm, onAccessWrite, close: () => orm.close() };
  }

  const memory = options.pgliteDir.startsWith('memory://');
  const release = memory ? () => {} : lockDataDir(options.pgliteDir);
  try {
    // A `date` column answers 'YYYY-MM-DD' as on PostgreSQL (node-pg), not a Date at UTC midnight, which
    // would shift a Guayaquil business day.
    const parsers = { [DATE_OID]: (value: string) => value };
    // Loaded only here: a server on PostgreSQL does not carry the embedded database's modules.
    const [{ PGlite }, { PgliteDriver }, { btree_gist }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@mikro-orm/pglite'),
      import('@electric-sql/pglite/contrib/btree_gist'),
    ]);
    // btree_gist: exclusion constraints that mix equality and ranges (no two live bookings of one area overlap).
    const extensions = { btree_gist };
    const pglite = yieldingQueries(
      await PGlite.create(
        memory ? { parsers, extensions, loadDataDir: options.pgliteImage } : { dataDir: options.pgliteDir, parsers, extensions },
      ),
    );
    const orm = (await MikroORM.init({
      ...common,
      driver: PgliteDriver,
      dbName: 'conjunto',
      driverOptions: { pglite },
    } as never)) as Orm;
    sendBoundParameters(orm.em.getConnection());
    await orm.migrator.up();
    return {
      orm,
      pglite,
      onAccessWrite,
      async close() {
        await orm.close();
        await pglite.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Key of the advisory lock the migrations run under. */
const MIGRATIONS_LOCK = 2_026_112_401;

/**
 * Migrations under a PostgreSQL advisory lock held on a direct session: processes that boot at once (replicas
 * after a deploy) take turns, the first migrates and the others find nothing left to do.
 */
async function migrateLocked(orm: Orm, directUrl: string): Promise<void> {
  const session = new pg.Client({ connectionString: directUrl, application_name: 'conjunto-migrations' });
  await session.connect();
  try {
    await session.query('select pg_advisory_lock($1)', [MIGRATIONS_LOCK]);
    await orm.migrator.up();
  } finally {
    await session.end().catch(() => undefined);
  }
}

/**
 * PGlite runs each query synchronously on the event loop and answers through a promise, so a request's whole
 * chain of queries runs as microtasks, and Node drains the microtask queue after every I/O callback: each
 * accepted connection or read request paid for the queries of every request in flight, and under 200 clients
 * the server accepted a few connections a second (their requests waited 7-20 s in the kernel's accept queue
 * while the accepted ones were served in milliseconds). Every query (and every query of a transaction) now
 * starts on its own turn of the event loop (setImmediate, in arrival order): between two queries the loop
 * polls, accepts and reads, so no client starves behind the ones already in.
 */
function yieldingQueries(pglite: PGlite): PGlite {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const query = pglite.query.bind(pglite);
  const transaction = pglite.transaction.bind(pglite);
  pglite.query = (async (...args: Parameters<PGlite['query']>) => {
    await turn();
    return query(...args);
  }) as PGlite['query'];
  pglite.transaction = ((callback: Parameters<PGlite['transaction']>[0]) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      const yielding = Object.create(tx) as typeof tx;
      yielding.query = (async (...args: Parameters<typeof tx.query>) => {
        await turn();
        return txQuery(...args);
      }) as typeof tx.query;
      return callback(yielding);
    })) as PGlite['transaction'];
  return pglite;
}

function toMigration(m: PluginMigration) {
  class PluginSqlMigration extends Migration {
    override async up() {
      for (const sql of m.up) this.addSql(sql);
    }
  }
  return { name: m.name, class: PluginSqlMigration };
}

/**
 * PGlite has no lock between processes and two writers split the data: take an exclusive lock file and
 * refuse a second opener while the first one lives. A lock left by a dead process is taken over.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, '.conjunto.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `La carpeta de datos ${dir} está en uso por otro proceso (PID ${pid}). Detenga ese proceso o use otra carpeta (DATA_DIR).`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`No se pudo bloquear la carpeta de datos ${dir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
