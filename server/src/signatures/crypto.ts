// Sealing of the complexes' signature files and passwords at rest: AES-256-GCM under a key stretched (HKDF-SHA256)
// from SIGNATURES_KEY. A blob is iv (12) | tag (16) | ciphertext and is bound to its complex and field by the
// additional data, so a blob moved to another row or column does not open.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { ApiError } from '@conjunto/core';

export interface SealingKey {
  key: Buffer;
  /** Which key sealed a blob (16 hex), stored beside it: a changed SIGNATURES_KEY is told apart from a damaged blob. */
  id: string;
}

export const SIGNATURE_CONFIG_MESSAGE =
  'El servidor no tiene configurada la clave de las firmas electrónicas (SIGNATURES_KEY). Contacte con el soporte.';

/** The key of SIGNATURES_KEY; without it (production unconfigured) the signature routes answer 503 with a clear text. */
export function sealingKey(secret: string | undefined): SealingKey {
  if (!secret) throw new ApiError(503, 'SIGNATURES_KEY_MISSING', SIGNATURE_CONFIG_MESSAGE);
  return derivedKey(secret, 'conjunto-signatures');
}

/** A key of its own for each use of SIGNATURES_KEY, told apart by `label` (one secret, separate keys). */
export function derivedKey(secret: string, label: string): SealingKey {
  const key = Buffer.from(hkdfSync('sha256', secret, label, 'aes-256-gcm', 32));
  return { key, id: createHash('sha256').update(key).update('key-id').digest('hex').slice(0, 16) };
}

export function seal(key: SealingKey, plain: Uint8Array, aad: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** Opens a blob of `seal`; throws when the key, the additional data or a byte differs. */
export function unseal(key: SealingKey, blob: Uint8Array, aad: string): Buffer {
  const data = Buffer.from(blob);
  const decipher = createDecipheriv('aes-256-gcm', key.key, data.subarray(0, 12));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(data.subarray(12, 28));
  return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]);
}
