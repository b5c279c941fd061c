// The host's list helper: a ListDeclaration becomes GET /<resource> (ra-data-simple-rest: filter/sort/range,
// `id` arrays, `q`, Content-Range) and GET /<resource>/export?format=csv|xlsx, on the same query.
// Rows are read by raw SQL with bound parameters (no entity hydration). The total is exact up to
// EXACT_COUNT_LIMIT and PostgreSQL's planned estimate above it (as PostgREST's `count=planned`); deep pages
// can be read by keyset (`after=<cursor>` from the X-Next-Cursor header) instead of an ever larger OFFSET.
import {
  ApiError,
  contentRange,
  EXACT_COUNT_LIMIT,
  EXPORT_ROW_LIMIT,
  isDay,
  isUuid,
  type ListCondition,
  type ListDeclaration,
  type ListFilter,
  type ListQuery,
  ListQuerySchema,
  notFound,
  type ParsedList,
  parseListQuery,
  type SheetColumn,
} from '@conjunto/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { Type } from 'typebox';
import { sendSheet } from './files/sheet-write.ts';

/** The record `id` within `scope` (e.g. its complex), or 404: also for ids that are not UUIDs. */
export async function findOr404<T>(
  em: EntityManager,
  entity: unknown,
  id: string,
  scope: Record<string, unknown> = {},
): Promise<T> {
  const row = isUuid(id) ? await em.findOne(entity as never, { ...scope, id } as never) : null;
  if (!row) throw notFound();
  return row as T;
}

const badFilter = (field: string) =>
  new ApiError(400, 'INVALID_FILTER', 'Filtro no permitido.', { [field]: 'Filtro no permitido.' });
const badSort = () => new ApiError(400, 'INVALID_SORT', 'Orden no permitido.', { sort: 'Orden no permitido.' });
const badCursor = () =>
  new ApiError(400, 'INVALID_LIST_QUERY', 'Parámetros de consulta inválidos.', { after: 'Valor inválido.' });

/** Escapes LIKE wildcards so `q` matches literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A piece of SQL and its parameters (`?` placeholders, bound by the connection). */
interface Sql {
  text: string;
  params: unknown[];
}

/** What the helper needs of a declaration's source: its FROM and each field's SQL. */
interface Source {
  from: string;
  columns: Record<string, string>;
  /** The JS type of an entity's fields ('boolean', 'number' ...): exact filters are checked against it. */
  types: Record<string, string>;
  /** Fields that may be NULL (formulas and undeclared columns are assumed to). */
  nullable: Set<string>;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const sources = new WeakMap<object, Source>();

/** The declaration's table and fields; an entity's from its metadata (columns and formulas, by property name). */
function sourceOf(em: EntityManager, declaration: ListDeclaration<never, unknown>): Source {
  const cached = sources.get(declaration);
  if (cached) return cached;
  let source: Source;
  if (declaration.entity) {
    const meta = em.getMetadata().find(declaration.entity as never);
    if (!meta) throw new Error(`list ${declaration.resource}: unknown entity`);
    const plain: Record<string, string> = {};
    for (const prop of Object.values(meta.properties))
      if (prop.fieldNames?.length === 1 && !prop.formula) plain[prop.name] = `t.${quote(prop.fieldNames[0])}`;
    const cols = new Proxy(plain, { get: (target, key) => target[key as string] ?? `t.${quote(String(key))}` });
    const columns = { ...plain };
    const types = Object.fromEntries(Object.values(meta.properties).map((prop) => [prop.name, String(prop.runtimeType ?? '')]));
    for (const prop of Object.values(meta.properties))
      if (prop.formula) columns[prop.name] = (prop.formula as (c: unknown) => string)(cols);
    const nullable = new Set(
      Object.values(meta.properties)
        .filter((prop) => prop.nullable || prop.formula)
        .map((prop) => prop.name),
    );
    source = { from: `${quote(meta.tableName)} t`, columns, types, nullable };
  } else if (declaration.table && declaration.columns) {
    source = {
      from: `${declaration.table} t`,
      columns: declaration.columns,
      types: {},
      nullable: new Set(Object.keys(declaration.columns)),
    };
  } else {
    throw new Error(`list ${declaration.resource}: declare an entity or a table with its columns`);
  }
  sources.set(declaration, source);
  return source;
}

/** Compiles a condition over the declared fields into SQL; an unknown field is a programming error. */
function compile(condition: ListCondition, column: (field: string) => string, params: unknown[]): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(condition)) {
    if (value === undefined) continue;
    if (key === '$or' || key === '$and') {
      const list = (value as ListCondition[]).map((c) => compile(c, column, params));
      if (list.length) parts.push(`(${list.join(key === '$or' ? ' or ' : ' and ')})`);
      continue;
    }
    if (key === '$sql') {
      // A condition the resource writes itself over the row `t`, with its own bound parameters.
      const raw = value as { text: string; params?: unknown[] };
      params.push(...(raw.params ?? []));
      parts.push(`(${raw.text})`);
      continue;
    }
    const col = column(key);
    if (value === null) parts.push(`${col} is null`);
    else if (typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)) {
      for (const [op, operand] of Object.entries(value as Record<string, unknown>))
        parts.push(operator(col, op, operand, params));
    } else parts.push(operator(col, Array.isArray(value) ? '$in' : '$eq', value, params));
  }
  return parts.length ? parts.join(' and ') : 'true';
}

