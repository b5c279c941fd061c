// The list protocol of ra-data-simple-rest, shared by the server (parsing) and the admin (building).
// GET /<resource>?sort=["field","ASC"]&range=[0,24]&filter={...}  ->  JSON array + Content-Range.
import { ApiError } from './errors.ts';
import { inputProblem } from './input.ts';

export const MAX_PAGE_SIZE = 1000;
export type SortOrder = 'ASC' | 'DESC';

export interface ListQuery {
  sort?: string;
  range?: string;
  filter?: string;
}

export interface ParsedList {
  sort?: { field: string; order: SortOrder };
  offset: number;
  limit: number;
  filter: Record<string, unknown>;
}

function parseJson(raw: string | undefined, field: string): unknown {
  if (raw === undefined || raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw invalid(field);
  }
}

function invalid(field: string): ApiError {
  return new ApiError(400, 'INVALID_LIST_QUERY', 'Parámetros de consulta inválidos.', { [field]: 'Valor inválido.' });
}

/** Parses sort/range/filter. Bad JSON or shapes answer 400; page size is capped at MAX_PAGE_SIZE. */
export function parseListQuery(query: ListQuery): ParsedList {
  const sort = parseJson(query.sort, 'sort');
  const range = parseJson(query.range, 'range');
  const filter = parseJson(query.filter, 'filter') ?? {};

  let parsedSort: ParsedList['sort'];
  if (sort !== undefined) {
    if (!Array.isArray(sort) || typeof sort[0] !== 'string') throw invalid('sort');
    const order = String(sort[1] ?? 'ASC').toUpperCase();
    if (order !== 'ASC' && order !== 'DESC') throw invalid('sort');
    parsedSort = { field: sort[0], order };
  }

  let offset = 0;
  let limit = MAX_PAGE_SIZE;
  if (range !== undefined) {
    if (
      !Array.isArray(range) ||
      range.length !== 2 ||
      !range.every((n) => Number.isInteger(n) && n >= 0) ||
      range[1] < range[0]
    ) {
      throw invalid('range');
    }
    offset = range[0];
    limit = Math.min(range[1] - range[0] + 1, MAX_PAGE_SIZE);
  }

  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw invalid('filter');
  // The filter is parsed here, after the host's checks of the raw query: NUL bytes, non-finite numbers, depth.
  const problem = inputProblem(filter, 8);
  if (problem) throw new ApiError(400, 'INVALID_LIST_QUERY', problem.message, { [`filter.${problem.path}`]: problem.message });
  return { sort: parsedSort, offset, limit, filter: filter as Record<string, unknown> };
}

/** `surveys 0-24/319`; an empty page answers `surveys *\/319` as RFC 9110 asks. */
export function contentRange(resource: string, offset: number, count: number, total: number): string {
  return count === 0 ? `${resource} */${total}` : `${resource} ${offset}-${offset + count - 1}/${total}`;
}
