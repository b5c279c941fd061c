// MikroORM 7 writes every parameter into the SQL text (AbstractSqlConnection.execute formats the query with
// the platform's quoting before sending it). Values then travel as SQL: quoting is the only thing between a
// user's text and the parser, every distinct value is a distinct statement text in the logs and in
// pg_stat_statements, and a bare word such as Infinity once reached the SQL. Here the connection sends
// PostgreSQL's own bound parameters ($1, $2 ... beside the text) instead, on PostgreSQL and on PGlite alike.
//
// The placeholders keep MikroORM's meaning (Platform.formatQuery): `?` a value, `??` an identifier (quoted into
// the text: identifiers cannot be bound), `\?` a literal question mark; a raw fragment as a value is expanded in
// place with its own parameters bound; an array is a list of values (`in (?)`); a plain object is JSON.
import { isRaw } from '@mikro-orm/core';
import type { AbstractSqlConnection } from '@mikro-orm/sql';
import { CompiledQuery } from 'kysely';

/** PostgreSQL takes at most 65,535 parameters in one statement; past a safe share the text form is used. */
const MAX_BOUND = 30_000;

/** What the binder needs of MikroORM's PostgreSQL platform. */
interface Platform {
  quoteIdentifier(id: string): string;
  formatDate(date: Date): string;
}

export interface BoundQuery {
  text: string;
  values: unknown[];
}

/** The query with its values as $n parameters, or undefined when it is better sent as text (none, or too many). */
export function bindQuery(platform: Platform, sql: string, params: readonly unknown[]): BoundQuery | undefined {
  if (!params.length) return undefined;
  const values: unknown[] = [];
  const text = bindInto(platform, sql, params, values);
  return values.length > MAX_BOUND ? undefined : { text, values };
}

function bindInto(platform: Platform, sql: string, params: readonly unknown[], values: unknown[]): string {
  let out = '';
  let pos = 0;
  let j = 0;
  for (let idx = sql.indexOf('?'); idx !== -1; idx = sql.indexOf('?', pos)) {
    if (idx > 0 && sql[idx - 1] === '\\') {
      out += `${sql.slice(pos, idx - 1)}?`;
      pos = idx + 1;
    } else if (sql[idx + 1] === '?') {
      out += sql.slice(pos, idx) + platform.quoteIdentifier(params[j++] as string);
      pos = idx + 2;
    } else {
      out += sql.slice(pos, idx) + placeholder(platform, params[j++], values);
      pos = idx + 1;
    }
  }
  return out + sql.slice(pos);
}

function placeholder(platform: Platform, value: unknown, values: unknown[]): string {
  if (isRaw(value)) return bindInto(platform, value.sql, value.params, values);
  if (Array.isArray(value)) return value.map((item) => placeholder(platform, item, values)).join(', ');
  values.push(boundValue(platform, value));
  return `$${values.length}`;
}

/** The value as the driver should send it: the same text MikroORM would have quoted, without the quotes. */
function boundValue(platform: Platform, value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return platform.formatDate(value);
  if (ArrayBuffer.isView(value)) return value;
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return value;
}

/** What the direct path needs of node-postgres's Pool (the one MikroORM's PostgreSQL connection owns). */
export interface PgPool {
  query(text: string, values?: unknown[]): Promise<{ command: string; rowCount: number | null; rows: unknown[] }>;
  readonly ending?: boolean;
  readonly ended?: boolean;
}

interface ConnectionInternals {
  ensureConnection(): Promise<void>;
  config: { get(key: 'onQuery'): (sql: string, params: unknown[]) => string; get(key: string): unknown; getLogger(): Logger };
  prepareQuery(query: unknown, params?: unknown[]): { query: string; params: unknown[]; formatted: string };
  getSql(query: string, formatted: string, context?: unknown): string;
  executeQuery<T>(sql: string, run: () => Promise<T>, context?: object): Promise<T>;
  transformRawResult(res: unknown, method: string): unknown;
  getClient(): { executeQuery(query: CompiledQuery, abort?: unknown): Promise<unknown> };
  platform: Platform;
}

interface Logger {
  isEnabled(namespace: string, context?: unknown): boolean;
}

/** The result as Kysely's PostgreSQL driver shapes it (what MikroORM's transformRawResult reads). */
const AFFECTING = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);
const asKyselyResult = (res: Awaited<ReturnType<PgPool['query']>>) => ({
  rows: res.rows,
  numAffectedRows: AFFECTING.has(res.command) ? BigInt(res.rowCount ?? 0) : undefined,
});

/**
 * Makes `connection.execute` send bound parameters. Same steps as AbstractSqlConnection.execute (onQuery hook,
 * logging, result shape), only the compiled query differs. Cancellation options are not used by the project.
 *
 * With `pool` (PostgreSQL), a statement outside a transaction and without query logging goes straight to it:
 * the way through MikroORM's logger and Kysely's connection provider cost more Node CPU per list request than
 * the list's own work (a text copy of every statement with its values inlined, for a log that is off, among it).
 */
export function sendBoundParameters(connection: AbstractSqlConnection, pool?: PgPool): void {
  const c = connection as unknown as ConnectionInternals;
  const onQuery = c.config.get('onQuery');
  const direct = (ctx: unknown, query: unknown, params: unknown, loggerContext: unknown) =>
    pool &&
    !pool.ending &&
    !pool.ended &&
    ctx === undefined &&
    typeof query === 'string' &&
    Array.isArray(params) &&
    c.config.get('slowQueryThreshold') == null &&
    !c.config.getLogger().isEnabled('query', loggerContext);
  (connection as { execute: unknown }).execute = async function execute(
    query: unknown,
    params: unknown[] = [],
    method = 'all',
    ctx?: unknown,
    loggerContext?: object,
  ) {
    if (pool && direct(ctx, query, params, loggerContext)) {
      const sql = onQuery(query as string, params);
      const bound = bindQuery(c.platform, sql, params);
      const res = bound
        ? await pool.query(bound.text, bound.values)
        : await pool.query(
            (c.platform as Platform & { formatQuery(sql: string, params: unknown[]): string }).formatQuery(sql, params),
          );
      return c.transformRawResult(asKyselyResult(res), method);
    }
    await c.ensureConnection();
    const q = c.prepareQuery(query, params);
    const bound = bindQuery(c.platform, q.query, q.params);
    const compiled = bound ? CompiledQuery.raw(bound.text, bound.values) : CompiledQuery.raw(q.formatted);
    const sql = c.getSql(q.query, q.formatted, loggerContext);
    const client = (ctx as ReturnType<ConnectionInternals['getClient']> | undefined) ?? c.getClient();
    return c.executeQuery(sql, async () => c.transformRawResult(await client.executeQuery(compiled), method), {
      ...q,
      ...loggerContext,
    });
  };
}
