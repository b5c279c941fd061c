// The photo step of an import, run in the host's worker threads (host.workers): the staged photo read, checked
// and recompressed (images.ts) without a turn of the event loop that answers requests. Imports only images.ts
// (and sharp, when the first photo comes), so a worker thread loads little.
import { BULK_IMAGE, ImageRejected, normaliseFace } from './images.ts';

export const PHOTO_TASK = new URL(import.meta.url);

/** A staged photo as the JPEG to store, or the spec's message when it is refused. */
export async function bulkPhoto(path: string): Promise<{ jpeg: Uint8Array } | { rejected: string }> {
  try {
    return { jpeg: await normaliseFace(path, BULK_IMAGE) };
  } catch (error) {
    if (error instanceof ImageRejected) return { rejected: error.message };
    throw error;
  }
}
