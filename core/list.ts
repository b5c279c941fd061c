// One declaration per list: the host turns it into the ra-data-simple-rest route (validation, OpenAPI, the
// page and its total) and its CSV/.xlsx export. Rows are read as plain objects (no ORM hydration).

import type { FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';

/**
 * A condition on the list's fields, as MikroORM writes them: `{ field: value }`, `{ field: null }`,
 * `{ field: { $ne | $gt | $gte | $lt | $lte | $in | $contains: value } }`, `$or` / `$and` of conditions, and
 * `{ $sql: { text, params } }`: SQL over the row `t` (`exists (select 1 from x where x.id = t.x_id and x.y = ?)`).
 * Values always travel as bound parameters.
 */
export type ListCondition = Record<string, unknown>;

/**
 * How a filter key is answered:
 * - 'exact': the field equals the value (an array of values: any of them);
 * - 'contains': a JSON array field holds the value (`{ roles: 'administrador' }`);
 * - 'dateRange': `<field>_gte` and `<field>_lte` bound a 'YYYY-MM-DD' or timestamp field (react-admin's date inputs);
 * - a function: the resource translates the value itself (`pending: (v) => (v ? { balance: { $gt: 0 } } : {})`).
 */
export type ListFilter = 'exact' | 'contains' | 'dateRange' | ((value: unknown) => ListCondition);

export interface ListDeclaration<Row = Record<string, unknown>, Item = unknown> {
  /** The path segment and the Content-Range unit: `surveys`. */
  resource: string;
  /** Who may read it (and export it); a plugin with an access table leaves it out: its `list` action decides. */
  roles?: readonly string[];
  /** A MikroORM entity: its table and its columns and formulas become the row's fields (by property name). */
  entity?: unknown;
  /** Or a table (or a parenthesised query) read as `t`, with its fields as SQL expressions: `{ name: 't.name' }`. */
  table?: string;
  columns?: Record<string, string>;
  /** Complex-scoped routes read only the request's complex (`complex_id`); `false` for a catalogue shared by all. */
  tenant?: boolean;
  filters?: Record<string, ListFilter>;
  /** Fields searched case-insensitively by `q` (every word must match one of them). */
  search?: readonly string[];
  sortable: readonly string[];
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
  /** Sort by another field than the one shown, e.g. number -> numberSort (natural order). */
  sortAliases?: Record<string, string>;
  /** Fixed conditions of the request, e.g. the caller's own rows. */
  where?: (request: FastifyRequest) => ListCondition;
  /** The item schema (response, OpenAPI and the export's columns). */
  item: TSchema;
  /**
   * The export's columns in order, by item field: the header users read, or a header and the cell's value (a code's
   * label, a count instead of ids). Without it, every field of the item under its own name.
   */
  exportColumns?: Record<string, ExportColumn<Item>>;
  /** The item fields that are amounts of money: numbers in currency format in the .xlsx export (spec 002 §9). */
  money?: readonly string[];
  /**
   * Row -> DTO; or `toItems` when the page needs one more lookup for all its rows. With both, exports use `toItem`
   * (a spreadsheet of people needs no signed photo URLs).
   */
  toItem?: (row: Row) => Item;
  toItems?: (request: FastifyRequest, rows: Row[]) => Promise<Item[]>;
  summary?: string;
  tags?: string[];
}

/** One column of a list's export: its header, or its header and the value it shows of an item. */
export type ExportColumn<Item> = string | { header: string; value: (item: Item) => unknown };

/** Declares a list (typed identity: the host does the rest). */
export const defineList = <Row = Record<string, unknown>, Item = unknown>(
  declaration: ListDeclaration<Row, Item>,
): ListDeclaration<Row, Item> => declaration;

/** Above this many matching rows a list answers PostgreSQL's estimate instead of an exact count. */
export const EXACT_COUNT_LIMIT = 10_000;
/** An export holds at most this many rows. */
export const EXPORT_ROW_LIMIT = 100_000;

/** A spreadsheet cell as text that no spreadsheet turns into a formula (CSV injection). */
export function safeCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text =
    value instanceof Date
      ? value.toISOString()
      : Array.isArray(value)
        ? value.join(', ')
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
