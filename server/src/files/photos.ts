// host.images.readPhoto: a photo users upload (a pet, a common area, a damage report) is re-validated and re-encoded
// here, whatever the browser sent: only JPEG, PNG or WebP found by decoding (an SVG or a text file named .jpg is
// refused), a pixel limit before decoding, metadata stripped (a phone photo's GPS position), at most `side` pixels a
// side, as a JPEG of about `targetBytes`.
import { ApiError, type PhotoUploadOptions } from '@conjunto/core';
import type { FastifyRequest } from 'fastify';
import { hostFiles } from './service.ts';

/** 40 megapixels decoded at most (a phone's photo is 12 to 50). */
const MAX_PIXELS = 40_000_000;
const FORMATS = new Set(['jpeg', 'png', 'webp']);
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

// sharp (libvips) is loaded with the first photo, not at boot.
let loading: Promise<typeof import('sharp').default> | undefined;
const loadSharp = () =>
  (loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  }));

export async function readPhoto(request: FastifyRequest, options: PhotoUploadOptions): Promise<Buffer> {
  const { field, messages } = options;
  const upload = await hostFiles.readUpload(request, {
    maxFileSize: options.maxBytes,
    maxFiles: 1,
    maxFields: 0,
    tooLargeMessage: messages.tooLarge,
    allowedTypes: PHOTO_TYPES,
    typeMessage: messages.notImage,
  });
  const file = upload.files.find((f) => f.fieldname === field);
  if (!file) throw new ApiError(400, 'VALIDATION', messages.required, { [field]: messages.required });
  return photoJpeg(await file.buffer(), options);
}

async function photoJpeg(
  input: Uint8Array,
  { field, messages, side = 800, targetBytes = 200 * 1024 }: PhotoUploadOptions,
): Promise<Buffer> {
  const refused = (message: string) => new ApiError(400, 'INVALID_IMAGE', message, { [field]: message });
  const sharp = await loadSharp();
  const image = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
  let format: string | undefined;
  try {
    format = (await image.metadata()).format;
  } catch (error) {
    throw refused(/pixel limit/i.test(String(error)) ? messages.badImage : messages.notImage);
  }
  if (!format || !FORMATS.has(format)) throw refused(messages.notImage);
  try {
    const resized = image.rotate().resize(side, side, { fit: 'inside', withoutEnlargement: true });
    for (let quality = 80; ; quality -= 10) {
      const jpeg = await resized.clone().jpeg({ quality }).toBuffer();
      if (jpeg.length <= targetBytes || quality <= 30) return jpeg;
    }
  } catch {
    // Truncated or corrupt data, or over the pixel limit.
    throw refused(messages.badImage);
  }
}
