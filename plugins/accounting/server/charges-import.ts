// Import of charges from Excel (spec 002 §2.5 screen 9, §5): one .xlsx file with the columns of the template
// (Casa, Nombre, Descripción, Rubro, SubRubro, Valor, Fecha límite). Every row is validated; the import creates
// the rows of the selected units (at least one) only when no row has errors. The host's spreadsheet reader
// (host.sheets) reads only .xlsx: a .xls file (Excel 97-2003) is answered with a Spanish message asking to save
// it as .xlsx. exceljs only writes the template here.
import { ApiError, type HostSheets, hasTwoDecimals, MESSAGES, plainText, SheetRejected, toCents } from '@conjunto/core';
import type ExcelJS from 'exceljs';
import { ACCOUNTING_MESSAGES as M } from '../manifest.ts';
import { directory } from './directory.ts';
import { invalid, type Tx } from './ledger.ts';
import { insertReceivables } from './receivables.ts';

export const IMPORT_LIMITS = {
  /** Bytes of the uploaded file. */
  fileSize: 2 * 1024 * 1024,
  rows: 2000,
  amountMax: 1_000_000,
} as const;

type Key = 'unit' | 'name' | 'description' | 'category' | 'subcategory' | 'amount' | 'dueDate';
/** The template's column titles; a sheet's titles are matched without case or accents. */
const COLUMN_OF: Record<Key, string> = {
  unit: 'Casa',
  name: 'Nombre',
  description: 'Descripción',
  category: 'Rubro',
  subcategory: 'SubRubro',
  amount: 'Valor',
  dueDate: 'Fecha límite',
};
const REQUIRED: Key[] = ['unit', 'name', 'category', 'amount', 'dueDate'];

export const IMPORT_MESSAGES = {
  fileRequired: 'Seleccione un archivo Excel (.xls o .xlsx).',
  oneFile: 'Seleccione un solo archivo Excel (.xls o .xlsx).',
  notExcel: 'Solo se aceptan archivos Excel (.xls o .xlsx).',
  xls: 'Los archivos .xls (Excel 97-2003) no se pueden leer. Ábralo en Excel y guárdelo como .xlsx (Libro de Excel), luego vuelva a subirlo.',
  invalidFile: 'El archivo no es un Excel válido o está dañado.',
  tooLarge: 'El archivo es demasiado pesado.',
  noSheet: 'El archivo no tiene hojas.',
  noRows: 'El archivo no tiene filas para importar.',
  tooManyRows: `El archivo tiene más de ${IMPORT_LIMITS.rows} filas.`,
  missingColumns: (columns: string[]) => `Faltan columnas en la hoja: ${columns.join(', ')}.`,
  rowsInvalid: 'El archivo tiene errores: no se importó ningún cobro. Corrija las filas indicadas y vuelva a subirlo.',
  unitUnknown: (unit: string) => `Casa: la unidad «${unit}» no existe.`,
  categoryUnknown: (category: string) => `Rubro: «${category}» no es un rubro de ingresos del conjunto.`,
  subcategoryUnknown: (sub: string) => `SubRubro: «${sub}» no pertenece al rubro.`,
  amountInvalid: 'Valor: debe ser un número.',
  amountPositive: 'Valor: debe ser mayor que 0.',
  amountMax: `Valor: debe ser menor o igual a ${IMPORT_LIMITS.amountMax}.`,
  amountDecimals: `Valor: ${MESSAGES.twoDecimals}`,
  dateInvalid: 'Fecha límite: fecha inválida (use dd/mm/aaaa).',
} as const;

/** The host reader's caps: the header and IMPORT_LIMITS.rows data rows (a row more is refused below with its own text), the template's columns. */
const SHEET_LIMITS = {
  rows: IMPORT_LIMITS.rows + 1,
  columns: 50,
  cells: 50 * (IMPORT_LIMITS.rows + 1),
  /** The workbook once decompressed (an .xlsx is a zip: guards against zip bombs). */
  inflated: { entries: 500, entryBytes: 40 * 1024 * 1024, totalBytes: 40 * 1024 * 1024 },
};
const SHEET_MESSAGES = {
  invalid: IMPORT_MESSAGES.invalidFile,
  tooLarge: IMPORT_MESSAGES.tooLarge,
  tooManyRows: IMPORT_MESSAGES.tooManyRows,
};

export const badFile = (message: string, status = 400) =>
  new ApiError(status, status === 413 ? 'TOO_LARGE' : 'INVALID_FILE', message, { file: message });

export interface RawRow {
  fila: number;
  values: Partial<Record<Key, unknown>>;
}

