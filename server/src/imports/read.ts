// The file of an import, read under the host's caps: .xlsx through host.sheets (streamed, zip-bomb and size
// guards), .csv through the reader below (size already capped by the upload; rows, columns and cells capped here;
// NUL bytes refused; every cell kept as the text it is, so '=1+2' is never a formula). The first row present is
// the header; its titles are matched to the declaration's columns without case or accents.
import { ApiError, type ImportColumn, type ImportSourceRow, plainText, SheetRejected, type SheetRow } from '@conjunto/core';
import { hostSheets } from '../files/sheet.ts';

export const IMPORT_MESSAGES = {
  fileRequired: 'Seleccione un archivo Excel (.xlsx) o CSV (.csv).',
  oneFile: 'Seleccione un solo archivo.',
  notSupported: 'Solo se aceptan archivos Excel (.xlsx) o CSV (.csv).',
  xls: 'Los archivos .xls (Excel 97-2003) no se pueden leer. Ábralo en Excel y guárdelo como .xlsx (Libro de Excel), luego vuelva a subirlo.',
  invalid: 'El archivo no es un Excel o CSV válido o está dañado.',
  tooLarge: 'El archivo es demasiado pesado.',
  tooManyRows: (n: number) => `El archivo tiene más de ${n} filas.`,
  tooManyColumns: (n: number) => `El archivo tiene más de ${n} columnas.`,
  tooManyCells: (n: number) => `El archivo tiene más de ${n} celdas con datos.`,
  nul: 'El archivo contiene caracteres no permitidos.',
  noRows: 'El archivo no tiene filas para importar.',
  missingColumns: (columns: string[]) => `Faltan columnas en la hoja: ${columns.join(', ')}.`,
  required: (header: string) => `${header}: ¡Se requiere este campo!`,
  rowsInvalid: 'El archivo tiene errores: no se importó ninguna fila. Corrija las filas indicadas y vuelva a subirlo.',
  noValid: 'No hay filas válidas para importar.',
  conflict: (fila: number, reason: string) => `Fila ${fila}: ${reason} No se importó ninguna fila.`,
  dbConflict: 'Un dato de la fila ya existe o no es válido en el sistema.',
} as const;

const COLUMNS_CAP = 50;
/** A cell holds at most this many characters (a longer one is cut and the row's checks refuse it by length). */
const CELL_CHARS = 2000;

export const badFile = (message: string, status = 400) =>
  new ApiError(status, status === 413 ? 'TOO_LARGE' : 'INVALID_FILE', message, { file: message });

export type ImportFormat = 'xlsx' | 'csv';

/** Which reader a file needs, from its name and first bytes; .xls and anything else are refused. */
export function formatOf(filename: string, bytes: Uint8Array): ImportFormat {
  const name = filename.toLowerCase();
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (name.endsWith('.xls') || (b.length >= 4 && b.readUInt32BE(0) === 0xd0cf11e0)) throw badFile(IMPORT_MESSAGES.xls, 415);
  if (name.endsWith('.xlsx')) {
    if (b.length < 4 || b.readUInt32LE(0) !== 0x04034b50) throw badFile(IMPORT_MESSAGES.invalid);
    return 'xlsx';
  }
  if (name.endsWith('.csv') || name.endsWith('.txt')) return 'csv';
  throw badFile(IMPORT_MESSAGES.notSupported, 415);
}

