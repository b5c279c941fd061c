// The bulk-import spreadsheets (spec 001 §3, §5): the template (sheet 'Rostros', header on row 4, data from
// row 5, an instructions sheet) and the downloadable error report (fila, errores, nombre, identificacion,
// imagen). Every cell is written as a value, never as a formula.
import type ExcelJS from 'exceljs';
import { FACE_STATES, FACE_TYPES } from '../manifest.ts';
import { HEADER_ROW } from '../rules.ts';
import { IMPORT_MAX_ROWS } from './import-rows.ts';

export const TEMPLATE_COLUMNS = [
  'Nombres',
  'Identificacion',
  'Unidad Hab.',
  'Pisos',
  'Tipo',
  'Estado',
  'Nombre de Imagen',
  'Observaciones',
] as const;
const DARK_BLUE = 'FF1E3A8A';

function header(row: ExcelJS.Row) {
  row.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  row.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: DARK_BLUE } };
  });
}

/** exceljs is loaded when a spreadsheet is asked for, not at boot (13 MB of the server's memory). */
const excel = async () => (await import('exceljs')).default;

export async function importTemplate(units: string[]): Promise<Buffer> {
  const book = new (await excel()).Workbook();
  const sheet = book.addWorksheet('Rostros');
  sheet.getCell('A1').value = 'Importación masiva de rostros';
  sheet.getCell('A1').font = { bold: true, size: 14 };
  sheet.getCell('A2').value = 'Complete una fila por persona desde la fila 5. Vea la hoja Instrucciones.';
  sheet.getRow(HEADER_ROW).values = [...TEMPLATE_COLUMNS];
  header(sheet.getRow(HEADER_ROW));
  sheet.getRow(HEADER_ROW + 1).values = [
    'María Andrade',
    '1712345678',
    units[0] ?? 'Casa 1',
    '1,2,S1',
    'propietario',
    'activo',
    'maria.jpg',
    '',
  ];
  sheet.columns.forEach((column, i) => {
    column.width = [28, 16, 14, 14, 14, 12, 22, 30][i];
  });
  // Lists the spreadsheet itself offers for Tipo and Estado, on every row an import takes.
  for (let r = HEADER_ROW + 1; r <= HEADER_ROW + IMPORT_MAX_ROWS; r++) {
    sheet.getCell(r, 5).dataValidation = { type: 'list', allowBlank: true, formulae: [`"${FACE_TYPES.join(',')}"`] };
    sheet.getCell(r, 6).dataValidation = { type: 'list', allowBlank: true, formulae: [`"${FACE_STATES.join(',')}"`] };
  }
  const help = book.addWorksheet('Instrucciones');
  help.columns = [{ width: 110 }];
  for (const line of [
    'Instrucciones para la importación masiva de rostros',
    '',
    '1. Suba un archivo ZIP con esta hoja de cálculo y las fotos (jpg, jpeg o png) de las personas.',
    `2. La fila ${HEADER_ROW} tiene los encabezados; los datos empiezan en la fila ${HEADER_ROW + 1}. Las filas vacías se ignoran.`,
    '3. Nombres e Identificacion son obligatorios. La identificación lleva solo números (sin puntos, guiones ni espacios) y es única por persona.',
    '4. Unidad Hab.: el número de una unidad habitacional ya registrada en el conjunto.',
    '5. Pisos: números separados por comas (1 a 14); S1 y S2 son los subsuelos. Ejemplo: 1,2,S1.',
    `6. Tipo: ${FACE_TYPES.join(', ')} (por defecto propietario).`,
    `7. Estado: ${FACE_STATES.join(' o ')} (por defecto activo).`,
    '8. Nombre de Imagen: el nombre exacto del archivo de la foto dentro del ZIP.',
    '',
    'Los datos biométricos son datos personales: trátelos conforme a la ley. La administración es la única responsable de su mal uso.',
  ])
    help.addRow([line]);
  help.getRow(1).font = { bold: true, size: 13 };
  return Buffer.from(await book.xlsx.writeBuffer());
}

export interface RowError {
  fila: number;
  errores: string[];
  nombre?: string | null;
  identificacion?: string | null;
  imagen?: string | null;
}

/** The error report of a validated import, as the wizard downloads it. */
export async function errorReport(rows: RowError[]): Promise<Buffer> {
  const book = new (await excel()).Workbook();
  const sheet = book.addWorksheet('Errores');
  sheet.columns = [
    { header: 'fila', key: 'fila', width: 8 },
    { header: 'errores', key: 'errores', width: 70 },
    { header: 'nombre', key: 'nombre', width: 28 },
    { header: 'identificacion', key: 'identificacion', width: 16 },
    { header: 'imagen', key: 'imagen', width: 24 },
  ];
  header(sheet.getRow(1));
  for (const r of rows) {
    sheet.addRow({
      fila: r.fila,
      errores: r.errores.join('; '),
      nombre: r.nombre ?? '',
      identificacion: r.identificacion ?? '',
      imagen: r.imagen ?? '',
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