export interface ImportRow {
  fila: number;
  casa: string;
  unitId: string | null;
  userId: string | null;
  residente: string | null;
  nombre: string;
  descripcion: string | null;
  rubro: string;
  subrubro: string | null;
  valor: number | null;
  fechaLimite: string | null;
}

export interface RowError {
  fila: number;
  errores: string[];
}

const KEYS = new Map(Object.entries(COLUMN_OF).map(([key, title]) => [plainText(title), key as Key]));

/** The rows of the sheet 'Cobros' (else the first one) of an .xlsx file, read by the host's spreadsheet reader. */
export async function readCharges(buffer: Buffer, filename: string, sheets: HostSheets): Promise<RawRow[]> {
  const name = filename.toLowerCase();
  const ole = buffer.length >= 4 && buffer.readUInt32BE(0) === 0xd0cf11e0;
  if (name.endsWith('.xls') || ole) throw badFile(IMPORT_MESSAGES.xls, 415);
  if (!name.endsWith('.xlsx')) throw badFile(IMPORT_MESSAGES.notExcel, 415);
  if (buffer.length < 4 || buffer.readUInt32LE(0) !== 0x04034b50) throw badFile(IMPORT_MESSAGES.invalidFile);
  let sheet: Awaited<ReturnType<HostSheets['read']>>;
  try {
    sheet = await sheets.read(buffer, { sheet: 'Cobros', limits: SHEET_LIMITS, messages: SHEET_MESSAGES });
  } catch (error) {
    if (error instanceof SheetRejected) throw badFile(error.message, error.status);
    throw error;
  }
  const [first, ...data] = sheet.rows;
  if (!first && !data.length) throw badFile(IMPORT_MESSAGES.noRows);
  // The header is row 1: a sheet whose row 1 is empty has no titles.
  const header = first?.row === 1 ? first.cells : [];
  const body = first?.row === 1 ? data : sheet.rows;
  const columns = new Map<number, Key>();
  header.forEach((cell, col) => {
    const key = KEYS.get(plainText(text(cell)));
    if (key) columns.set(col, key);
  });
  const missing = REQUIRED.filter((k) => ![...columns.values()].includes(k)).map((k) => COLUMN_OF[k]);
  if (missing.length) throw badFile(IMPORT_MESSAGES.missingColumns(missing));

  const rows: RawRow[] = [];
  for (const { row, cells } of body) {
    const values: RawRow['values'] = {};
    let empty = true;
    for (const [col, key] of columns) {
      const value = cells[col] ?? null;
      if (value !== null && String(value).trim() !== '') empty = false;
      values[key] = typeof value === 'string' ? value.trim() : value;
    }
    if (empty) continue;
    if (rows.length >= IMPORT_LIMITS.rows) throw badFile(IMPORT_MESSAGES.tooManyRows);
    rows.push({ fila: row, values });
  }
  if (!rows.length) throw badFile(IMPORT_MESSAGES.noRows);
  return rows;
}

const text = (value: unknown) =>
  value == null ? '' : value instanceof Date ? value.toISOString().slice(0, 10) : String(value).trim();

/** A number of the sheet, or a text such as '45.50', '45,50', '$1,234.50'. */
export function parseAmount(value: unknown): { cents?: number; error?: string } {
  let n: number;
  if (typeof value === 'number') {
    n = value;
    if (!hasTwoDecimals(n)) return { error: IMPORT_MESSAGES.amountDecimals };
  } else {
    let t = text(value).replace(/[$\s]/g, '');
    if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) t = t.replaceAll(',', '');
    else if (/^\d+,\d+$/.test(t)) t = t.replace(',', '.');
    if (!/^-?\d+(\.\d+)?$/.test(t)) return { error: IMPORT_MESSAGES.amountInvalid };
    if (!hasTwoDecimals(t)) return { error: IMPORT_MESSAGES.amountDecimals };
    n = Number(t);
  }
  if (!Number.isFinite(n)) return { error: IMPORT_MESSAGES.amountInvalid };
  if (n <= 0) return { error: IMPORT_MESSAGES.amountPositive };
  if (n > IMPORT_LIMITS.amountMax) return { error: IMPORT_MESSAGES.amountMax };
  return { cents: toCents(n) };
}

const validDay = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 2000 && y <= 2100 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
    ? date.toISOString().slice(0, 10)
    : undefined;
};