/** CSV text: UTF-8 (with or without BOM), else Windows-1252 (what Excel in Spanish saves). */
function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** RFC 4180 records with the delimiter of the first line (',' ';' or tab: Excel in Spanish writes ';'). */
export function readCsv(bytes: Uint8Array, caps: { rows: number; columns: number; cells: number }): SheetRow[] {
  if (bytes.includes(0)) throw badFile(IMPORT_MESSAGES.nul);
  const text = decode(bytes);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  const delimiter = counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  const rows: SheetRow[] = [];
  let cells: (string | null)[] = [];
  let cell = '';
  let quoted = false;
  let record = 1;
  let filled = 0;
  const endCell = () => {
    if (cells.length >= caps.columns) {
      if (cell.trim()) throw badFile(IMPORT_MESSAGES.tooManyColumns(caps.columns), 413);
    } else cells.push(cell.trim() ? cell.slice(0, CELL_CHARS) : null);
    if (cell.trim() && ++filled > caps.cells) throw badFile(IMPORT_MESSAGES.tooManyCells(caps.cells), 413);
    cell = '';
  };
  const endRecord = () => {
    endCell();
    if (cells.some((c) => c !== null)) {
      if (rows.length >= caps.rows) throw badFile(IMPORT_MESSAGES.tooManyRows(caps.rows - 1), 413);
      rows.push({ row: record, cells });
    }
    cells = [];
    record++;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += ch;
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (ch === delimiter) endCell();
    else if (ch === '\n') endRecord();
    else if (ch === '\r') {
      if (text[i + 1] !== '\n') endRecord();
    } else cell += ch;
    // A runaway cell (an unclosed quote over the whole file) is cut, not kept growing.
    if (cell.length > CELL_CHARS * 2) cell = cell.slice(0, CELL_CHARS);
  }
  if (cell !== '' || cells.length) endRecord();
  return rows;
}

const cellText = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  // A leading apostrophe is how exports keep '+593…' or '=…' as text: the value is what follows it.
  const text = String(value)
    .trim()
    .replace(/^'(?=[=+\-@])/, '');
  return text ? text.slice(0, CELL_CHARS) : null;
};

/** A header as matched: no case, no accents, no trailing '*' (required marks). */
const headerKey = (title: string) => plainText(title.replace(/\*+\s*$/, '')).trim();

/**
 * The file's data rows keyed by column, each with its row number in the sheet. Rows equal to the template's
 * example row are skipped (a template filled below its example imports only what the user wrote).
 */
export async function readImportFile(
  filename: string,
  bytes: Uint8Array,
  columns: readonly ImportColumn[],
  maxRows: number,
): Promise<ImportSourceRow[]> {
  const format = formatOf(filename, bytes);
  const caps = { rows: maxRows + 1, columns: COLUMNS_CAP, cells: (maxRows + 1) * Math.max(columns.length, 1) * 2 };
  let rows: SheetRow[];
  if (format === 'csv') rows = readCsv(bytes, caps);
  else {
    try {
      rows = (
        await hostSheets.read(bytes, {
          limits: { ...caps, inflated: { entries: 500, entryBytes: 40 * 1024 * 1024, totalBytes: 60 * 1024 * 1024 } },
          messages: {
            invalid: IMPORT_MESSAGES.invalid,
            tooLarge: IMPORT_MESSAGES.tooLarge,
            tooManyRows: IMPORT_MESSAGES.tooManyRows(maxRows),
            tooManyColumns: IMPORT_MESSAGES.tooManyColumns(caps.columns),
            tooManyCells: IMPORT_MESSAGES.tooManyCells(caps.cells),
          },
        })
      ).rows;
    } catch (error) {
      if (error instanceof SheetRejected) throw badFile(error.message, error.status);
      throw error;
    }
  }
  const [header, ...data] = rows;
  if (!header || !data.length) throw badFile(IMPORT_MESSAGES.noRows);
  const byTitle = new Map(columns.map((c) => [headerKey(c.header), c.key]));
  const positions = new Map<number, string>();
  header.cells.forEach((cell, col) => {
    const key = byTitle.get(headerKey(cellText(cell) ?? ''));
    if (key && ![...positions.values()].includes(key)) positions.set(col, key);
  });
  const found = new Set(positions.values());
  const missing = columns.filter((c) => c.required && !found.has(c.key)).map((c) => c.header);
  if (missing.length) throw badFile(IMPORT_MESSAGES.missingColumns(missing));
  const example = columns.every((c) => c.example === undefined)
    ? null
    : columns.map((c) => (c.example === undefined ? null : cellText(c.example)));
  const out: ImportSourceRow[] = [];
  for (const { row, cells } of data) {
    const values: Record<string, string | null> = Object.fromEntries(columns.map((c) => [c.key, null]));
    let empty = true;
    for (const [col, key] of positions) {
      const value = cellText(cells[col]);
      values[key] = value;
      if (value !== null) empty = false;
    }
    if (empty) continue;
    if (example && columns.every((c, i) => values[c.key] === example[i])) continue;
    out.push({ fila: row, values });
  }
  if (!out.length) throw badFile(IMPORT_MESSAGES.noRows);
  return out;
}
