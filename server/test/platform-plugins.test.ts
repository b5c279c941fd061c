// A plugin's platform routes (ServerPlugin.platformRoutes, /api/platform/<plugin id>): platform staff's screens
// across complexes. Only superAdministrador reaches them (403 for every other role, 401 without a sign-in), whatever
// roles a route names; a plugin disabled on the platform answers 404; a plugin id may not take a host path.
import { definePlugin, type ServerPlugin } from '@conjunto/core';
import Fastify from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountPlatformScope } from '../src/platform/plugin-scope.ts';
import { startTestServer, type TestServer } from './harness.ts';

const probe = (id: string): ServerPlugin => ({
  manifest: definePlugin({ id, titleKey: id, roles: ['administrador'], resources: [] }),
  entities: [],
  migrations: [],
  routes: () => {},
  platformRoutes: (app, host) => {
    app.get(
      '/complex-names',
      {
        // A route naming other roles is still platform staff's only.
        config: { roles: ['administrador'] },
        schema: {
          querystring: Type.Object({ id: Type.String({ maxLength: 40 }) }),
          response: { 200: Type.Array(Type.String()) },
        },
      },
      async (request) => [...(await host.complexes(request, [request.query.id])).values()].map((c) => c.name),
    );
  },
});

let t: TestServer;
let staff: { authorization: string };
beforeAll(async () => {
  t = await startTestServer({ plugins: [probe('probe')] });
  staff = await t.login('superadmin@demo.test');
});
afterAll(() => t?.close());

describe("plugins' platform routes", () => {
  it('answers platform staff, across complexes', async () => {
    const alamos = await t.complexId('alamos');
    const res = await t.app.inject({ method: 'GET', url: `/api/platform/probe/complex-names?id=${alamos}`, headers: staff });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.sql<{ name: string }>('select name from complexes where id = ?', [alamos]);
    expect(res.json()).toEqual([row.name]);
    // An id that is not a complex's is absent, not an error.
    const none = await t.app.inject({ method: 'GET', url: '/api/platform/probe/complex-names?id=nope', headers: staff });
    expect(none.json()).toEqual([]);
    expect(t.app.routeTable.find((r) => r.url === '/api/platform/probe/complex-names')?.roles).toEqual(['superAdministrador']);
  });

  it('refuses every other role with 403 (the route named administrador), and 401 without a sign-in', async () => {
    const alamos = await t.complexId('alamos');
    const url = `/api/platform/probe/complex-names?id=${alamos}`;
    for (const email of [
      'admin@demo.test',
      'empresa@demo.test',
      'guardia@demo.test',
      'directiva@demo.test',
      'residente@demo.test',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: await t.login(email) });
      expect(res.statusCode, email).toBe(403);
      expect(res.body).not.toContain('Conjunto');
    }
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('answers 404 while the plugin is disabled on the platform', async () => {
    const url = '/api/platform/probe/complex-names?id=x';
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/platform/plugins/probe',
      headers: staff,
      payload: { enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: staff })).statusCode).toBe(404);
    await t.app.inject({ method: 'PUT', url: '/api/platform/plugins/probe', headers: staff, payload: { enabled: true } });
    expect((await t.app.inject({ method: 'GET', url, headers: staff })).statusCode).toBe(200);
  });

  it("refuses a plugin whose id is one of the host's platform paths", async () => {
    const app = Fastify();
    try {
      await expect(mountPlatformScope(app, probe('users'))).rejects.toThrow(/host path/);
    } finally {
      await app.close();
    }
  });
});
