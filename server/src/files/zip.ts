// Reading untrusted ZIP files (uploaded archives, and .xlsx workbooks, which are zips too) with
// unzipper, under caps: entries, inflated bytes per entry and in total, and the compression ratio. The sizes a
// zip declares are checked first, then the bytes actually inflated are counted, so a zip that lies about its
// sizes is stopped too; an entry inflating more than `maxRatio` (100) times its compressed bytes is refused at
// its first megabyte, before a bomb of zeros fills the disk or the memory up to the per-entry cap.
// Entry names are only lookup keys: nothing is ever written to a path taken from them (no zip slip).
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline as pipe, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type HostZip, type ZipEntry, type ZipLimits, type ZipMessages, type ZipReader, ZipRejected } from '@conjunto/core';
import type unzipper from 'unzipper';

type Directory = Awaited<ReturnType<typeof unzipper.Open.file>>;
type DirectoryFile = Directory['files'][number];

const keyOf = (name: string) => (name.split(/[\\/]/).pop() ?? '').toLowerCase();

/** Opens a zip (a file path or bytes) and checks its directory against the limits. */
async function openZip(source: string | Uint8Array, limits: ZipLimits, messages: ZipMessages): Promise<ZipReader> {
  let directory: Directory;
  // unzipper is loaded with the first archive, not at boot (memory).
  const { default: unzip } = await import('unzipper');
  try {
    directory =
      typeof source === 'string'
        ? await unzip.Open.file(source)
        : await unzip.Open.buffer(Buffer.from(source.buffer, source.byteOffset, source.byteLength));
  } catch {
    throw new ZipRejected(messages.invalid);
  }
  const files = directory.files.filter((f) => f.type === 'File');
  if (directory.files.length > limits.entries) throw new ZipRejected(messages.tooManyEntries, 413);
  const declared = files.reduce((sum, f) => sum + f.uncompressedSize, 0);
  if (declared > limits.totalBytes || files.some((f) => f.uncompressedSize > limits.entryBytes))
    throw new ZipRejected(messages.tooLarge, 413);

  const byEntry = new Map<ZipEntry, DirectoryFile>();
  const entries = files.map((f) => {
    const entry = { name: f.path, key: keyOf(f.path), declaredSize: f.uncompressedSize };
    byEntry.set(entry, f);
    return entry;
  });
  let inflated = 0;
  const maxRatio = limits.maxRatio ?? DEFAULT_MAX_RATIO;

  /** Counts bytes as they are inflated and stops the stream at a cap, past the ratio, or past the size it declared. */
  const counter = (entry: ZipEntry, cap: number) => {
    // An entry that inflates beyond what the directory declared is lying: it is not read further.
    const max = Math.min(cap, entry.declaredSize);
    // The bytes inflate reads are at most the entry's compressed size (unzipper reads exactly that many).
    const compressed = Math.max(byEntry.get(entry)?.compressedSize ?? 0, 1);
    let bytes = 0;
    return new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        inflated += chunk.length;
        const bomb = bytes > RATIO_FLOOR && bytes > compressed * maxRatio;
        if (bytes > max || inflated > limits.totalBytes || bomb) done(new ZipRejected(messages.tooLarge, 413));
        else done(null, chunk);
      },
    });
  };
  const cap = (maxBytes: number | undefined) => Math.min(maxBytes ?? limits.entryBytes, limits.entryBytes);
  const streamOf = (entry: ZipEntry) => {
    const file = byEntry.get(entry);
    if (!file) throw new Error('Not an entry of this zip');
    return file.stream();
  };
  const failure = (error: unknown) => (error instanceof ZipRejected ? error : new ZipRejected(messages.invalid));

  return {
    entries,
    async extract(entry, target, maxBytes) {
      const before = inflated;
      try {
        await pipeline(streamOf(entry), counter(entry, cap(maxBytes)), createWriteStream(target, { flags: 'wx', mode: 0o600 }));
        return inflated - before;
      } catch (error) {
        await rm(target, { force: true });
        throw failure(error);
      }
    },
    async read(entry, maxBytes) {
      const chunks: Buffer[] = [];
      try {
        await pipeline(streamOf(entry), counter(entry, cap(maxBytes)), async (source: AsyncIterable<Buffer>) => {
          for await (const chunk of source) chunks.push(chunk);
        });
      } catch (error) {
        throw failure(error);
      }
      return Buffer.concat(chunks);
    },
    async *stream(entry, maxBytes) {
      const counted = counter(entry, cap(maxBytes));
      pipe(streamOf(entry), counted, () => {});
      try {
        for await (const chunk of counted) yield chunk as Buffer;
      } catch (error) {
        throw failure(error);
      } finally {
        counted.destroy();
      }
    },
  };
}

/** Inflated bytes per compressed byte an entry may reach past RATIO_FLOOR (text compresses 5-20x, photos ~1x). */
const DEFAULT_MAX_RATIO = 100;
const RATIO_FLOOR = 1024 * 1024;

export const hostZip: HostZip = { open: openZip };