/** A date cell (the reader gives UTC midnight), an Excel serial number, 'dd/mm/aaaa' or 'aaaa-mm-dd'. */
export function parseDay(value: unknown): string | undefined {
  if (value instanceof Date)
    return Number.isNaN(value.getTime())
      ? undefined
      : validDay(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate());
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 1) return undefined;
    const date = new Date(Date.UTC(1899, 11, 30) + value * 86_400_000);
    return validDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
  }
  const t = text(value);
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (m) return validDay(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(t);
  return m ? validDay(Number(m[3]), Number(m[2]), Number(m[1])) : undefined;
}

/** Checks every row against the complex's units and income categories. */
export async function validateCharges(
  tx: Tx,
  complexId: string,
  raw: RawRow[],
): Promise<{ rows: ImportRow[]; errors: RowError[] }> {
  const units = await directory(tx, complexId).units();
  const unitByNumber = new Map(units.map((u) => [plainText(u.number), u]));
  const categories = await tx.execute("select name, subcategories from categories where complex_id = ? and kind = 'income'", [
    complexId,
  ]);
  const categoryByName = new Map(
    categories.map((c) => [
      plainText(c.name),
      { name: c.name as string, subs: new Map((c.subcategories as string[]).map((s) => [plainText(s), s])) },
    ]),
  );

  const rows: ImportRow[] = [];
  const errors: RowError[] = [];
  for (const { fila, values } of raw) {
    const errores: string[] = [];
    const required = (key: Key) => {
      const value = text(values[key]);
      if (!value) errores.push(`${COLUMN_OF[key]}: ${MESSAGES.required}`);
      return value;
    };
    const maxLength = (key: Key, value: string, max: number) => {
      if (value.length > max) errores.push(`${COLUMN_OF[key]}: ${MESSAGES.maxLength(max)}`);
    };
    const casa = required('unit');
    const unit = casa ? unitByNumber.get(plainText(casa)) : undefined;
    if (casa && !unit) errores.push(IMPORT_MESSAGES.unitUnknown(casa));
    const nombre = required('name');
    maxLength('name', nombre, 150);
    const descripcion = text(values.description) || null;
    if (descripcion) maxLength('description', descripcion, 500);
    const rubroText = required('category');
    const category = rubroText ? categoryByName.get(plainText(rubroText)) : undefined;
    if (rubroText && !category) errores.push(IMPORT_MESSAGES.categoryUnknown(rubroText));
    const subText = text(values.subcategory);
    const subcategory = subText && category ? category.subs.get(plainText(subText)) : undefined;
    if (subText && category && !subcategory) errores.push(IMPORT_MESSAGES.subcategoryUnknown(subText));
    let valor: number | null = null;
    if (required('amount')) {
      const amount = parseAmount(values.amount);
      if (amount.error) errores.push(amount.error);
      else valor = amount.cents! / 100;
    }
    let fechaLimite: string | null = null;
    if (required('dueDate')) {
      fechaLimite = parseDay(values.dueDate) ?? null;
      if (!fechaLimite) errores.push(IMPORT_MESSAGES.dateInvalid);
    }
    if (errores.length) errors.push({ fila, errores });
    rows.push({
      fila,
      casa: unit?.number ?? casa,
      unitId: unit?.id ?? null,
      userId: unit?.holderId ?? null,
      residente: unit?.holderName ?? null,
      nombre,
      descripcion,
      rubro: category?.name ?? rubroText,
      subrubro: subcategory ?? (subText || null),
      valor,
      fechaLimite,
    });
  }
  return { rows, errors };
}

/** The rows of the selected units (at least one): what the import creates. */
export function chosenRows(rows: ImportRow[], unitIds: string[]): ImportRow[] {
  if (!unitIds.length) throw invalid('unitIds', M.selectUser);
  const selected = new Set(unitIds);
  const chosen = rows.filter((r) => r.unitId && selected.has(r.unitId));
  if (!chosen.length) throw invalid('unitIds', M.selectUser);
  return chosen;
}

/**
 * Creates rows as 'imported' receivables, each keyed by its import and row number ('import:<key>:<fila>'), so
 * that a retry of the import's job skips the rows an earlier run created. Answers the new ids and their rows.
 */
export async function importCharges(tx: Tx, complexId: string, importKey: string, rows: ImportRow[]) {
  const ref = (r: ImportRow) => `import:${importKey}:${r.fila}`;
  if (!rows.length) return [];
  const known = new Set(
    (
      await tx.execute('select source_ref from receivables where complex_id = ? and source_ref in (?)', [
        complexId,
        rows.map(ref),
      ])
    ).map((r) => r.source_ref as string),
  );
  const fresh = rows.filter((r) => !known.has(ref(r)));
  const created = await insertReceivables(
    tx,
    complexId,
    fresh.map((r) => ({
      unitId: r.unitId!,
      userId: r.userId,
      kind: 'imported',
      name: r.nombre,
      description: r.descripcion,
      category: r.rubro,
      subcategory: r.subrubro,
      cents: toCents(r.valor!),
      dueDate: r.fechaLimite!,
      sourceRef: ref(r),
    })),
  );
  return created.map((c) => ({ id: c.id, row: fresh[c.index] }));
}

