// Where file bytes live. The host talks only to this interface; keys are generated ids (never user file
// names), so no request can name a path.
//
// An S3-compatible driver would implement the same three methods against a bucket: put = PutObject (or a
// multipart upload for streams; size and sha256 computed while streaming, as below), get = GetObject's body
// stream, delete = DeleteObject. It would be chosen in createFileService from
// configuration (e.g. FILES_S3_URL) instead of the local driver; nothing else changes.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredObject {
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
}

export interface FileStorage {
  put(key: string, data: Uint8Array | AsyncIterable<Uint8Array>): Promise<StoredObject>;
  /** The bytes as a stream; rejects with code 'ENOENT' when the key is missing. */
  get(key: string): Promise<Readable>;
  /** Removes the object; a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const KEY = /^[A-Za-z0-9_-]{8,100}$/;

function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

/** Bytes under `<root>/<last 2 chars of key>/<key>`; writes go to `<root>/tmp` first and are renamed into place. */
export function localDiskStorage(root: string): FileStorage {
  const tmpDir = join(root, 'tmp');
  // UUIDv7 ids start with the time: the last characters spread files over 256 folders.
  const pathOf = (key: string) => join(root, checkKey(key).slice(-2).toLowerCase(), key);

  return {
    async put(key, data) {
      const target = pathOf(key);
      await mkdir(tmpDir, { recursive: true });
      const tmp = join(tmpDir, `put-${randomUUID()}`);
      if (data instanceof Uint8Array) {
        // Bytes at hand (a recompressed photo, a generated PDF): one write, no stream machinery. A bulk import
        // stores a thousand of them beside the API.
        try {
          await writeFile(tmp, data, { flag: 'wx', mode: 0o600 });
          await mkdir(join(target, '..'), { recursive: true });
          await rename(tmp, target);
        } catch (error) {
          await unlink(tmp).catch(() => undefined);
          throw error;
        }
        return { size: data.byteLength, sha256: createHash('sha256').update(data).digest('hex') };
      }
      const hash = createHash('sha256');
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(Readable.from(data), measure, createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
        await mkdir(join(target, '..'), { recursive: true });
        await rename(tmp, target);
      } catch (error) {
        await unlink(tmp).catch(() => undefined);
        throw error;
      }
      return { size, sha256: hash.digest('hex') };
    },
    async get(key) {
      const path = pathOf(key);
      await access(path);
      return createReadStream(path);
    },
    async delete(key) {
      await unlink(pathOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
  };
}
