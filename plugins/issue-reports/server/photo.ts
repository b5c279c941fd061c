// A report's photo is re-validated and re-encoded on the server whatever the browser sent: only JPEG, PNG or WebP
// (an SVG or a text file named .jpg is refused), a pixel limit before decoding, metadata stripped (a phone photo's
// GPS position), at most 1280x1280 as a JPEG of about 300 KB.
import { ApiError } from '@conjunto/core';
import { ISSUE_MESSAGES } from '../manifest.ts';

/** Uploads up to 5 MB (a phone's photo), 40 megapixels decoded at most. */
export const ISSUE_PHOTO = { maxBytes: 5 * 1024 * 1024, maxPixels: 40_000_000, side: 1280, targetBytes: 300 * 1024 } as const;
export const ISSUE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const FORMATS = new Set(['jpeg', 'png', 'webp']);

const refused = (message: string) => new ApiError(400, 'INVALID_IMAGE', message, { photo: message });

let loading: Promise<typeof import('sharp').default> | undefined;
const loadSharp = () =>
  (loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  }));

/** The upload as the JPEG that is stored, or 400 with the reason. */
export async function issuePhoto(input: Uint8Array): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(input, { limitInputPixels: ISSUE_PHOTO.maxPixels, failOn: 'error' });
  let format: string | undefined;
  try {
    format = (await image.metadata()).format;
  } catch (error) {
    throw refused(/pixel limit/i.test(String(error)) ? ISSUE_MESSAGES.badImage : ISSUE_MESSAGES.notImage);
  }
  if (!format || !FORMATS.has(format)) throw refused(ISSUE_MESSAGES.notImage);
  try {
    const resized = image.rotate().resize(ISSUE_PHOTO.side, ISSUE_PHOTO.side, { fit: 'inside', withoutEnlargement: true });
    for (let quality = 80; ; quality -= 10) {
      const jpeg = await resized.clone().jpeg({ quality }).toBuffer();
      if (jpeg.length <= ISSUE_PHOTO.targetBytes || quality <= 30) return jpeg;
    }
  } catch {
    throw refused(ISSUE_MESSAGES.badImage);
  }
}
