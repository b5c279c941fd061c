// Security headers on every answer, the admin page's per-response CSP nonce, and the API docs' own policy; the
// admin's files sent precompressed and the API's answers compressed for the clients that ask.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
const dist = mkdtempSync(join(tmpdir(), 'conjunto-dist-'));
beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<html><head><meta property="csp-nonce" nonce="CONJUNTO_CSP_NONCE"><style nonce="CONJUNTO_CSP_NONCE">body{}</style></head><body></body></html>',
  );
  writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  // A built asset with the .br and .gz the build writes beside it.
  const big = `export const x = ${JSON.stringify('x'.repeat(4000))};`;
  writeFileSync(join(dist, 'assets', 'big-1234.js'), big);
  writeFileSync(join(dist, 'assets', 'big-1234.js.br'), brotliCompressSync(big));
  writeFileSync(join(dist, 'assets', 'big-1234.js.gz'), gzipSync(big));
  t = await startTestServer({ env: { ADMIN_DIST: dist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy, nosniff and Referrer-Policy on every answer, HSTS outside localhost', async () => {
    const local = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(local.headers['content-security-policy']).replace(/;\s*/g, '; ')).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; form-action 'self'; object-src 'none'; base-uri 'self'",
    );
    expect(local.headers['x-content-type-options']).toBe('nosniff');
    expect(local.headers['referrer-policy']).toBe('no-referrer');
    expect(local.headers['strict-transport-security']).toBeUndefined();
    const remote = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'conjunto.example.com' } });
    expect(remote.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await t.app.inject({ method: 'GET', url: '/api/nada' })).headers['content-security-policy']).toContain(
      "default-src 'self'",
    );
  });

  it('serves the admin page with a fresh nonce per response, in the policy and on its tags', async () => {
    const nonces = [];
    for (const url of ['/', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(String(res.headers['content-security-policy']))?.[1];
      expect(nonce).toBeTruthy();
      expect(res.headers['content-security-policy']).toContain(`style-src 'self' 'nonce-${nonce}'`);
      expect(res.body).not.toContain('CONJUNTO_CSP_NONCE');
      expect(res.body.split(`nonce="${nonce}"`)).toHaveLength(3);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('gives the API documentation its own policy, on its routes only', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    const policy = String(docs.headers['content-security-policy']);
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('paths without #', () => {
  const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

  it('opens the admin on any path a browser asks as a page (bookmarks, typed addresses)', async () => {
    for (const url of ['/administrador', '/login', '/administrador/ingresos/1?x=1', '/nada.html']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toContain('<meta property="csp-nonce"');
      expect(res.body, url).not.toContain('CONJUNTO_CSP_NONCE');
    }
  });

  it('keeps files as files, a missing asset and the API as JSON 404s', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: html });
    expect(asset.body).toBe('console.log(1)');
    for (const [url, headers] of [
      ['/assets/missing-1234.js', {}],
      ['/api/nada', html],
      ['/api', html],
      ['/api/complexes', html],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: 'No se encontró el registro.', code: 'NOT_FOUND' });
    }
    // Nothing outside the build is reached by climbing out of it.
    const climb = await t.app.inject({ method: 'GET', url: '/assets/%2e%2e/%2e%2e/package.json' });
    expect(climb.statusCode).not.toBe(200);
  });

  it("sends the build's precompressed files and compresses the API's answers, for clients that ask", async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/big-1234.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('export const x');
    const gz = await t.app.inject({ method: 'GET', url: '/assets/big-1234.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('export const x');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/big-1234.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();

    const headers = await t.login('admin@demo.test');
    const url = `/api/complexes/${await t.complexId('alamos')}/units`;
    const api = await t.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': 'br' } });
    expect(api.headers['content-encoding']).toBe('br');
    const rows = JSON.parse(brotliDecompressSync(api.rawPayload).toString());
    expect(rows.length).toBeGreaterThan(5);
    // Without Accept-Encoding (scripts, the bench), plain JSON.
    expect((await t.app.inject({ method: 'GET', url, headers })).headers['content-encoding']).toBeUndefined();
  });
});