const COMPARISONS: Record<string, string> = { $eq: '=', $ne: '<>', $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

function operator(col: string, op: string, value: unknown, params: unknown[]): string {
  if (op === '$ne' && value === null) return `${col} is not null`;
  if (op === '$eq' && value === null) return `${col} is null`;
  if (Object.hasOwn(COMPARISONS, op)) {
    params.push(value);
    return `${col} ${COMPARISONS[op]} ?`;
  }
  if (op === '$in') {
    const values = value as unknown[];
    if (!values.length) return 'false';
    params.push(...values);
    return `${col} in (${values.map(() => '?').join(', ')})`;
  }
  if (op === '$ilike') {
    params.push(value);
    return `${col} ilike ?`;
  }
  if (op === '$contains') {
    params.push(JSON.stringify(value));
    return `${col}::jsonb @> ?::jsonb`;
  }
  throw new Error(`list: unsupported operator ${op}`);
}

/** 'YYYY-MM-DD', optionally with a time and offset: what react-admin's date inputs send. */
const DAY_OR_TIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/;

/** The filter keys a declaration accepts, each with its condition. */
function filterCondition(
  declaration: ListDeclaration<never, unknown>,
  source: Source,
  key: string,
  value: unknown,
): ListCondition {
  const filters = declaration.filters ?? {};
  // A value the field's type cannot hold is refused here (the database would refuse it later, PGlite with a 500).
  const type = source.types[key];
  const scalar = (v: unknown) =>
    v === null ||
    (type === 'boolean'
      ? v === true || v === false || v === 'true' || v === 'false'
      : type === 'number'
        ? (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && /^-?\d{1,15}(\.\d{1,6})?$/.test(v))
        : typeof v !== 'object');
  // Own properties only: 'constructor' or '__proto__' must not reach Object.prototype.
  const kind: ListFilter | undefined = Object.hasOwn(filters, key) ? filters[key] : undefined;
  if (typeof kind === 'function') return kind(value);
  if (kind === 'exact') {
    if (Array.isArray(value)) {
      if (!value.every(scalar)) throw badFilter(key);
      return { [key]: { $in: value } };
    }
    if (!scalar(value)) throw badFilter(key);
    return { [key]: value };
  }
  if (kind === 'contains') {
    if (!scalar(value)) throw badFilter(key);
    return { [key]: { $contains: [value] } };
  }
  const range = /^(.+)_(gte|lte)$/.exec(key);
  if (range && Object.hasOwn(filters, range[1]) && filters[range[1]] === 'dateRange') {
    if (typeof value !== 'string' || !DAY_OR_TIME.test(value) || !isDay(value.slice(0, 10))) throw badFilter(key);
    // A day bounding a timestamp is a whole Guayaquil business day (UTC-5, no daylight saving): from its first
    // instant, up to (not including) the next day's; the database's own zone must not shift it.
    if (source.types[range[1]] === 'Date' && value.length === 10) {
      if (range[2] === 'gte') return { [range[1]]: { $gte: `${value}T00:00:00-05:00` } };
      // The calendar's last day: no day after it to stop before (toISOString would write the year as '+010000').
      if (value === '9999-12-31') return {};
      const next = new Date(Date.parse(`${value}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      return { [range[1]]: { $lt: `${next}T00:00:00-05:00` } };
    }
    return { [range[1]]: { [`$${range[2]}`]: value } };
  }
  throw badFilter(key);
}

interface Query {
  source: Source;
  where: Sql;
  sortField: string;
  sort: string;
  order: 'ASC' | 'DESC';
}

/** The WHERE and ORDER BY of a request: the complex, the declaration's fixed conditions, then the filters. */
function queryOf(
  em: EntityManager,
  declaration: ListDeclaration<never, unknown>,
  request: FastifyRequest,
  parsed: ParsedList,
  scope: ListCondition,
): Query {
  const source = sourceOf(em, declaration);
  const column = (field: string) => {
    if (!Object.hasOwn(source.columns, field)) throw new Error(`list ${declaration.resource}: unknown field ${field}`);
    return source.columns[field];
  };
  const sortSpec = parsed.sort ?? declaration.defaultSort;
  if (!declaration.sortable.includes(sortSpec.field) && sortSpec.field !== 'id') throw badSort();
  const sortField =
    (declaration.sortAliases &&
      Object.hasOwn(declaration.sortAliases, sortSpec.field) &&
      declaration.sortAliases[sortSpec.field]) ||
    sortSpec.field;

  const and: ListCondition[] = [scope, declaration.where?.(request) ?? {}];
  for (const [key, value] of Object.entries(parsed.filter)) {
    if (value === undefined || value === '' || value === null) continue;
    if (key === 'q') {
      if (typeof value !== 'string') throw badFilter(key);
      const words = value.trim().split(/\s+/).filter(Boolean).slice(0, 8);
      if (words.length && !declaration.search?.length) throw badFilter(key);
      // Every word must match one of the searchable fields.
      for (const word of words)
        and.push({ $or: (declaration.search ?? []).map((f) => ({ [f]: { $ilike: likePattern(word) } })) });
    } else if (key === 'id') {
      // ids that cannot exist simply match nothing, as a foreign id would.
      and.push({ id: { $in: (Array.isArray(value) ? value : [value]).filter(isUuid) } });
    } else {
      and.push(filterCondition(declaration, source, key, value));
    }
  }
  const params: unknown[] = [];
  const text = compile({ $and: and }, column, params);
  return { source, where: { text, params }, sortField, sort: column(sortField), order: sortSpec.order };
}

/** `after` cursors: the last row's sort value (as text, so timestamps keep their microseconds) and id. */
const encodeCursor = (value: unknown, id: unknown) => Buffer.from(JSON.stringify([value ?? null, id])).toString('base64url');
function decodeCursor(raw: string): [string | null, string] {
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString());
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      (parsed[0] === null || typeof parsed[0] === 'string') &&
      isUuid(parsed[1]) &&
      !String(parsed[0]).includes('\0')
    )
      return parsed as [string | null, string];
  } catch {}
  throw badCursor();
}

/**
 * Rows after the cursor in the list's order (NULLs sort last ascending, first descending, as PostgreSQL does).
 * The plain bound first (`s <= ?` descending) lets the sort index start at the cursor instead of reading
 * every row before it.
 */
function keyset(query: Query, cursor: [string | null, string]): Sql {
  const [value, id] = cursor;
  const s = query.sort;
  const nullable = query.source.nullable.has(query.sortField);
  if (query.order === 'ASC') {
    if (value === null) return { text: `(${s} is null and t.id > ?)`, params: [id] };
    const after = `${s} >= ? and (${s} > ? or t.id > ?)`;
    return { text: nullable ? `((${after}) or ${s} is null)` : `(${after})`, params: [value, value, id] };
  }
  if (value === null) return { text: `((${s} is null and t.id < ?) or ${s} is not null)`, params: [id] };
  return { text: `(${s} <= ? and (${s} < ? or t.id < ?))`, params: [value, value, id] };
}

type Row = Record<string, unknown>;

/** The select list of a source's fields, built once. */
const selects = new WeakMap<Source, string>();
function selectOf(source: Source): string {
  let select = selects.get(source);
  if (select === undefined) {
    select = Object.entries(source.columns)
      .map(([field, sql]) => `${sql} as ${quote(field)}`)
      .join(', ');
    selects.set(source, select);
  }
  return select;
}

/** How a page's total is counted: plainly (the list was small last time), or bounded at EXACT_COUNT_LIMIT. */
type CountMode = 'plain' | 'bounded';

/** The count of the list's rows: plain, or stopping after EXACT_COUNT_LIMIT + 1 rows (a plain count past it is exact too). */
function countSql(query: Query, mode: CountMode): Sql {
  const from = `from ${query.source.from} where ${query.where.text}`;
  const text =
    mode === 'plain'
      ? `select count(*)::int ${from}`
      : `select count(*)::int from (select 1 ${from} limit ${EXACT_COUNT_LIMIT + 1}) c`;
  return { text, params: query.where.params };
}

/**
 * One page of rows (offset or keyset), with the cursor of its last row; with `count`, also the list's count,
 * computed by the same statement (an uncorrelated subquery, run once): one round trip instead of two. An empty
 * page carries no count: the caller counts apart (after the last page only, or in an empty list).
 */
async function readPage(
  em: EntityManager,
  query: Query,
  limit: number,
  offset: number,
  cursor?: [string | null, string],
  count?: CountMode,
): Promise<{ rows: Row[]; next?: string; counted?: number }> {
  const after = cursor ? keyset(query, cursor) : undefined;
  const where = after ? `(${query.where.text}) and ${after.text}` : query.where.text;
  const total = count ? countSql(query, count) : undefined;
  const rows: Row[] = await em.getConnection().execute(
    `select ${selectOf(query.source)}, (${query.sort})::text as "__cursor"${total ? `, (${total.text}) as "__total"` : ''}
       from ${query.source.from}
      where ${where} order by ${query.sort} ${query.order}, t.id ${query.order} limit ? offset ?`,
    [...(total?.params ?? []), ...query.where.params, ...(after?.params ?? []), limit, after ? 0 : offset],
  );
  const last = rows.at(-1);
  const next = last && rows.length === limit ? encodeCursor(last.__cursor, last.id) : undefined;
  const counted = total && last ? (last.__total as number) : undefined;
  // Blanked, not deleted: a deleted property turns every row into a slow dictionary object (items leave it out).
  for (const row of rows) {
    row.__cursor = undefined;
    if (total) row.__total = undefined;
  }
  return { rows, next, counted };
}

/** The list's count alone (a page that carried none), and the planner's estimate when past EXACT_COUNT_LIMIT. */
async function countOf(em: EntityManager, query: Query, mode: CountMode): Promise<number> {
  const { text, params } = countSql(query, mode);
  const [{ count }] = await em.getConnection().execute(text, params);
  return count as number;
}

/** PostgreSQL's estimate of the list's rows, never below what was counted. */
async function estimateOf(em: EntityManager, query: Query, counted: number): Promise<number> {
  const [plan] = await em
    .getConnection()
    .execute(`explain (format json) select 1 from ${query.source.from} where ${query.where.text}`, query.where.params);
  const json = plan['QUERY PLAN'];
  const rows = Number((typeof json === 'string' ? JSON.parse(json) : json)?.[0]?.Plan?.['Plan Rows']);
  return Math.max(counted, Number.isFinite(rows) ? Math.round(rows) : counted);
}

/**
 * Estimated totals are kept a while: reading the 10,001 rows that prove a list is past the limit cost 7 ms of
 * PostgreSQL per page of a 1,000,000-row list (its page takes 0.1 ms), for a figure that is an estimate anyway
 * (GitLab keeps its large counts in a cache too). Exact totals are never kept, only that the list was small: its
 * next count is a plain one (the bounded count's LIMIT and subquery cost a quarter more PostgreSQL time for the
 * same 5,000 rows). A new record shows at once.
 * A kept estimate is answered for ESTIMATE_FRESH_MS, then answered once more while one request counts again
 * in the background, and forgotten after ESTIMATE_MAX_AGE_MS.
 */
export const ESTIMATE_FRESH_MS = 10_000;
const ESTIMATE_MAX_AGE_MS = 60_000;
type KeptCount = { estimated: false } | { estimated: true; total: number; at: number; refreshing?: Promise<unknown> };
type Counts = LRUCache<string, KeptCount>;
const SMALL: KeptCount = { estimated: false };

/** A page and its total: exact up to EXACT_COUNT_LIMIT, PostgreSQL's estimate above it (kept a while). */
async function pageAndTotal(
  em: EntityManager,
  query: Query,
  counts: Counts,
  limit: number,
  offset: number,
  cursor?: [string | null, string],
): Promise<{ rows: Row[]; next?: string; total: number; estimated: boolean }> {
  // The statement and its values (the complex among them): one entry per list, filter and tenant.
  const key = `${query.source.from}\u0000${query.where.text}\u0000${JSON.stringify(query.where.params)}`;
  const kept = counts.get(key);
  const settle = async (mode: CountMode, n: number) => {
    if (n <= EXACT_COUNT_LIMIT) {
      counts.set(key, SMALL);
      return { total: n, estimated: false };
    }
    // A plain count past the limit is exact too; the next one is bounded again.
    if (mode === 'plain') {
      counts.delete(key);
      return { total: n, estimated: false };
    }
    const total = await estimateOf(em, query, n);
    counts.set(key, { estimated: true, total, at: Date.now() });
    return { total, estimated: true };
  };
  if (kept?.estimated) {
    const age = Date.now() - kept.at;
    if (age < ESTIMATE_MAX_AGE_MS) {
      if (age >= ESTIMATE_FRESH_MS && !kept.refreshing)
        kept.refreshing = countOf(em, query, 'bounded')
          .then((n) => settle('bounded', n))
          .catch(() => counts.delete(key));
      return { ...(await readPage(em, query, limit, offset, cursor)), total: kept.total, estimated: true };
    }
  }
  const mode: CountMode = kept && !kept.estimated ? 'plain' : 'bounded';
  const page = await readPage(em, query, limit, offset, cursor, mode);
  // An empty page: an empty list (offset 0, no cursor) counts 0; past the end, the count is asked apart.
  const n = page.counted ?? (offset === 0 && !cursor ? 0 : await countOf(em, query, mode));
  return { ...page, ...(await settle(mode, n)) };
}

const ExportQuerySchema = Type.Object({
  sort: ListQuerySchema.properties.sort,
  filter: ListQuerySchema.properties.filter,
  format: Type.Optional(Type.Union([Type.Literal('csv'), Type.Literal('xlsx')])),
});
const PageQuerySchema = Type.Object({ ...ListQuerySchema.properties, after: Type.Optional(Type.String({ maxLength: 2000 })) });

/** The text the OpenAPI document gives a list: its filters and sortable fields. */
function describe(declaration: ListDeclaration<never, unknown>): string {
  const filters = Object.entries(declaration.filters ?? {}).map(([key, kind]) =>
    kind === 'dateRange' ? `${key}_gte, ${key}_lte` : typeof kind === 'function' ? key : `${key} (${kind})`,
  );
  return [
    `Filters (JSON in \`filter\`): id (array), ${declaration.search?.length ? `q (searches ${declaration.search.join(', ')}), ` : ''}${filters.join(', ') || 'none other'}.`,
    `Sortable: ${['id', ...declaration.sortable].join(', ')}; default ${declaration.defaultSort.field} ${declaration.defaultSort.order}.`,
    `Totals above ${EXACT_COUNT_LIMIT} are estimates (X-Total-Estimated: true); deep pages: pass X-Next-Cursor as \`after\`.`,
  ].join(' ');
}

/** Maps a page of rows to items; an export prefers `toItem` (no per-page lookups such as signed photo URLs). */
const itemsOf = async (
  declaration: ListDeclaration<never, unknown>,
  request: FastifyRequest,
  rows: Row[],
  exporting = false,
): Promise<unknown[]> =>
  declaration.toItems && !(exporting && declaration.toItem)
    ? declaration.toItems(request, rows as never[])
    : declaration.toItem
      ? rows.map((r) => declaration.toItem!(r as never))
      : rows;

type Column = SheetColumn;

/** The declared export columns, else every field of the item under its own name. */
const exportColumns = (declaration: ListDeclaration<never, unknown>): Column[] => {
  const money = new Set(declaration.money ?? []);
  return declaration.exportColumns
    ? Object.entries(declaration.exportColumns).map(([field, column]) =>
        typeof column === 'string'
          ? { header: column, value: (item: Row) => item[field], money: money.has(field) }
          : { header: column.header, value: column.value as Column['value'], money: money.has(field) },
      )
    : Object.keys((declaration.item as { properties?: object }).properties ?? {}).map((field) => ({
        header: field,
        value: (item: Row) => item[field],
        money: money.has(field),
      }));
};

const EXPORT_BATCH = 1000;

/** Streams every matching item (up to EXPORT_ROW_LIMIT) in keyset batches: constant memory, never a deep OFFSET. */
async function* exportItems(
  em: EntityManager,
  declaration: ListDeclaration<never, unknown>,
  request: FastifyRequest,
  query: Query,
  first: { rows: Row[]; next?: string },
): AsyncGenerator<unknown> {
  let page = first;
  let sent = 0;
  for (;;) {
    for (const item of await itemsOf(declaration, request, page.rows, true)) yield item;
    sent += page.rows.length;
    if (!page.next || sent >= EXPORT_ROW_LIMIT) return;
    page = await readPage(em, query, Math.min(EXPORT_BATCH, EXPORT_ROW_LIMIT - sent), 0, decodeCursor(page.next));
  }
}

export interface ListRouteOptions {
  /** The condition every row of the request must meet (the complex); none on platform routes. */
  scope?: (request: FastifyRequest) => ListCondition;
  /** The request's EntityManager. */
  em?: (request: FastifyRequest) => EntityManager;
}

/** Registers GET /<resource> and GET /<resource>/export for a declaration. */
export function listRoute<Row, Item>(
  app: FastifyInstance,
  declaration: ListDeclaration<Row, Item>,
  options: ListRouteOptions = {},
): void {
  const list = declaration as unknown as ListDeclaration<never, unknown>;
  // Rows are read by SQL on the shared connection: no request EntityManager is forked for them.
  const emOf = options.em ?? ((request: FastifyRequest) => request.server.orm.em as EntityManager);
  const build = (request: FastifyRequest) => {
    const parsed = parseListQuery(request.query as ListQuery);
    return { parsed, query: queryOf(emOf(request), list, request, parsed, options.scope?.(request) ?? {}) };
  };
  const tags = declaration.tags;
  // Per route of this app (never shared with another app, or database, in the same process).
  const counts: Counts = new LRUCache({ max: 1000 });
  // The export reads what the list reads: the same roles, or the access table's `list` action for both.
  const config: FastifyContextConfig = declaration.roles ? { roles: declaration.roles as never } : { access: 'list' };
  app.get(
    `/${declaration.resource}`,
    {
      config,
      schema: {
        tags,
        summary: declaration.summary ?? `List ${declaration.resource}`,
        description: describe(list),
        querystring: PageQuerySchema,
        response: { 200: Type.Array(declaration.item) },
      },
    },
    async (request, reply) => {
      const { parsed, query } = build(request);
      const after = (request.query as { after?: string }).after;
      const em = emOf(request);
      const { rows, next, total, estimated } = await pageAndTotal(
        em,
        query,
        counts,
        parsed.limit,
        parsed.offset,
        after ? decodeCursor(after) : undefined,
      );
      reply.header('Content-Range', contentRange(declaration.resource, parsed.offset, rows.length, total));
      if (estimated) reply.header('X-Total-Estimated', 'true');
      if (next) reply.header('X-Next-Cursor', next);
      return itemsOf(list, request, rows);
    },
  );
  app.get(
    `/${declaration.resource}/export`,
    {
      config,
      schema: {
        tags,
        summary: `Export ${declaration.resource} (CSV or .xlsx, the list's filters and sort, at most ${EXPORT_ROW_LIMIT} rows)`,
        querystring: ExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { query } = build(request);
      const format = (request.query as { format?: string }).format ?? 'csv';
      const columns = exportColumns(list);
      // The first batch is read before answering: a query the database refuses still answers its 400, not a cut file.
      const first = await readPage(emOf(request), query, EXPORT_BATCH, 0);
      const items = exportItems(emOf(request), list, request, query, first);
      return sendSheet(reply, { name: declaration.resource, format: format as 'csv' | 'xlsx', columns, rows: items as never });
    },
  );
}
