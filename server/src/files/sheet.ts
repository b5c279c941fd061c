// The one spreadsheet reader of the platform (host.sheets): an untrusted .xlsx is opened with the host's zip
// reader (entries, inflated bytes and ratio capped) and only the parts it needs are inflated: the workbook (sheet
// names), its relationships, the shared strings, the styles (which number formats are dates) and the chosen
// sheet. The sheet's XML is parsed as a stream (saxes): only the rows and cells present in the file are seen,
// so a cell on row 1,048,576 is one row, never a million, and rows, columns and cells with values are capped
// whatever the file declares (<dimension>, spans). Cells come back as plain values: text, number, Date,
// boolean; formulas as their cached result, rich text joined, hyperlinks as their text, errors as null.

import { StringDecoder } from 'node:string_decoder';
import {
  type HostSheets,
  plainText,
  type Sheet,
  type SheetCell,
  type SheetLimits,
  type SheetMessages,
  SheetRejected,
  type SheetRow,
  type ZipEntry,
  type ZipLimits,
  type ZipReader,
  ZipRejected,
} from '@conjunto/core';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { sendSheet } from './sheet-write.ts';
import { hostZip } from './zip.ts';

export const SHEET_DEFAULTS = {
  rows: 10_000,
  columns: 50,
  cells: 200_000,
  inflated: { entries: 1000, entryBytes: 20 * 1024 * 1024, totalBytes: 40 * 1024 * 1024 } satisfies ZipLimits,
} as const;

const columnName = (n: number): string =>
  n <= 0 ? '' : columnName(Math.floor((n - 1) / 26)) + String.fromCharCode(65 + ((n - 1) % 26));

const DEFAULT_MESSAGES = (limits: Required<Omit<SheetLimits, 'inflated'>>): Required<SheetMessages> => ({
  invalid: 'El archivo no es un Excel válido o está dañado.',
  tooLarge: 'El archivo Excel es demasiado grande.',
  tooManyRows: `El archivo tiene más de ${limits.rows} filas.`,
  tooManyColumns: `El archivo tiene datos más allá de la columna ${columnName(limits.columns)} (máximo ${limits.columns} columnas).`,
  tooManyCells: `El archivo tiene más de ${limits.cells} celdas con datos.`,
});

/** Built-in number formats that show dates or times (ECMA-376 §18.8.30, and the East Asian ones). */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58,
]);

