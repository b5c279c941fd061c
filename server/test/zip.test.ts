// The host's zip reader (server/src/files/zip.ts) stops an entry at the size its directory declared: a zip that
// declares small entries cannot make the reader inflate more than it said, even below the ratio check (photos
// barely compress, so the ratio alone would let such an entry grow up to the per-entry cap).
import { randomBytes } from 'node:crypto';
import { ZipRejected } from '@conjunto/core';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { hostZip } from '../src/files/zip.ts';
import { lieAboutZipSizes } from './harness.ts';

const LIMITS = { entries: 10, entryBytes: 10 * 1024 * 1024, totalBytes: 20 * 1024 * 1024 };
const MESSAGES = { invalid: 'inválido', tooManyEntries: 'demasiados', tooLarge: 'demasiado grande' };

describe('the zip reader', () => {
  it('stops an entry that inflates past its declared size, whatever its ratio', async () => {
    const zip = new JSZip();
    // 2 MB of random bytes: incompressible, so the ratio check never fires.
    zip.file('foto.jpg', randomBytes(2 * 1024 * 1024));
    const honest = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const reader = await hostZip.open(honest, LIMITS, MESSAGES);
    expect((await reader.read(reader.entries[0])).length).toBe(2 * 1024 * 1024);

    const lying = await hostZip.open(lieAboutZipSizes(honest, 100 * 1024), LIMITS, MESSAGES);
    expect(lying.entries[0].declaredSize).toBe(100 * 1024);
    const refused = await lying.read(lying.entries[0]).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ZipRejected);
    expect((refused as ZipRejected).status).toBe(413);
  });
});
