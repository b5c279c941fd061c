// The generic ra-data-simple-rest list: exact filters, `q` text search, `id` arrays, sort, range, Content-Range.
import { ApiError, contentRange, type ListOptions, type ListQuery, notFound, type ParsedList, parseListQuery } from '@conjunto/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** From this offset on, a list page is read in two steps (ids, then rows). */
const DEEP_OFFSET = 200;

/** The record `id` within `scope` (e.g. its complex), or 404: also for ids that are not UUIDs. */
export async function findOr404<T>(em: EntityManager, entity: unknown, id: string, scope: Record<string, unknown> = {}): Promise<T> {
  const row = isUuid(id) ? await em.findOne(entity as never, { ...scope, id } as never) : null;
  if (!row) throw notFound();
  return row as T;
}

/** The list parameters of a request's query string. */
export const listQueryOf = (request: { query: unknown }): ParsedList => parseListQuery(request.query as ListQuery);

const badFilter = (field: string) => new ApiError(400, 'INVALID_FILTER', 'Filtro no permitido.', { [field]: 'Filtro no permitido.' });

/** Escapes LIKE wildcards so `q` matches literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function buildWhere(parsed: ParsedList, options: ListOptions, scope: Record<string, unknown>): Record<string, unknown> {
  const where: Record<string, unknown> = { ...options.where, ...scope };
  const and: Record<string, unknown>[] = [];
  for (const [key, value] of Object.entries(parsed.filter)) {
    if (value === undefined || value === '' || value === null) continue;
    if (key === 'q') {
      if (typeof value !== 'string') throw badFilter(key);
      const words = value.trim().split(/\s+/).filter(Boolean).slice(0, 8);
      // Every word must match one of the searchable fields.
      for (const word of words) and.push({ $or: (options.search ?? []).map((f) => ({ [f]: { $ilike: likePattern(word) } })) });
      if (words.length && !options.search?.length) throw badFilter(key);
    } else if (key === 'id') {
      const ids = Array.isArray(value) ? value : [value];
      // ids that cannot exist simply match nothing, as a foreign id would.
      where.id = { $in: ids.filter(isUuid) };
    } else if (options.custom && Object.hasOwn(options.custom, key)) {
      // Own properties only: 'constructor' or '__proto__' must not reach Object.prototype.
      and.push(options.custom[key](value));
    } else if (options.contains?.includes(key)) {
      if (typeof value === 'object') throw badFilter(key);
      where[key] = { $contains: [value] };
    } else if (options.filters?.includes(key)) {
      if (Array.isArray(value)) {
        if (value.some((v) => v !== null && typeof v === 'object')) throw badFilter(key);
        where[key] = { $in: value };
      }
      else if (typeof value === 'object') throw badFilter(key);
      else where[key] = value;
    } else {
      throw badFilter(key);
    }
  }
  if (and.length) where.$and = and;
  return where;
}

export async function listEntities<T extends object>(
  em: EntityManager,
  entity: unknown,
  parsed: ParsedList,
  options: ListOptions,
  scope: Record<string, unknown>,
  reply: { header(name: string, value: string): unknown },
): Promise<T[]> {
  const sort = parsed.sort ?? options.defaultSort;
  if (!options.sortable.includes(sort.field) && sort.field !== 'id') {
    throw new ApiError(400, 'INVALID_SORT', 'Orden no permitido.', { sort: 'Orden no permitido.' });
  }
  const where = buildWhere(parsed, options, scope);
  const page = {
    orderBy: [{ [(options.sortAliases && Object.hasOwn(options.sortAliases, sort.field) && options.sortAliases[sort.field]) || sort.field]: sort.order }, { id: sort.order }] as never,
    limit: parsed.limit,
    offset: parsed.offset,
  };
  let rows: T[];
  let total: number;
  if (parsed.offset < DEEP_OFFSET) {
    [rows, total] = (await em.findAndCount(entity as never, where as never, page)) as [T[], number];
  } else {
    // A deep page: find the page's ids first (the index answers that without reading the skipped rows or
    // computing their formulas), then load only those rows.
    const [ids, count] = await em.fork().findAndCount(entity as never, where as never, { ...page, fields: ['id'] as never });
    const loaded = ids.length ? ((await em.find(entity as never, { id: { $in: ids.map((r) => (r as { id: string }).id) } } as never)) as (T & { id: string })[]) : [];
    const byId = new Map(loaded.map((r) => [r.id, r]));
    rows = ids.map((r) => byId.get((r as { id: string }).id)).filter((r): r is T & { id: string } => r !== undefined);
    total = count;
  }
  reply.header('Content-Range', contentRange(options.resource, parsed.offset, rows.length, total));
  return rows;
}
