// The rows of a bulk import (spec 001 §5 "Bulk ZIP"): read from the template's sheet or from the JSON list the
// wizard sends, and checked with the spec's row rules. The browser checks the same rules first; the server
// checks them again, whatever it was sent.
import type { Sheet, SheetCell } from '@conjunto/core';
import { checkFields, columnOf, type FaceData, HEADER_ROW, type RowIssue, ruleText, type SheetColumn } from '../rules.ts';

/** Rows one import takes at most (the template offers 1000). */
export const IMPORT_MAX_ROWS = 1000;

/** The server's own texts; the row rules' are in ../rules.ts. */
export const ROW_MESSAGES = {
  duplicate: ruleText({ key: 'duplicateId' }),
  unit: (destino: string) => `La unidad habitacional '${destino}' no está registrada.`,
  badFormat: 'El archivo Excel no tiene el formato correcto...',
  noWorkbook: 'No se encontró un archivo Excel válido en el ZIP',
  tooManyRows: `El archivo tiene más de ${IMPORT_MAX_ROWS} filas.`,
};

/** A row as received: the sheet's cells or the JSON element, before any rule. */
export interface RawRow extends Partial<Record<SheetColumn, unknown>> {
  fila: number;
}

export interface ImportRow extends FaceData {
  fila: number;
  /** The photo's name in the ZIP, if any. */
  imagen: string | null;
  errors: string[];
}

/** The spec's row rules (../rules.ts); `imageIssue` tells whether the named (or sent) photo is missing. */
export function checkRow(raw: RawRow, imageIssue: (row: ImportRow) => RowIssue | null): ImportRow {
  const { face, issues } = checkFields(raw);
  const imagen = raw.imagen === null || raw.imagen === undefined ? '' : String(raw.imagen).trim();
  const row: ImportRow = { fila: raw.fila, ...face, imagen: imagen || null, errors: issues.map(ruleText) };
  const missing = imageIssue(row);
  if (missing) row.errors.push(ruleText(missing));
  return row;
}

/** A second row with an identificacion seen before fails: identificacion is unique per person. */
export function markDuplicates(rows: ImportRow[]): void {
  const seen = new Set<string>();
  for (const row of rows) {
    if (!row.identificacion || row.errors.length) continue;
    if (seen.has(row.identificacion)) row.errors.push(ROW_MESSAGES.duplicate);
    seen.add(row.identificacion);
  }
}

/** A cell of the host's reader as text (a date as its day). */
function cellText(value: SheetCell | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).trim();
}

/**
 * The data rows of a sheet read by the host (sheet 'Rostros', else the first; header on row 4, data from row 5,
 * empty rows ignored), or null when it has no row past the title rows (not the template: the caller looks for
 * another one). Throws ROW_MESSAGES.badFormat when Nombres or Identificacion is missing from the header.
 */
export function sheetRows(sheet: Sheet): RawRow[] | null {
  const last = sheet.rows.at(-1);
  if (!last || last.row < HEADER_ROW) return null;
  const header = sheet.rows.find((r) => r.row === HEADER_ROW);
  const columns = new Map<number, SheetColumn>();
  header?.cells.forEach((cell, col) => {
    const key = columnOf(cellText(cell));
    if (key) columns.set(col, key);
  });
  const keys = new Set(columns.values());
  if (!keys.has('nombre') || !keys.has('identificacion')) throw new SheetFormatError(ROW_MESSAGES.badFormat);
  const rows: RawRow[] = [];
  for (const { row: r, cells } of sheet.rows) {
    if (r <= HEADER_ROW) continue;
    const row: RawRow = { fila: r };
    let filled = false;
    for (const [col, key] of columns) {
      const value = cellText(cells[col]);
      if (value) filled = true;
      (row as unknown as Record<string, unknown>)[key] = value;
    }
    if (!filled) continue;
    if (rows.length === IMPORT_MAX_ROWS) throw new SheetFormatError(ROW_MESSAGES.tooManyRows);
    rows.push(row);
  }
  return rows;
}

export class SheetFormatError extends Error {}
