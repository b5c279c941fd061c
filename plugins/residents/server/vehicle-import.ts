// Bulk import of plates or tags from one .xlsx file (spec 002 §2.5 screens 11-12, §5). The host's guarded reader
// (host.sheets: rows, cells and inflated bytes capped, zip bombs stopped) reads the sheet; the columns are found
// by their titles (without case or accents); each row is checked by the pure rules of vehicle-rows.ts against
// the complex's units, residents and stored values. A preview writes nothing; the confirmation writes every valid
// row in one transaction (all or nothing: a value another request took meanwhile refuses the whole set).
import { ApiError, type HostServices, newId, onUniqueViolation, plainText, SheetRejected } from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import { STATUS_LABELS, VEHICLE_LIMITS, VEHICLE_MESSAGES, type VehicleKind } from '../vehicles.ts';
import { type VehicleRowInput, type VehicleRowValue, validateVehicleRows } from './vehicle-rows.ts';

export const IMPORT_MESSAGES = {
  fileRequired: 'Seleccione un archivo Excel (.xlsx).',
  oneFile: 'Seleccione un solo archivo Excel (.xlsx).',
  notExcel: 'Solo se aceptan archivos Excel (.xlsx).',
  xls: 'Los archivos .xls (Excel 97-2003) no se pueden leer. Ábralo en Excel y guárdelo como .xlsx (Libro de Excel), luego vuelva a subirlo.',
  invalidFile: 'El archivo no es un Excel válido o está dañado.',
  tooLarge: 'El archivo es demasiado pesado.',
  noRows: 'El archivo no tiene filas para importar.',
  tooManyRows: `El archivo tiene más de ${VEHICLE_LIMITS.importRows} filas.`,
  missingColumns: (columns: string[]) => `Faltan columnas en la hoja: ${columns.join(', ')}.`,
} as const;

type Key = 'value' | 'status' | 'unit' | 'resident' | 'observation';

/** The template's titles, and the other titles a sheet may use for the same column. */
const TITLES = (kind: VehicleKind): Record<Key, string[]> => ({
  value: kind === 'plates' ? ['Placa', 'Placas', 'Valor'] : ['Tag', 'Tags', 'Valor'],
  status: ['Estado'],
  unit: ['Destino', 'Unidad', 'Casa', 'Unidad habitacional'],
  resident: ['Residente', 'Correo del residente'],
  observation: ['Observación', 'Observación de bloqueo', 'Motivo'],
});
const REQUIRED: Key[] = ['value', 'unit'];

export const templateColumns = (kind: VehicleKind) => {
  const titles = TITLES(kind);
  return (Object.keys(titles) as Key[]).map((key) => ({ key, header: titles[key][0] }));
};

/** The template's example rows: what a user fills in, with the statuses the column takes. */
export const templateRows = (kind: VehicleKind, unit: string) => [
  {
    value: kind === 'plates' ? 'ABC1234' : '01234567',
    status: STATUS_LABELS.active,
    unit,
    resident: '',
    observation: '',
  },
  {
    value: kind === 'plates' ? 'XYZ123' : '00012345',
    status: STATUS_LABELS.blocked,
    unit,
    resident: '',
    observation: 'Motivo del bloqueo',
  },
];

const badFile = (message: string, status = 400) =>
  new ApiError(status, status === 413 ? 'TOO_LARGE' : 'INVALID_FILE', message, { file: message });

