// The rows of the bulk-import spreadsheet (spec 001 §3, §5): header on row 4, data from row 5, empty rows
// ignored, the row rules and defaults. Pure: it takes the sheet's cells as text and the names of the photos
// found in the ZIP, and answers each row with its problems as message keys (biometrics.import.rules.*), so
// that the screen and the error report show them in the user's language. The rules are the server's (../../rules.ts).
import { checkFields, columnOf, type FaceData, HEADER_ROW, type RowIssue, type SheetColumn } from '../../rules.ts';

const FIRST_DATA_ROW = HEADER_ROW + 1;

export interface SheetRow extends FaceData {
  /** The spreadsheet's row number (5 = the first data row). */
  fila: number;
  /** 'Nombre de Imagen' as written, or null. */
  imagen: string | null;
  issues: RowIssue[];
}

/** The photos of the ZIP are matched by base name (any folder), without regard to case. */
export const imageKey = (name: string) => (name.split('/').pop() ?? name).trim().toLowerCase();

/**
 * The data rows of the sheet (`cells[0]` is row 1), checked, or null when row 4 lacks the Nombres or
 * Identificacion header ('El archivo Excel no tiene el formato correcto...').
 */
export function parseSheetRows(cells: readonly (readonly string[])[], imageNames: ReadonlySet<string>): SheetRow[] | null {
  const column = new Map<SheetColumn, number>();
  (cells[HEADER_ROW - 1] ?? []).forEach((header, index) => {
    const key = columnOf(header);
    if (key && !column.has(key)) column.set(key, index);
  });
  if (!column.has('nombre') || !column.has('identificacion')) return null;

  const seen = new Set<string>();
  const rows: SheetRow[] = [];
  cells.slice(FIRST_DATA_ROW - 1).forEach((line, i) => {
    const text = (field: SheetColumn) => {
      const index = column.get(field);
      return index === undefined ? '' : (line[index] ?? '').trim();
    };
    if (line.every((cell) => !cell?.trim())) return;
    const { face, issues } = checkFields({
      nombre: text('nombre'),
      identificacion: text('identificacion'),
      destino: text('destino'),
      pisos: text('pisos'),
      tipo: text('tipo'),
      estado: text('estado'),
      observaciones: text('observaciones'),
    });
    const imagen = text('imagen') || null;
    // Every face needs its photo (the server refuses a row without one: 'Debe cargar una imagen del rostro').
    if (!imagen) issues.push({ key: 'imageRequired' });
    else if (!imageNames.has(imageKey(imagen))) issues.push({ key: 'imageMissing', args: { value: imagen } });
    // Like the server: a second valid row with an identification seen before is the duplicate.
    if (!issues.length && seen.has(face.identificacion)) issues.push({ key: 'duplicateId' });
    if (!issues.length) seen.add(face.identificacion);
    rows.push({ fila: FIRST_DATA_ROW + i, ...face, imagen, issues });
  });
  return rows;
}
