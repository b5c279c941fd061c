// Walks the route table as admin2@demo.test, who has not accepted the terms: every route behind a sign-in
// answers 403 TERMS_NOT_ACCEPTED and changes nothing, except the user itself and the acceptance; once accepted,
// the same routes answer. New routes (a plugin's too) are walked without editing this test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteRecord } from '../src/types.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { snapshot, urlOf } from './walk.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

/**
 * Routes that need no sign-in: they hold no complex data, or carry their own secret (a file's signed URL, a
 * password link's token, a document's verification code).
 */
const PUBLIC = new Set([
  'GET /api/health',
  'POST /api/auth/login',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'POST /api/auth/password-link/check',
  'POST /api/auth/password-link',
  'GET /api/files/:id',
  // What a printed verification code certifies: the code is the secret, and the answer holds nothing personal.
  'GET /api/public/verify/:code',
]);
const isPublic = (route: RouteRecord) => PUBLIC.has(`${route.method} ${route.url}`) || route.url.startsWith('/api/docs');
const TERMS = { message: 'Debes aceptar los términos y condiciones para continuar.', code: 'TERMS_NOT_ACCEPTED' };

/** A sign-in of admin2 (La Colina) of its own: the harness's t.login accepts the terms. */
async function signIn(): Promise<{ authorization: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'admin2@demo.test', password: 'demo1234' },
  });
  expect(res.json().user.legalAccepted).toBe(false);
  return { authorization: `Bearer ${res.json().token}` };
}

const call = async (route: RouteRecord, headers: { authorization: string }, complexId: string) =>
  t.app.inject({
    method: route.method as never,
    url: await urlOf(t, route, complexId),
    headers,
    payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
  });

describe('terms and conditions not accepted', () => {
  it('answers 403 TERMS_NOT_ACCEPTED on every route behind a sign-in but the user and the acceptance, changing nothing', async () => {
    const headers = await signIn();
    const colina = await t.complexId('colina');
    const before = await snapshot(t);
    const walked: string[] = [];
    for (const route of t.app.routeTable.filter((r) => r.url.startsWith('/api/'))) {
      if (isPublic(route) || route.config?.beforeTerms) continue;
      const res = await call(route, headers, colina);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json(), `${route.method} ${route.url}`).toEqual(TERMS);
      walked.push(`${route.method} ${route.url}`);
    }
    // The host's, the platform's and every plugin's: residents, payments, the complex's settings ...
    expect(walked).toContain('GET /api/complexes/:complexId/units');
    expect(walked).toContain('GET /api/complexes/:complexId/residents');
    expect(walked).toContain('GET /api/complexes/:complexId/incomes');
    expect(walked).toContain('GET /api/complexes/:complexId/modules');
    expect(walked).toContain('GET /api/plugins');
    expect(walked).toContain('GET /api/platform/users');
    expect(walked).toContain('PUT /api/auth/me/password');
    expect(walked.length).toBeGreaterThan(50);
    expect(await snapshot(t)).toEqual(before);
  });

  it('lets the user read itself and accept; then the same routes answer', async () => {
    const headers = await signIn();
    const colina = await t.complexId('colina');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().legalAccepted).toBe(false);
    const units = t.app.routeTable.find((r) => r.method === 'GET' && r.url === '/api/complexes/:complexId/units')!;
    expect((await call(units, headers, colina)).statusCode).toBe(403);

    const accepted = await t.app.inject({ method: 'PUT', url: '/api/auth/me/terms', headers, payload: { accepted: true } });
    expect(accepted.statusCode).toBe(200);
    // The same token: the acceptance takes effect at once (the access cache is cleared by the write).
    const lists = t.app.routeTable.filter(
      (r) => r.method === 'GET' && /^\/api\/complexes\/:complexId\/[\w-]+$/.test(r.url) && !r.url.endsWith('/events'),
    );
    expect(lists.length).toBeGreaterThan(10);
    for (const route of lists) {
      const res = await call(route, headers, colina);
      expect(res.json()?.code, `${route.method} ${route.url}`).not.toBe('TERMS_NOT_ACCEPTED');
    }
    const res = await call(units, headers, colina);
    expect(res.statusCode).toBe(200);
    expect(res.json().length).toBeGreaterThan(0);
  });
});
