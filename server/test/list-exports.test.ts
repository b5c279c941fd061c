// Every list can export what it shows: each GET …/export of the API document (the list helper declares one per
// list) answers a CSV with its header row, for the complex's administrator or the platform's staff.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
let exports: string[];
beforeAll(async () => {
  t = await startTestServer();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, object> };
  // A report's own export with a path parameter of its own (the fund history of one account) is its plugin's test.
  exports = Object.keys(doc.paths).filter((path) => path.endsWith('/export') && !path.replace('{complexId}', '').includes('{'));
});
afterAll(() => t?.close());

describe('list exports', () => {
  it('declares an export for every list, the platform lists and the mail outbox included', () => {
    expect(exports).toEqual(
      expect.arrayContaining([
        '/api/platform/companies/export',
        '/api/platform/complexes/export',
        '/api/platform/users/export',
        '/api/complexes/{complexId}/mail-outbox/export',
        '/api/complexes/{complexId}/units/export',
        '/api/complexes/{complexId}/pending-transfers/export',
      ]),
    );
  });

  it('answers every export as CSV with its header row', async () => {
    const complexId = await t.complexId('alamos');
    const admin = await t.login('admin@demo.test');
    const staff = await t.login('superadmin@demo.test');
    const answered: string[] = [];
    for (const path of exports) {
      const platform = path.startsWith('/api/platform/');
      const url = `${path.replace('{complexId}', complexId)}?format=csv`;
      const res = await t.app.inject({ method: 'GET', url, headers: platform ? staff : admin });
      expect(res.statusCode, `${path}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-type'], path).toMatch(/^text\/csv/);
      const header = res.body.replace(/^\uFEFF/, '').split('\r\n')[0];
      expect(header, path).toMatch(/^"[^"]+"(,"[^"]+")*$/);
      answered.push(path);
    }
    expect(answered.length).toBeGreaterThan(15);
  });

  it('gives the platform lists Spanish headers', async () => {
    const staff = await t.login('superadmin@demo.test');
    const headerOf = async (resource: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/platform/${resource}/export?format=csv`, headers: staff })).body
        .replace(/^\uFEFF/, '')
        .split('\r\n')[0];
    expect(await headerOf('companies')).toBe('"Nombre","RUC","Contacto","Teléfono","Correo","Activa"');
    expect(await headerOf('users')).toBe('"Apellidos","Nombres","Correo","Teléfono","Identificación","Roles","Activo"');
    expect(await headerOf('complexes')).toContain('"Residentes","Parqueaderos"');
  });
});
