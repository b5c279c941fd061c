// What a bulk import receives (spec 001 §7): the wizard's JSON list `rostros` with files `imagen_<index>`, or,
// for API clients, the template's ZIP itself (`archivo`) with `dispositivos_biometricos`. Either way the
// photos are staged in the import's work folder under names made here (`<fila>.img`), the rows are checked
// with the spec's rules, and nothing of the upload survives a refusal.
import { createHash, type Hash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ApiError,
  type HostServices,
  type Sheet,
  type Upload,
  type UploadedFile,
  type ZipEntry,
  type ZipReader,
  ZipRejected,
} from '@conjunto/core';
import { HEADER_ROW } from '../rules.ts';
import { jsonList } from './faces.ts';
import {
  checkRow,
  IMPORT_MAX_ROWS,
  type ImportRow,
  markDuplicates,
  type RawRow,
  ROW_MESSAGES,
  SheetFormatError,
  sheetRows,
} from './import-rows.ts';
import { IMPORT_TASKS } from './import-tasks.ts';

export const IMPORT_LIMITS = {
  /** Up to this many rows the import answers at once (201/207/409); more run as a job (202). */
  syncRows: 20,
  /** The ZIP (spec 001 §5: one file, at most 100 MB). */
  zipBytes: 100 * 1024 * 1024,
  /** All the photos the wizard sends, together (each at most FACE_IMAGE.maxBytes). */
  totalBytes: 200 * 1024 * 1024,
  /**
   * Inside the ZIP: entries, inflated bytes per entry and in total (plus the host's ratio check: an entry past
   * 1 MB inflating more than 100 times its compressed size is refused). A face photo never needs more than
   * 10 MB (the single form takes 5 MB; the wizard compresses them in the browser), nor the template .xlsx (a
   * thousand rows are ~100 KB); all of it together fits the 200 MB the wizard may send.
   */
  zip: { entries: 2500, entryBytes: 10 * 1024 * 1024, totalBytes: 200 * 1024 * 1024 },
  /** Inside a workbook (an .xlsx is a zip too), and its sheet: the title rows and IMPORT_MAX_ROWS data rows, the template's columns. */
  workbook: { entries: 200, entryBytes: 20 * 1024 * 1024, totalBytes: 50 * 1024 * 1024 },
  sheet: { rows: IMPORT_MAX_ROWS + HEADER_ROW + 1, columns: 50, cells: 50 * (IMPORT_MAX_ROWS + HEADER_ROW + 1) },
} as const;

export const IMPORT_MESSAGES = {
  noDevices: 'No hay dispositivos biométricos seleccionados',
  noValidRows: 'No hay datos válidos para importar',
  noRows: 'Envíe la lista de rostros (rostros) o el archivo ZIP (archivo).',
  workbookTooLarge: 'El archivo Excel es demasiado grande una vez descomprimido.',
};

const ZIP_MESSAGES = {
  invalid: 'Por favor seleccione un archivo ZIP válido',
  tooManyEntries: 'El archivo ZIP tiene demasiados archivos.',
  tooLarge: 'El archivo ZIP descomprimido es demasiado grande.',
};

const SHEET_MESSAGES = {
  invalid: ROW_MESSAGES.noWorkbook,
  tooLarge: IMPORT_MESSAGES.workbookTooLarge,
  tooManyRows: ROW_MESSAGES.tooManyRows,
};

/** The host's readers an import uses. */
export type ImportHost = Pick<HostServices, 'zip' | 'sheets' | 'workers'>;
const IMAGE = /\.(jpe?g|png)$/i;
const isJunk = (name: string) => name.startsWith('__MACOSX/') || /(^|\/)\._/.test(name);

const invalid = (message: string, field: string, status = 400) =>
  new ApiError(status, 'VALIDATION', message, { [field]: message });

export interface StagedImport {
  rows: ImportRow[];
  /** Device ids per row (the wizard sends them per row; the ZIP path takes the request's). */
  devices: Map<number, string[]>;
  /** Staged photo file name (in the work folder) per row. */
  images: Map<number, string>;
  /** Identity of the payload: the same upload re-sent while it runs is the same import. */
  sha256: string;
}

const ids = (value: unknown): string[] => (Array.isArray(value) ? [...new Set(value.map(String))] : []);

/** Copies bytes into the work folder, feeding the payload's hash on the way. */
async function stage(source: AsyncIterable<Uint8Array> | NodeJS.ReadableStream, target: string, hash: Hash): Promise<void> {
  const feed = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  await pipeline(source as NodeJS.ReadableStream, feed, createWriteStream(target, { flags: 'wx', mode: 0o600 }));
}

/** The first workbook of the ZIP with rows past the title rows (the template), read by the host's reader under caps. */
async function workbookRows(zip: ZipReader, host: ImportHost): Promise<RawRow[]> {
  for (const entry of zip.entries.filter((e) => !isJunk(e.name) && e.key.endsWith('.xlsx'))) {
    const bytes = await zip.read(entry, IMPORT_LIMITS.workbook.totalBytes);
    let sheet: Sheet;
    try {
      sheet = await host.sheets.read(bytes, {
        sheet: 'Rostros',
        limits: { ...IMPORT_LIMITS.sheet, inflated: IMPORT_LIMITS.workbook },
        messages: SHEET_MESSAGES,
      });
    } catch (error) {
      // A workbook bomb or an oversized sheet refuses the whole upload; a file that is not a workbook is passed over.
      if (error instanceof ZipRejected && error.status === 413) throw error;
      continue;
    }
    const rows = sheetRows(sheet);
    if (rows) return rows;
  }
  throw invalid(ROW_MESSAGES.noWorkbook, 'archivo');
}

