// Malformed multipart bodies on EVERY upload route of the app (found in the route table: upload routes declare
// schema.consumes multipart/form-data, and the host's readUpload refuses to run on a route that does not), so a
// new upload route is covered without editing this test: each answers 400 with a Spanish text, never a 500.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
let alamos: string;
let admin: { authorization: string };
let staff: { authorization: string };
beforeAll(async () => {
  t = await startTestServer();
  alamos = await t.complexId('alamos');
  admin = await t.login('admin@demo.test');
  staff = await t.login('superadmin@demo.test');
});
afterAll(() => t?.close());

const BOUNDARY = '----conjunto-malformed';
const form = (body: string | Buffer) => ({
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  payload: Buffer.from(body),
});
const valid = multipart([
  { name: 'dryRun', data: 'true' },
  { name: 'file', filename: 'datos.xlsx', contentType: 'application/octet-stream', data: Buffer.alloc(4096, 65) },
]);

const MALFORMED: Record<string, { headers: Record<string, string>; payload: Buffer | string }> = {
  'a body cut short': { headers: valid.headers, payload: valid.payload.subarray(0, 2000) },
  'no boundary': { headers: { 'content-type': 'multipart/form-data' }, payload: valid.payload },
  'another boundary than the body': { headers: { 'content-type': 'multipart/form-data; boundary=otro' }, payload: valid.payload },
  'a part header without a colon': form(
    `--${BOUNDARY}\r\nContent-Disposition form-data name="x"\r\n\r\nvalor\r\n--${BOUNDARY}--\r\n`,
  ),
  'a part without Content-Disposition': form(`--${BOUNDARY}\r\nContent-Type: text/plain\r\n\r\nvalor\r\n--${BOUNDARY}--\r\n`),
  'a header block never ended': form(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"\r\n${'X-Relleno: a\r\n'.repeat(200)}`,
  ),
  'a NUL byte in a field name': form(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="dry\0Run"\r\n\r\ntrue\r\n--${BOUNDARY}--\r\n`,
  ),
  'a NUL byte in a field value': form(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="dryRun"\r\n\r\ntr\0ue\r\n--${BOUNDARY}--\r\n`,
  ),
  'a NUL byte in a file name': form(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a\0.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\nPK\r\n--${BOUNDARY}--\r\n`,
  ),
  'a JSON body': { headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ dryRun: true }) },
  'a text body': { headers: { 'content-type': 'text/plain' }, payload: 'hola' },
};

const ENGLISH = /\b(the|is|not|was|request|multipart|boundary|unexpected|error|invalid|part|field|body|internal)\b/i;

/** An id of a record of the demo complex's list `resource`, preferring a pending one (a voucher goes on those). */
async function someId(resource: string): Promise<string | undefined> {
  for (const filter of [{ status: 'Pendiente' }, {}]) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/complexes/${alamos}/${resource}?range=[0,0]&filter=${encodeURIComponent(JSON.stringify(filter))}`,
      headers: admin,
    });
    const [first] = res.statusCode === 200 ? (res.json() as { id: string }[]) : [];
    if (first) return first.id;
  }
  return undefined;
}

describe('malformed multipart bodies', () => {
  it('answer 400 with a Spanish message on every upload route', async () => {
    const routes = t.app.routeTable.filter((r) => r.upload);
    // The charges import, the face create, edit and bulk import at least: the walk cannot pass on nothing.
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/complexes/:complexId/receivables/import',
        'POST /api/biometrics/conjuntos/:complexId/rostros/',
        'PUT /api/biometrics/conjuntos/:complexId/rostros/:identificacion/edit/',
        'POST /api/biometrics/conjuntos/:complexId/rostros/import/',
        'POST /api/complexes/:complexId/units/import',
        'POST /api/complexes/:complexId/residents/import/preview',
        'POST /api/platform/complexes/:complexId/bulk-load/import',
      ]),
    );
    const failures: string[] = [];
    for (const route of routes) {
      // A route on one record reads the body of a record that exists (one still open to it where a list says so):
      // a random id would be answered 404 before its body is read.
      const resource = /^\/api\/complexes\/:complexId\/([^/]+)\/:id\//.exec(route.url)?.[1];
      const id = resource ? await someId(resource) : undefined;
      const url = route.url
        .replace(':complexId', alamos)
        .replace(':id', id ?? ':id')
        .replace(/:[A-Za-z]+/g, () => randomUUID());
      for (const [name, body] of Object.entries(MALFORMED)) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url,
          // Platform staff's upload routes (the bulk load of a complex) are walked as staff.
          headers: { ...(route.roles?.includes('administrador') === false ? staff : admin), ...body.headers },
          payload: body.payload,
        });
        const answer = res.json() as { message?: unknown; code?: unknown };
        const spanish = typeof answer.message === 'string' && answer.message.length > 0 && !ENGLISH.test(answer.message);
        if (res.statusCode !== 400 || !spanish || typeof answer.code !== 'string')
          failures.push(`${route.method} ${route.url} with ${name}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('a field sent twice is refused unless the route takes it as a list (unitIds of the charges import)', async () => {
    const twice = multipart([
      { name: 'dryRun', data: 'true' },
      { name: 'dryRun', data: 'false' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/complexes/${alamos}/receivables/import`,
      headers: { ...admin, ...twice.headers },
      payload: twice.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'El formulario repite el campo dryRun.',
      errors: { dryRun: 'El formulario repite el campo dryRun.' },
    });
  });
});
