// The admission gate in front of the embedded database (PGlite only): requests enter in arrival order, and past
// the line's limits they are answered 503 with Retry-After and the Spanish text, in the app's error shape.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSY_MESSAGE } from '../src/admission.ts';
import { multipart, startTestServer, type TestServer } from './harness.ts';

const embedded = !process.env.DATABASE_URL;
let t: TestServer;
beforeAll(async () => {
  if (embedded)
    t = await startTestServer({ env: { EMBEDDED_CONCURRENCY: '1', EMBEDDED_QUEUE: '1', EMBEDDED_MAX_WAIT_MS: '300' } });
});
afterAll(() => t?.close());

describe.runIf(embedded)('admission to the embedded database', () => {
  it('sheds with 503 + Retry-After past the line, and lets the next one in once a slot frees', async () => {
    const alamos = await t.complexId('alamos');
    const auth = await t.login('admin@demo.test');
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // An upload sent half-way holds the only slot while its body is being read.
    const body = multipart([{ name: 'file', filename: 'cobros.xlsx', data: Buffer.alloc(64 * 1024, 1) }]);
    const upload = httpRequest(new URL(`/api/complexes/${alamos}/receivables/import`, base), {
      method: 'POST',
      headers: { ...auth, ...body.headers, 'content-length': String(body.payload.length) },
    });
    const uploaded = new Promise<number>((resolve, reject) => {
      upload.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      upload.on('error', reject);
    });
    upload.write(body.payload.subarray(0, 1000));
    await new Promise((r) => setTimeout(r, 200));

    const started = performance.now();
    const [waited, full] = await Promise.all([
      fetch(`${base}/api/health`),
      new Promise<Response>((resolve) => setTimeout(() => resolve(fetch(`${base}/api/health`)), 50)),
    ]);
    // The line holds one: the second is refused at once, the first after its 300 ms in line.
    for (const res of [waited, full]) {
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await res.json()).toEqual({ message: BUSY_MESSAGE, code: 'BUSY' });
    }
    expect(performance.now() - started).toBeLessThan(5000);

    upload.end(body.payload.subarray(1000));
    expect(await uploaded).toBeLessThan(500);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });
});