/** A custom format code shows a date when, outside quoted text, escapes and [colour]/[$-locale] brackets, it has d, m, y, h or s. */
function isDateFormat(code: string): boolean {
  const bare = code
    .split(';')[0]
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[(?!h\]|m\]|s\]|hh\]|mm\]|ss\])[^\]]*\]/gi, '')
    .replace(/_.|\*./g, '');
  return /[dmyhs]/i.test(bare) && !/^[#0.,%\s]*$/.test(bare);
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Column number of a cell reference ('AB12' -> 28), or undefined. */
function columnOf(ref: string | undefined): number | undefined {
  const m = ref ? /^([A-Z]{1,3})\d*$/i.exec(ref) : null;
  if (!m) return undefined;
  let n = 0;
  for (const ch of m[1].toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** Parses one zip entry as XML, streaming (the entry is inflated chunk by chunk under the caps). */
async function parseEntry(
  zip: ZipReader,
  entry: ZipEntry,
  handlers: {
    open(tag: SaxesTagPlain, name: string): void;
    close?(name: string): void;
    text?(text: string): void;
  },
): Promise<void> {
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => handlers.open(tag, localName(tag.name)));
  if (handlers.close) parser.on('closetag', (tag) => handlers.close?.(localName(tag.name)));
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  const decoder = new StringDecoder('utf8');
  for await (const chunk of zip.stream(entry)) parser.write(decoder.write(chunk as Buffer));
  parser.write(decoder.end());
  parser.close();
}

/** Resolves a relationship target against the folder of the part that names it ('xl/workbook.xml'). */
function resolvePart(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').slice(0, -1);
  for (const segment of target.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.' && segment !== '') parts.push(segment);
  }
  return parts.join('/');
}

async function readSheet(bytes: Uint8Array, options: Parameters<HostSheets['read']>[1] = {}): Promise<Sheet> {
  const caps = {
    rows: options.limits?.rows ?? SHEET_DEFAULTS.rows,
    columns: options.limits?.columns ?? SHEET_DEFAULTS.columns,
    cells: options.limits?.cells ?? SHEET_DEFAULTS.cells,
  };
  const messages = { ...DEFAULT_MESSAGES(caps), ...options.messages };
  const refuse = (message: string, status = 413) => new SheetRejected(message, status);

  try {
    const zip = await hostZip.open(bytes, options.limits?.inflated ?? SHEET_DEFAULTS.inflated, {
      invalid: messages.invalid,
      tooManyEntries: messages.tooLarge,
      tooLarge: messages.tooLarge,
    });
    const byPath = new Map(zip.entries.map((e) => [e.name.replace(/^\/+/, '').replaceAll('\\', '/').toLowerCase(), e]));
    const part = (path: string) => byPath.get(path.toLowerCase());

    // The workbook: sheet names in order, their parts, and the date system.
    const sheets: { name: string; rid: string }[] = [];
    let date1904 = false;
    const workbook = part('xl/workbook.xml');
    if (workbook) {
      await parseEntry(zip, workbook, {
        open(tag, name) {
          if (name === 'sheet')
            sheets.push({
              name: String(tag.attributes.name ?? ''),
              rid: String(tag.attributes['r:id'] ?? tag.attributes.id ?? ''),
            });
          else if (name === 'workbookPr') date1904 = ['1', 'true'].includes(String(tag.attributes.date1904 ?? ''));
        },
      });
    }
    const targets = new Map<string, string>();
    const rels = part('xl/_rels/workbook.xml.rels');
    if (rels) {
      await parseEntry(zip, rels, {
        open(tag, name) {
          if (name === 'Relationship')
            targets.set(String(tag.attributes.Id ?? ''), resolvePart('xl/workbook.xml', String(tag.attributes.Target ?? '')));
        },
      });
    }
    const listed = sheets.flatMap((s) => {
      const entry = part(targets.get(s.rid) ?? '');
      return entry ? [{ name: s.name, entry }] : [];
    });
    // A workbook without its index (a hand-made or damaged one): its worksheets in name order, as exceljs did.
    const found = listed.length
      ? listed
      : [...byPath.entries()]
          .filter(([path]) => /^xl\/worksheets\/[^/]+\.xml$/.test(path))
          .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
          .map(([path, entry]) => ({ name: path.slice(14, -4), entry }));
    const wanted = options.sheet === undefined ? undefined : plainText(options.sheet);
    const chosen = found.find((s) => wanted !== undefined && plainText(s.name) === wanted) ?? found[0];
    if (!chosen) throw refuse(messages.invalid, 400);

    // Shared strings: each <si> is its <t> texts joined (rich text runs), phonetic runs (<rPh>) left out.
    const strings: string[] = [];
    const shared = part('xl/sharedStrings.xml');
    if (shared) {
      let current: string[] | undefined;
      let inText = false;
      let phonetic = 0;
      await parseEntry(zip, shared, {
        open(_tag, name) {
          if (name === 'si') current = [];
          else if (name === 'rPh') phonetic++;
          else if (name === 't' && !phonetic) inText = true;
        },
        close(name) {
          if (name === 'si') {
            strings.push((current ?? []).join(''));
            current = undefined;
          } else if (name === 'rPh') phonetic--;
          else if (name === 't') inText = false;
        },
        text(text) {
          if (inText && current) current.push(text);
        },
      });
    }

    // Styles: which cell formats (cellXfs, by index) show a date.
    const dateStyles: boolean[] = [];
    const styles = part('xl/styles.xml');
    if (styles) {
      const custom = new Map<number, boolean>();
      let inCellXfs = false;
      await parseEntry(zip, styles, {
        open(tag, name) {
          if (name === 'numFmt')
            custom.set(Number(tag.attributes.numFmtId), isDateFormat(String(tag.attributes.formatCode ?? '')));
          else if (name === 'cellXfs') inCellXfs = true;
          else if (name === 'xf' && inCellXfs) {
            const id = Number(tag.attributes.numFmtId ?? 0);
            dateStyles.push(custom.get(id) ?? DATE_FORMAT_IDS.has(id));
          }
        },
        close(name) {
          if (name === 'cellXfs') inCellXfs = false;
        },
      });
    }
    const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);

    // The sheet, row by row: only <row>/<c> elements present are seen.
    const rows: SheetRow[] = [];
    let cellCount = 0;
    let rowNumber = 0;
    let row: SheetRow | undefined;
    let column = 0;
    let cell: { type: string; style: number; value?: string; inline?: string[] } | undefined;
    let reading: 'v' | 't' | undefined;
    let inInline = false;
    let phonetic = 0;
    const finishCell = () => {
      if (!cell || !row) return;
      let value: SheetCell = null;
      const raw = cell.value;
      switch (cell.type) {
        case 's':
          value = raw === undefined ? null : (strings[Number(raw)] ?? null);
          break;
        case 'inlineStr':
          value = cell.inline ? cell.inline.join('') : (raw ?? null);
          break;
        case 'str':
          value = raw ?? null;
          break;
        case 'b':
          value = raw === undefined ? null : raw.trim() === '1' || raw.trim().toLowerCase() === 'true';
          break;
        case 'e':
          value = null;
          break;
        case 'd': {
          const date = raw === undefined ? undefined : new Date(raw);
          value = date && !Number.isNaN(date.getTime()) ? date : null;
          break;
        }
        default: {
          const n = raw === undefined || raw.trim() === '' ? Number.NaN : Number(raw);
          if (!Number.isFinite(n)) value = null;
          else if (dateStyles[cell.style]) value = new Date(epoch + Math.round(n * 86_400_000));
          else value = n;
        }
      }
      cell = undefined;
      if (value === null || value === '') return;
      if (column > caps.columns) throw refuse(messages.tooManyColumns);
      if (++cellCount > caps.cells) throw refuse(messages.tooManyCells);
      while (row.cells.length < column - 1) row.cells.push(null);
      row.cells[column - 1] = value;
    };
    await parseEntry(zip, chosen.entry, {
      open(tag, name) {
        if (name === 'row') {
          const r = Number(tag.attributes.r);
          rowNumber = Number.isInteger(r) && r > 0 ? r : rowNumber + 1;
          row = { row: rowNumber, cells: [] };
          column = 0;
        } else if (name === 'c' && row) {
          column = columnOf(tag.attributes.r as string | undefined) ?? column + 1;
          cell = { type: String(tag.attributes.t ?? 'n'), style: Number(tag.attributes.s ?? 0) };
        } else if (cell) {
          if (name === 'v') {
            reading = 'v';
            cell.value = '';
          } else if (name === 'is') {
            inInline = true;
            cell.inline = [];
          } else if (name === 'rPh') phonetic++;
          else if (name === 't' && inInline && !phonetic) reading = 't';
        }
      },
      close(name) {
        if (name === 'v' || name === 't') reading = undefined;
        else if (name === 'is') inInline = false;
        else if (name === 'rPh') phonetic--;
        else if (name === 'c') finishCell();
        else if (name === 'row' && row) {
          if (row.cells.length) {
            if (rows.length >= caps.rows) throw refuse(messages.tooManyRows);
            rows.push(row);
          }
          row = undefined;
        }
      },
      text(text) {
        if (!cell) return;
        if (reading === 'v') cell.value += text;
        else if (reading === 't') cell.inline?.push(text);
      },
    });
    return { name: chosen.name, rows };
  } catch (error) {
    if (error instanceof SheetRejected) throw error;
    if (error instanceof ZipRejected) throw refuse(error.message, error.status);
    // Malformed XML, a broken deflate stream ...: not a workbook.
    throw refuse(messages.invalid, 400);
  }
}

export const hostSheets: HostSheets = { read: readSheet, send: sendSheet };
