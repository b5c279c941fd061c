// The CPU-heavy steps of an import, run in the host's worker threads (host.workers) rather than on the event
// loop that answers requests: the upload's hash, and each staged photo read, checked and recompressed
// (images.ts). Imports only images.ts (and sharp, when the first photo comes), so a worker thread loads little.
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { BULK_IMAGE, ImageRejected, normaliseFace } from './images.ts';

export const IMPORT_TASKS = new URL(import.meta.url);

/** Hex SHA-256 of `prefix` then the file's bytes, read in large blocks (a 100 MB ZIP in 25 reads). */
export async function sha256Of(prefix: string, path: string): Promise<string> {
  const hash = createHash('sha256').update(prefix);
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(4 * 1024 * 1024);
    for (let read = 1; read > 0; ) {
      ({ bytesRead: read } = await handle.read(buffer, 0, buffer.length, null));
      hash.update(buffer.subarray(0, read));
    }
  } finally {
    await handle.close();
  }
  return hash.digest('hex');
}

/** A staged photo as the JPEG to store, or the spec's message when it is refused. */
export async function bulkPhoto(path: string): Promise<{ jpeg: Uint8Array } | { rejected: string }> {
  try {
    return { jpeg: await normaliseFace(path, BULK_IMAGE) };
  } catch (error) {
    if (error instanceof ImageRejected) return { rejected: error.message };
    throw error;
  }
}
