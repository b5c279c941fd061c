import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerPlugin } from '@conjunto/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../src/db.ts';
import { naturalSortKey } from '../src/directory/unit.entity.ts';
import { checkPlugins } from '../src/server.ts';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

describe('the host', () => {
  it('answers health and the OpenAPI document generated from the schemas', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/complexes/{complexId}/surveys', '/api/complexes/{complexId}/units/{id}', '/api/auth/login']),
    );
    expect(
      doc.paths['/api/complexes/{complexId}/surveys'].post.requestBody.content['application/json'].schema.properties.title
        .maxLength,
    ).toBe(100);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('answers unknown API paths with the JSON 404 and never a 500 for garbage', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No se encontró el registro.', code: 'NOT_FOUND' });
    const headers = await t.login('admin@demo.test');
    const url = `/api/complexes/${await t.complexId('alamos')}/units`;
    for (const payload of ['[', 'null', '"x"', '{"number": {"$gt": ""}}', JSON.stringify({ number: 'a', aliquot: 'NaN' })]) {
      const r = await t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload });
      expect(r.statusCode, payload).toBe(400);
    }
    const big = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ number: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
  });

  it('exposes Content-Range to browsers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/complexes/${await t.complexId('alamos')}/units`,
      headers: await t.login('admin@demo.test'),
    });
    expect(res.headers['content-range']).toBe('units 0-35/36');
  });
});

describe('the embedded database folder', () => {
  it('refuses a second opener with a clear message while the first lives', () => {
    const dir = mkdtempSync(join(tmpdir(), 'conjunto-lock-'));
    try {
      lockDataDir(dir)();
      // Another live process (our parent) holds it.
      writeFileSync(join(dir, '.conjunto.lock'), String(process.ppid));
      expect(() => lockDataDir(dir)).toThrow(/está en uso por otro proceso/);
      // A lock left by a dead process is taken over.
      writeFileSync(join(dir, '.conjunto.lock'), '999999');
      lockDataDir(dir)();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('natural sort key', () => {
  it('orders numbers inside names naturally', () => {
    const names = ['Casa 10', 'casa 2', 'Casa 1', 'B-12', 'B-3', 'Casa 02a'];
    expect([...names].sort((a, b) => naturalSortKey(a).localeCompare(naturalSortKey(b)))).toEqual([
      'B-3',
      'B-12',
      'Casa 1',
      'casa 2',
      'Casa 02a',
      'Casa 10',
    ]);
  });
});

describe('the plugin contract', () => {
  const plugin = (
    id: string,
    extra: Partial<ServerPlugin['manifest']> = {},
    routes: ServerPlugin['routes'] = () => {},
  ): ServerPlugin => ({
    manifest: { id, titleKey: id, roles: ['administrador'], resources: [], ...extra },
    entities: [],
    migrations: [],
    routes,
  });

  it('refuses missing or misordered dependencies and duplicate ids', () => {
    expect(() => checkPlugins([plugin('a', { dependsOn: ['b'] }), plugin('b')])).toThrow(/depends on b/);
    expect(() => checkPlugins([plugin('a'), plugin('a')])).toThrow(/twice/);
    expect(() => checkPlugins([plugin('b'), plugin('a', { dependsOn: ['b'] })])).not.toThrow();
  });

  it('refuses to boot a complex-scoped route that does not declare its roles', async () => {
    const careless = plugin('careless', {}, (app) => {
      app.get('/careless', async () => []);
    });
    await expect(startTestServer({ plugins: [careless] })).rejects.toThrow(/must declare config.roles/);
  });
});