/** The template: the sheet 'Cobros' to fill in, the complex's rubros and units, and the instructions. */
export async function importTemplate(tx: Tx, complexId: string): Promise<Buffer> {
  const categories = await tx.execute(
    "select name, subcategories from categories where complex_id = ? and kind = 'income' order by name",
    [complexId],
  );
  const units = await directory(tx, complexId).units();
  // exceljs is loaded when a template is asked for, not at boot (memory).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.creator = 'Conjunto';
  const header = (sheet: ExcelJS.Worksheet) => {
    const row = sheet.getRow(1);
    row.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1E3A8A' } };
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
  };

  const charges = workbook.addWorksheet('Cobros');
  charges.columns = [
    { header: 'Casa', key: 'unit', width: 14 },
    { header: 'Nombre', key: 'name', width: 32 },
    { header: 'Descripción', key: 'description', width: 40 },
    { header: 'Rubro', key: 'category', width: 26 },
    { header: 'SubRubro', key: 'subcategory', width: 26 },
    { header: 'Valor', key: 'amount', width: 14, style: { numFmt: '"$"#,##0.00' } },
    { header: 'Fecha límite', key: 'dueDate', width: 14, style: { numFmt: 'dd/mm/yyyy' } },
  ];
  header(charges);
  const lastCategory = Math.max(2, categories.length + 1);
  for (let r = 2; r <= 501; r++) {
    charges.getCell(r, 4).dataValidation = {
      type: 'list',
      allowBlank: true,
      formulae: [`Rubros!$A$2:$A$${lastCategory}`],
      showErrorMessage: true,
      errorTitle: 'Rubro',
      error: 'Elija un rubro de ingresos de la hoja «Rubros».',
    };
  }

  const rubros = workbook.addWorksheet('Rubros');
  rubros.columns = [
    { header: 'Rubro', width: 28 },
    { header: 'SubRubros', width: 90 },
  ];
  header(rubros);
  for (const c of categories) rubros.addRow([c.name, (c.subcategories as string[]).join(', ')]);

  const casas = workbook.addWorksheet('Casas');
  casas.columns = [
    { header: 'Casa', width: 16 },
    { header: 'Residente', width: 36 },
  ];
  header(casas);
  for (const u of units) casas.addRow([u.number, u.holderName ?? '']);

  const help = workbook.addWorksheet('Instrucciones');
  help.getColumn(1).width = 110;
  const example = categories[0] ? `${categories[0].name}` : 'Ingresos Extraordinarios';
  const lines = [
    'Importación de cobros (cuentas por cobrar)',
    '',
    '1. Llene una fila por cobro en la hoja «Cobros». No cambie los títulos de las columnas.',
    '2. Casa: la unidad tal como aparece en el sistema (vea la hoja «Casas»). Obligatoria.',
    '3. Nombre: nombre del cobro, p. ej. «Cuota extraordinaria pintura». Obligatorio, máximo 150 caracteres.',
    '4. Descripción: opcional, máximo 500 caracteres.',
    `5. Rubro: un rubro de ingresos del conjunto (vea la hoja «Rubros»), p. ej. «${example}». Obligatorio.`,
    '6. SubRubro: opcional; si lo indica, debe ser uno de los subrubros del rubro.',
    '7. Valor: mayor que 0, con máximo 2 decimales. Obligatorio.',
    '8. Fecha límite: fecha de vencimiento del cobro (dd/mm/aaaa). Obligatoria.',
    '',
    `Guarde el archivo como .xlsx (Libro de Excel): los archivos .xls de Excel 97-2003 no se pueden leer. Máximo ${IMPORT_LIMITS.rows} filas.`,
    'Al subirlo verá una vista previa con los errores de cada fila. Si alguna fila tiene errores no se importa ningún cobro.',
    'Seleccione al menos una unidad (usuario) cuyos cobros quiere importar y confirme.',
  ];
  lines.forEach((line, i) => {
    const cell = help.getCell(i + 1, 1);
    cell.value = line;
    if (i === 0) cell.font = { bold: true, size: 14, color: { argb: 'FF1E3A8A' } };
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