/** The multipart body: exactly one .xlsx file and the field dryRun. */
export async function readImportUpload(request: FastifyRequest, host: HostServices) {
  let upload: Awaited<ReturnType<HostServices['files']['readUpload']>>;
  try {
    upload = await host.files.readUpload(request, {
      maxFileSize: VEHICLE_LIMITS.importFileBytes,
      // 2 so that a second file is seen and refused with its own message rather than cut off.
      maxFiles: 2,
      maxFields: 5,
      tooLargeMessage: IMPORT_MESSAGES.tooLarge,
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'NOT_MULTIPART') throw badFile(IMPORT_MESSAGES.fileRequired);
    if (error instanceof ApiError && error.code === 'TOO_MANY_FILES') throw badFile(IMPORT_MESSAGES.oneFile);
    throw error;
  }
  if (upload.files.length === 0) throw badFile(IMPORT_MESSAGES.fileRequired);
  if (upload.files.length > 1) throw badFile(IMPORT_MESSAGES.oneFile);
  const [file] = upload.files;
  return { filename: file.filename ?? '', buffer: Buffer.from(await file.buffer()), dryRun: upload.fields.dryRun === 'true' };
}

/** The sheet's rows by meaning, read by the host's reader under caps. */
export async function readVehicleSheet(
  kind: VehicleKind,
  buffer: Buffer,
  filename: string,
  sheets: HostServices['sheets'],
): Promise<VehicleRowInput[]> {
  const name = filename.toLowerCase();
  const ole = buffer.length >= 4 && buffer.readUInt32BE(0) === 0xd0cf11e0;
  if (name.endsWith('.xls') || ole) throw badFile(IMPORT_MESSAGES.xls, 415);
  if (!name.endsWith('.xlsx')) throw badFile(IMPORT_MESSAGES.notExcel, 415);
  if (buffer.length < 4 || buffer.readUInt32LE(0) !== 0x04034b50) throw badFile(IMPORT_MESSAGES.invalidFile);
  const rowsCap = VEHICLE_LIMITS.importRows + 1;
  let sheet: Awaited<ReturnType<HostServices['sheets']['read']>>;
  try {
    sheet = await sheets.read(buffer, {
      sheet: kind === 'plates' ? 'Placas' : 'Tags',
      limits: {
        rows: rowsCap,
        columns: 20,
        cells: rowsCap * 10,
        inflated: { entries: 200, entryBytes: 20 * 1024 * 1024, totalBytes: 30 * 1024 * 1024 },
      },
      messages: {
        invalid: IMPORT_MESSAGES.invalidFile,
        tooLarge: IMPORT_MESSAGES.tooLarge,
        tooManyRows: IMPORT_MESSAGES.tooManyRows,
      },
    });
  } catch (error) {
    if (error instanceof SheetRejected) throw badFile(error.message, error.status);
    throw error;
  }
  const [first, ...data] = sheet.rows;
  if (!first) throw badFile(IMPORT_MESSAGES.noRows);
  const header = first.row === 1 ? first.cells : [];
  const body = first.row === 1 ? data : sheet.rows;
  const titles = TITLES(kind);
  const keyOf = new Map<string, Key>();
  for (const key of Object.keys(titles) as Key[]) for (const title of titles[key]) keyOf.set(plainText(title), key);
  const columns = new Map<Key, number>();
  header.forEach((cell, col) => {
    const key = keyOf.get(plainText(cell == null ? '' : String(cell)));
    if (key && !columns.has(key)) columns.set(key, col);
  });
  const missing = REQUIRED.filter((k) => !columns.has(k)).map((k) => titles[k][0]);
  if (missing.length) throw badFile(IMPORT_MESSAGES.missingColumns(missing));
  const cell = (cells: unknown[], key: Key) => {
    const col = columns.get(key);
    return col === undefined ? null : (cells[col] ?? null);
  };
  const rows: VehicleRowInput[] = [];
  for (const { row, cells } of body) {
    const input: VehicleRowInput = {
      fila: row,
      value: cell(cells, 'value'),
      status: cell(cells, 'status'),
      unit: cell(cells, 'unit'),
      resident: cell(cells, 'resident'),
      observation: cell(cells, 'observation'),
    };
    const values = [input.value, input.status, input.unit, input.resident, input.observation];
    if (values.every((v) => v == null || String(v).trim() === '')) continue;
    rows.push(input);
  }
  if (!rows.length) throw badFile(IMPORT_MESSAGES.noRows);
  return rows;
}

/** Checks the rows against the request's complex: its units, its residents and the values it holds. */
export async function checkVehicleRows(
  request: FastifyRequest,
  host: HostServices,
  kind: VehicleKind,
  inputs: VehicleRowInput[],
) {
  const { complexId } = host.context(request);
  const directory = host.directory(request);
  const [units, residents] = await Promise.all([
    directory.units({ includeInactive: true }),
    directory.residents({ includeInactive: true }),
  ]);
  const em = host.em(request) as SqlEntityManager;
  const stored = await em.execute(`select value from ${kind} where complex_id = ?`, [complexId]);
  return validateVehicleRows(kind, inputs, {
    units: new Map(units.map((u) => [plainText(u.number), { id: u.id, number: u.number }])),
    residents,
    existing: new Set(stored.map((r) => r.value as string)),
  });
}

export const duplicateOf = (kind: VehicleKind) => () =>
  new ApiError(409, 'DUPLICATE', VEHICLE_MESSAGES[kind].duplicate, { value: VEHICLE_MESSAGES[kind].duplicate });

/**
 * Writes the rows in one transaction, 500 a statement, each with its audit entry. A value taken meanwhile (the
 * unique index) rolls every row back and answers 409.
 */
export async function writeVehicleRows(
  request: FastifyRequest,
  host: HostServices,
  kind: VehicleKind,
  rows: VehicleRowValue[],
  fileName: string,
): Promise<number> {
  const { complexId } = host.context(request);
  const em = host.em(request) as SqlEntityManager;
  await em
    .transactional(async (tx) => {
      for (let start = 0; start < rows.length; start += 500) {
        const chunk = rows.slice(start, start + 500);
        const ids = chunk.map(() => newId());
        const params: unknown[] = [];
        const tuples = chunk.map((r, i) => {
          params.push(ids[i], complexId, r.value, r.status, r.unitId, r.residentId, r.blockReason);
          return `(?, ?, ?, ?, ?, ?, ?, ${r.status === 'blocked' ? 'now()' : 'null'})`;
        });
        await tx.execute(
          `insert into ${kind} (id, complex_id, value, status, unit_id, resident_id, block_reason, blocked_at) values ${tuples.join(', ')}`,
          params,
        );
        for (const [i, r] of chunk.entries())
          host.audit(request, tx, {
            resource: kind,
            recordId: ids[i],
            action: 'import',
            changes: {
              value: r.value,
              status: r.status,
              unitId: r.unitId,
              residentId: r.residentId,
              blockReason: r.blockReason,
              fileName,
              fila: r.fila,
            },
            description: r.value,
          });
      }
    })
    .catch(onUniqueViolation(`${kind}_complex_value_unique`, duplicateOf(kind)));
  return rows.length;
}
