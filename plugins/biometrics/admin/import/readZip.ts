// Reads the bulk-import ZIP in the browser (spec 001 §5): the photos (jpg, jpeg, png, in any folder) compressed
// to BULK_PHOTO, and the first spreadsheet (.xlsx/.xls) with at least 4 rows, sheet 'Rostros' or else the first.
// jszip and exceljs are loaded only when a ZIP is chosen: they are large and only this wizard needs them.

import { HEADER_ROW } from '../../rules.ts';
import { BULK_PHOTO, compressImage } from '../compress.ts';
import { imageKey, parseSheetRows, type SheetRow } from './zipRows.ts';

/** Why a ZIP was refused: a message key of biometrics.import.upload. */
export class ZipError extends Error {
  readonly key: 'readError' | 'noExcel' | 'badFormat' | 'noImages';
  constructor(key: ZipError['key']) {
    super(key);
    this.key = key;
  }
}

export interface ZipContents {
  rows: SheetRow[];
  /** Compressed photos (JPEG) by imageKey. */
  images: Map<string, Blob>;
  /** Photos left out: they could not reach 100 KB (or could not be read). */
  rejected: string[];
}

const IMAGE = /\.(jpe?g|png)$/i;
const SPREADSHEET = /\.xlsx?$/i;
/** Photos compressed at the same time (each holds a decoded bitmap). */
const PARALLEL = 3;

interface Entry {
  name: string;
  async(type: 'blob'): Promise<Blob>;
  async(type: 'arraybuffer'): Promise<ArrayBuffer>;
}

/** The text of an exceljs cell value (numbers, rich text, formulas, hyperlinks, dates). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== 'object') return String(value);
  const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown };
  if (v.richText) return v.richText.map((part) => part.text).join('');
  if ('result' in v) return cellText(v.result);
  if ('text' in v) return cellText(v.text);
  return '';
}

/** The cells (as text, row 1 first) of the first spreadsheet with at least 4 rows, or null. */
async function sheetCells(entries: Entry[]): Promise<string[][] | null> {
  const { default: ExcelJS } = await import('exceljs');
  for (const entry of entries) {
    const book = new ExcelJS.Workbook();
    try {
      await book.xlsx.load(await entry.async('arraybuffer'));
    } catch {
      continue; // not an Excel 2007+ file (e.g. an old .xls): look at the next one
    }
    const sheet = book.getWorksheet('Rostros') ?? book.worksheets[0];
    if (!sheet || sheet.rowCount < HEADER_ROW) continue;
    const cells: string[][] = [];
    for (let r = 1; r <= sheet.rowCount; r++) {
      const values = sheet.getRow(r).values as unknown[];
      // exceljs rows are 1-based: values[0] is always empty.
      cells.push(Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => cellText(values[i + 1])));
    }
    return cells;
  }
  return null;
}

async function compressAll(entries: Entry[], onProgress: (done: number, total: number) => void) {
  const images = new Map<string, Blob>();
  const rejected: string[] = [];
  let next = 0;
  let done = 0;
  onProgress(0, entries.length);
  const worker = async () => {
    while (next < entries.length) {
      const entry = entries[next++];
      const name = entry.name.split('/').pop() ?? entry.name;
      try {
        const raw = await entry.async('blob');
        const type = /\.png$/i.test(name) ? 'image/png' : 'image/jpeg';
        const { blob, withinTarget } = await compressImage(new Blob([raw], { type }), BULK_PHOTO);
        if (withinTarget) images.set(imageKey(name), blob);
        else rejected.push(name);
      } catch {
        rejected.push(name);
      }
      onProgress(++done, entries.length);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return { images, rejected };
}

export async function readImportZip(file: File, onProgress: (done: number, total: number) => void): Promise<ZipContents> {
  const { default: JSZip } = await import('jszip');
  let zip: InstanceType<typeof JSZip>;
  try {
    zip = await JSZip.loadAsync(file);
  } catch {
    throw new ZipError('readError');
  }
  // Files only, without the resource forks macOS adds to ZIPs it makes.
  const files = Object.values(zip.files).filter(
    (f) => !f.dir && !f.name.startsWith('__MACOSX/') && !(f.name.split('/').pop() ?? '').startsWith('._'),
  );
  const cells = await sheetCells(files.filter((f) => SPREADSHEET.test(f.name)));
  if (!cells) throw new ZipError('noExcel');
  const { images, rejected } = await compressAll(
    files.filter((f) => IMAGE.test(f.name)),
    onProgress,
  );
  if (images.size === 0) throw new ZipError('noImages');
  const rows = parseSheetRows(cells, new Set(images.keys()));
  if (!rows) throw new ZipError('badFormat');
  return { rows, images, rejected };
}
