// Face photos are re-validated and recompressed on the server, whatever the browser sent (spec 001 §5, §9):
// only JPEG, PNG or WebP (an SVG or TIFF named .jpg is refused), a pixel limit before decoding, metadata
// stripped, at most 1024x768 and 500 KB as JPEG.
import sharp from 'sharp';

export const FACE_IMAGE = { maxBytes: 5 * 1024 * 1024, width: 1024, height: 768, targetBytes: 500 * 1024, maxPixels: 40_000_000 } as const;
const FORMATS = new Set(['jpeg', 'png', 'webp']);

export class ImageRejected extends Error {}

/** The photo as a JPEG within the limits, or ImageRejected('Solo se permiten archivos de imagen'). */
export async function normaliseFace(input: Uint8Array): Promise<Buffer> {
  const image = sharp(input, { limitInputPixels: FACE_IMAGE.maxPixels, failOn: 'error' });
  let format: string | undefined;
  try {
    format = (await image.metadata()).format;
  } catch {
    throw new ImageRejected('Solo se permiten archivos de imagen');
  }
  if (!format || !FORMATS.has(format)) throw new ImageRejected('Solo se permiten archivos de imagen');
  try {
    const resized = image.rotate().resize(FACE_IMAGE.width, FACE_IMAGE.height, { fit: 'inside', withoutEnlargement: true });
    // Quality down in steps of 10 until the target is met (spec 001 §5), never below 10.
    for (let quality = 80; ; quality -= 10) {
      const jpeg = await resized.clone().jpeg({ quality, mozjpeg: true }).toBuffer();
      if (jpeg.length <= FACE_IMAGE.targetBytes || quality <= 10) return jpeg;
    }
  } catch (error) {
    if (error instanceof ImageRejected) throw error;
    // Truncated or corrupt data, or over the pixel limit.
    throw new ImageRejected('Error al cargar la imagen');
  }
}
