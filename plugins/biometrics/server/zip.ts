// Reading untrusted ZIP files (the bulk import's archive, and the .xlsx inside it, which is a zip too) with
// unzipper, under caps: entries, inflated bytes per entry and in total. The sizes a zip declares are checked
// first, then the bytes actually inflated are counted, so a zip that lies about its sizes is stopped too.
// Entry names are only lookup keys: nothing is ever written to a path taken from them (no zip slip).
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import unzipper from 'unzipper';

export interface ZipLimits {
  entries: number;
  entryBytes: number;
  totalBytes: number;
}

/** Why an archive was refused; `message` is shown to the user, `status` is the HTTP answer. */
export class ZipRejected extends Error {
  readonly status: number;
  constructor(message: string, status = 400) {
    super(message);
    this.status = status;
  }
}

export const ZIP_MESSAGES = {
  invalid: 'Por favor seleccione un archivo ZIP válido',
  tooManyEntries: 'El archivo ZIP tiene demasiados archivos.',
  tooLarge: 'El archivo ZIP descomprimido es demasiado grande.',
};

export interface ZipEntry {
  /** The name as the zip gives it: a lookup key only. */
  name: string;
  /** Its last path segment, lower case ('fotos/Ana.JPG' -> 'ana.jpg'). */
  key: string;
  declaredSize: number;
}

type Directory = Awaited<ReturnType<typeof unzipper.Open.file>>;
type DirectoryFile = Directory['files'][number];

export interface ZipReader {
  entries: ZipEntry[];
  /** Inflates an entry into `target` (a path the caller chose); over a cap it throws ZipRejected and leaves no file. */
  extract(entry: ZipEntry, target: string): Promise<number>;
  /** Inflates an entry into memory, at most `maxBytes`. */
  read(entry: ZipEntry, maxBytes?: number): Promise<Buffer>;
}

const keyOf = (name: string) => (name.split(/[\\/]/).pop() ?? '').toLowerCase();

/** Opens a zip (a file path or bytes) and checks its directory against the limits. */
export async function openZip(source: string | Buffer, limits: ZipLimits, messages = ZIP_MESSAGES): Promise<ZipReader> {
  let directory: Directory;
  try {
    directory = typeof source === 'string' ? await unzipper.Open.file(source) : await unzipper.Open.buffer(source);
  } catch {
    throw new ZipRejected(messages.invalid);
  }
  const files = directory.files.filter((f) => f.type === 'File');
  if (directory.files.length > limits.entries) throw new ZipRejected(messages.tooManyEntries, 413);
  const declared = files.reduce((sum, f) => sum + f.uncompressedSize, 0);
  if (declared > limits.totalBytes || files.some((f) => f.uncompressedSize > limits.entryBytes)) throw new ZipRejected(messages.tooLarge, 413);

  const byEntry = new Map<ZipEntry, DirectoryFile>();
  const entries = files.map((f) => {
    const entry = { name: f.path, key: keyOf(f.path), declaredSize: f.uncompressedSize };
    byEntry.set(entry, f);
    return entry;
  });
  let inflated = 0;

  /** Counts bytes as they are inflated and stops the stream at a cap. */
  const counter = (max: number) => {
    let bytes = 0;
    return new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        inflated += chunk.length;
        if (bytes > max || inflated > limits.totalBytes) done(new ZipRejected(messages.tooLarge, 413));
        else done(null, chunk);
      },
    });
  };
  const streamOf = (entry: ZipEntry) => {
    const file = byEntry.get(entry);
    if (!file) throw new Error('Not an entry of this zip');
    return file.stream();
  };
  const failure = (error: unknown) => (error instanceof ZipRejected ? error : new ZipRejected(messages.invalid));

  return {
    entries,
    async extract(entry, target) {
      const before = inflated;
      try {
        await pipeline(streamOf(entry), counter(limits.entryBytes), createWriteStream(target, { flags: 'wx', mode: 0o600 }));
        return inflated - before;
      } catch (error) {
        await rm(target, { force: true });
        throw failure(error);
      }
    },
    async read(entry, maxBytes = limits.entryBytes) {
      const chunks: Buffer[] = [];
      try {
        await pipeline(streamOf(entry), counter(Math.min(maxBytes, limits.entryBytes)), async (source: AsyncIterable<Buffer>) => {
          for await (const chunk of source) chunks.push(chunk);
        });
      } catch (error) {
        throw failure(error);
      }
      return Buffer.concat(chunks);
    },
  };
}

/**
 * An .xlsx is itself a zip: it is inflated once under caps before exceljs (which inflates everything in
 * memory) may read it. Throws ZipRejected with the given messages.
 */
export async function checkWorkbookZip(bytes: Buffer, limits: ZipLimits, messages: typeof ZIP_MESSAGES): Promise<void> {
  const zip = await openZip(bytes, limits, messages);
  for (const entry of zip.entries) await zip.read(entry);
}
