// The complex's electronic signature: loaded by the administrator as .p12 + password, kept sealed (the file and
// password are not in the database as sent), refused with the spec's text when it does not open, per complex.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeP12, multipart, startTestServer, type TestServer } from './harness.ts';

const INVALID = 'El archivo no es una firma electrónica válida.';
let t: TestServer;
let alamos: string;
let colina: string;
beforeAll(async () => {
  t = await startTestServer();
  alamos = await t.complexId('alamos');
  colina = await t.complexId('colina');
});
afterAll(() => t?.close());

async function upload(
  complexId: string,
  p12: Buffer,
  password: string,
  { email = 'admin@demo.test', filename = 'firma.p12' }: { email?: string; filename?: string } = {},
) {
  const body = multipart([
    { name: 'file', filename, contentType: 'application/x-pkcs12', data: p12 },
    { name: 'password', data: password },
  ]);
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/complexes/${complexId}/signature`,
    headers: { ...(await t.login(email)), ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}
const get = async (complexId: string, email = 'admin@demo.test') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/complexes/${complexId}/signature`, headers: await t.login(email) });
  return { status: res.statusCode, body: res.statusCode === 200 ? res.json() : res.json() };
};

describe('the signature of a complex', () => {
  it('starts without one', async () => {
    expect(await get(alamos)).toEqual({ status: 200, body: null });
    // The demo's El Bosque has a self-signed test signature, opened with demo1234 like the demo accounts.
    const bosque = await get(await t.complexId('bosque'));
    expect(bosque.body).toMatchObject({
      fileName: 'firma-demo.p12',
      subject: expect.stringContaining('CONJUNTO EL BOSQUE'),
      valid: true,
    });
  });

  it('stores a good .p12 sealed: its facts come back, its bytes and password are nowhere in the database', async () => {
    const { p12, password } = makeP12({ password: 'Sup3r-clave' });
    const res = await upload(alamos, p12, password);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      fileName: 'firma.p12',
      subject: expect.stringContaining('CN=JUAN PEREZ'),
      issuer: expect.stringContaining('CN=AC PRUEBAS CONJUNTO'),
      valid: true,
      uploadedByName: expect.any(String),
    });
    expect(new Date(res.body.validTo).getTime()).toBeGreaterThan(Date.now());
    expect((await get(alamos)).body).toEqual(res.body);
    const [row] = await t.sql<{ p12: Buffer; password: Buffer }>('select p12, password from signatures where complex_id = ?', [
      alamos,
    ]);
    expect(Buffer.from(row.p12).includes(p12.subarray(0, 64))).toBe(false);
    expect(Buffer.from(row.p12).equals(p12)).toBe(false);
    expect(Buffer.from(row.password).includes(Buffer.from(password))).toBe(false);
    // The whole database, as text, holds neither the password nor the file's bytes.
    const dump = await t.sql<{ hit: boolean }>(
      "select exists (select 1 from audit_logs where changes::text like '%' || ? || '%') as hit",
      [password],
    );
    expect(dump[0].hit).toBe(false);
    const [audit] = await t.sql<{ action: string }>(
      "select action from audit_logs where complex_id = ? and resource = 'signatures' order by at desc limit 1",
      [alamos],
    );
    expect(audit.action).toBe('update');
  });

  it('opens a PBES2 (AES-256) file whose password has ñ', async () => {
    const { p12, password } = makeP12({ password: 'contraseña-año', algorithm: 'aes256' });
    expect((await upload(colina, p12, password, { email: 'admin2@demo.test' })).status).toBe(200);
  });

  it('refuses a wrong password, a file that is not PKCS#12, one without a private key and another name with the spec text', async () => {
    const { p12 } = makeP12({ password: 'buena' });
    for (const [file, password, filename] of [
      [p12, 'mala', 'firma.p12'],
      [Buffer.from('not a p12 at all'), 'buena', 'firma.p12'],
      [makeP12({ password: 'buena', keyless: true }).p12, 'buena', 'firma.pfx'],
      [p12, 'buena', 'firma.pdf'],
      [Buffer.from([0x30, 0x82, 0xff, 0xff, 0x02]), 'buena', 'firma.p12'],
    ] as const) {
      const res = await upload(alamos, file, password, { filename });
      expect(res.status, filename).toBe(400);
      expect(res.body).toMatchObject({ message: INVALID, errors: { file: INVALID } });
    }
    // The good one stays.
    expect((await get(alamos)).body.subject).toContain('JUAN PEREZ');
  });

  it('asks for the password, refuses NUL bytes and closes the door to other complexes and roles', async () => {
    const { p12 } = makeP12();
    const noPassword = await upload(alamos, p12, '');
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.errors.password).toBeTruthy();
    expect((await upload(alamos, p12, 'a\u0000b')).status).toBe(400);
    // admin@demo.test is not linked to La Colina: 404, never its data.
    expect((await get(colina)).status).toBe(404);
    expect((await upload(colina, p12, 'clave123')).status).toBe(404);
    // The board reads nothing of it.
    expect((await get(alamos, 'directiva@demo.test')).status).toBe(403);
  });

  it('removes it', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/complexes/${alamos}/signature`,
      headers: await t.login('admin@demo.test'),
    });
    expect(res.statusCode).toBe(204);
    expect((await get(alamos)).body).toBeNull();
  });
});

describe('SIGNATURES_KEY', () => {
  it('is random and kept in the data folder outside production; absent in production, where loading a signature answers 503', async () => {
    const { loadConfig } = await import('../src/config.ts');
    const { createSignatureService } = await import('../src/signatures/store.ts');
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'sigkey-'));
    const dev = loadConfig({ DATA_DIR: dir });
    expect(dev.signaturesKey?.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).signaturesKey).toBe(dev.signaturesKey);
    const prod = loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
    expect(prod.signaturesKey).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: dir, SIGNATURES_KEY: 'short' })).toThrow(/at least 32/);
    const { p12, password } = makeP12();
    const em = t.app.orm.em.fork();
    await expect(
      createSignatureService(undefined).save(
        em as never,
        alamos,
        { userId: null, userName: null },
        { fileName: 'f.p12', bytes: p12, password },
      ),
    ).rejects.toMatchObject({ statusCode: 503, message: expect.stringContaining('SIGNATURES_KEY') });
  });

  it('a blob sealed for one complex does not open for another, nor under another key', async () => {
    const { sealingKey, seal, unseal } = await import('../src/signatures/crypto.ts');
    const key = sealingKey('k'.repeat(40));
    const blob = seal(key, Buffer.from('secreto'), 'signature:a:p12');
    expect(unseal(key, blob, 'signature:a:p12').toString()).toBe('secreto');
    expect(() => unseal(key, blob, 'signature:b:p12')).toThrow();
    expect(() => unseal(sealingKey('j'.repeat(40)), blob, 'signature:a:p12')).toThrow();
  });
});

describe('verification codes', () => {
  it('are 16 characters of Crockford base32, different each time, and read back however they are typed', async () => {
    const { newCode, normalizeCode, formatCode } = await import('../src/signatures/documents.ts');
    const codes = new Set(Array.from({ length: 2000 }, () => newCode()));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    const code = [...codes][0];
    expect(normalizeCode(formatCode(code).toLowerCase())).toBe(code);
    expect(normalizeCode('O1IL-0000-0000-0000')).toBe('0111000000000000');
    for (const bad of ['', 'ABC', 'UUUU-UUUU-UUUU-UUUU', 'ABCD-ABCD-ABCD-ABCD-A', '\u0000'.repeat(16)])
      expect(normalizeCode(bad)).toBeNull();
  });
});