/** Runs `work` on every item, `limit` at a time; the first failure stops it (after the ones running). */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: unknown;
  const worker = async () => {
    while (next < items.length && failure === undefined) {
      const item = items[next++];
      try {
        await work(item);
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure !== undefined) throw failure;
}

/** Photos inflated at once: the inflating runs on libuv's threads, the event loop only moves the bytes. */
const EXTRACT_AT_ONCE = 8;

async function fromZip(
  file: UploadedFile,
  dir: string,
  host: ImportHost,
): Promise<{ rows: ImportRow[]; images: Map<number, string> }> {
  if (!file.filename.toLowerCase().endsWith('.zip')) throw invalid(ZIP_MESSAGES.invalid, 'archivo');
  // Read in place from the upload's temporary file (removed with the request): no second copy of the ZIP.
  try {
    const zip = await host.zip.open(file.path, IMPORT_LIMITS.zip, ZIP_MESSAGES);
    const raws = await workbookRows(zip, host);
    const photos = new Map<string, ZipEntry>();
    for (const entry of zip.entries)
      if (!isJunk(entry.name) && IMAGE.test(entry.key) && !photos.has(entry.key)) photos.set(entry.key, entry);
    const rows = raws.map((raw) =>
      checkRow(raw, (row) =>
        !row.imagen
          ? { key: 'imageRequired' }
          : photos.has(row.imagen.toLowerCase())
            ? null
            : { key: 'imageMissing', args: { value: row.imagen } },
      ),
    );
    markDuplicates(rows);
    const images = new Map<number, string>();
    await eachLimited(
      rows.filter((r) => r.errors.length === 0),
      EXTRACT_AT_ONCE,
      async (row) => {
        const name = `${row.fila}.img`;
        await zip.extract(photos.get((row.imagen ?? '').toLowerCase()) as ZipEntry, join(dir, name));
        images.set(row.fila, name);
      },
    );
    return { rows, images };
  } catch (error) {
    if (error instanceof ZipRejected) throw invalid(error.message, 'archivo', error.status);
    if (error instanceof SheetFormatError) throw invalid(error.message, 'archivo');
    throw error;
  }
}

async function fromList(
  upload: Upload,
  dir: string,
  hash: Hash,
): Promise<{ rows: ImportRow[]; images: Map<number, string>; devices: Map<number, string[]> }> {
  const list = jsonList(upload.fields.rostros, 'rostros');
  if (!list) throw invalid(IMPORT_MESSAGES.noRows, 'rostros');
  if (list.length > IMPORT_MAX_ROWS) throw invalid(ROW_MESSAGES.tooManyRows, 'rostros');
  hash.update(upload.fields.rostros ?? '');
  const files = new Map(upload.files.map((f) => [f.fieldname, f]));
  const images = new Map<number, string>();
  const devices = new Map<number, string[]>();
  const rows: ImportRow[] = [];
  const items = list.map((element) => (element && typeof element === 'object' ? element : {}) as Record<string, unknown>);
  // The wizard may number the rows as its spreadsheet did (fila 5, 6 ...); otherwise 1, 2 ...
  const given = items.map((item) => item.fila);
  const ownNumbers =
    given.every((f) => Number.isInteger(f) && (f as number) > 0 && (f as number) < 100_000) &&
    new Set(given).size === given.length;
  for (const [index, item] of items.entries()) {
    const fila = ownNumbers ? (item.fila as number) : index + 1;
    const photo = files.get(`imagen_${index}`);
    rows.push(checkRow({ ...item, fila, imagen: photo?.filename ?? null }, () => (photo ? null : { key: 'imageRequired' })));
    devices.set(fila, ids(item.dispositivos_biometricos));
    if (photo) {
      const name = `${fila}.img`;
      await stage(photo.stream(), join(dir, name), hash);
      images.set(fila, name);
    }
  }
  markDuplicates(rows);
  return { rows, images, devices };
}

/** Reads the upload into the work folder `dir`; throws ApiError for a refused upload (the caller removes `dir`). */
export async function stageImport(upload: Upload, dir: string, host: ImportHost): Promise<StagedImport> {
  const hash = createHash('sha256');
  const zip = upload.files.find((f) => f.fieldname === 'archivo');
  const common = ids(jsonList(upload.fields.dispositivos_biometricos, 'dispositivos_biometricos'));
  if (zip) {
    // The ZIP's hash (100 MB at most) is computed in a worker thread while the photos are extracted.
    const sha256 = host.workers.run<string>(IMPORT_TASKS, 'sha256Of', [JSON.stringify(common), zip.path]);
    sha256.catch(() => {});
    const { rows, images } = await fromZip(zip, dir, host);
    return { rows, images, devices: new Map(rows.map((r) => [r.fila, common])), sha256: await sha256 };
  }
  hash.update(JSON.stringify(common));
  const staged = await fromList(upload, dir, hash);
  // Rows without their own device list take the request's.
  for (const [fila, list] of staged.devices) if (list.length === 0) staged.devices.set(fila, common);
  return { ...staged, sha256: hash.digest('hex') };
}
