// Photo compression in the browser (spec 001 §5, §9), before upload. The server re-validates and recompresses
// whatever arrives; this keeps uploads small and shows the spec's messages early.

export interface CompressOptions {
  maxWidth: number;
  maxHeight: number;
  /** First JPEG quality tried, lowered in steps of 0.1 down to 0.1 until the target is met. */
  quality: number;
  targetBytes: number;
  /** Files smaller than this are sent unchanged (single faces: 100 KB). */
  keepBelowBytes?: number;
}

/** A single face (new/edit dialog): 1024x768, quality 0.8, at most 500 KB, files under 100 KB unchanged. */
export const FACE_PHOTO: CompressOptions = {
  maxWidth: 1024,
  maxHeight: 768,
  quality: 0.8,
  targetBytes: 500 * 1024,
  keepBelowBytes: 100 * 1024,
};
/** Bulk import photos: 800x600, quality 0.7, limit 100 KB. */
export const BULK_PHOTO: CompressOptions = { maxWidth: 800, maxHeight: 600, quality: 0.7, targetBytes: 100 * 1024 };
/** Largest photo accepted by the face dialog (5 MB). */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** Why a photo could not be compressed: a message key of biometrics.validation. */
export class CompressError extends Error {
  readonly key: 'loadImage' | 'compressImage';
  constructor(key: CompressError['key']) {
    super(key);
    this.key = key;
  }
}

export interface Compressed {
  blob: Blob;
  /** Whether the target size was reached (bulk photos that cannot reach 100 KB are reported). */
  withinTarget: boolean;
}

const toBlob = (canvas: HTMLCanvasElement, quality: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));

/** The image as a JPEG within the options; throws CompressError ('Error al cargar la imagen' and the like). */
export async function compressImage(file: Blob, options: CompressOptions): Promise<Compressed> {
  if (options.keepBelowBytes && file.size < options.keepBelowBytes && file.type.startsWith('image/'))
    return { blob: file, withinTarget: true };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new CompressError('loadImage');
  }
  try {
    const scale = Math.min(1, options.maxWidth / bitmap.width, options.maxHeight / bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new CompressError('compressImage');
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    let best: Blob | null = null;
    // Quality steps of 0.1 (integers avoid 0.7999... drift).
    for (let tenths = Math.round(options.quality * 10); tenths >= 1; tenths--) {
      const blob = await toBlob(canvas, tenths / 10);
      if (!blob) throw new CompressError('compressImage');
      best = blob;
      if (blob.size <= options.targetBytes) return { blob, withinTarget: true };
    }
    if (!best) throw new CompressError('compressImage');
    return { blob: best, withinTarget: false };
  } finally {
    bitmap.close();
  }
}
