// Every family and approvers route a resident may call, walked from the route table (a new route is walked
// without editing this test) with a neighbour's ids: the neighbour's record in :id, the neighbour as residentId in
// the body or the filter. Each answers 404 or none of the neighbour's rows, and nothing changes.
import { startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { residentLogin } from './household-helpers.ts';

const PREFIX = '/api/complexes/:complexId';
const RESOURCES = ['family-members', 'approvers'];
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

/** A fingerprint of the household tables. */
const fingerprint = async () =>
  Promise.all(
    ['family_members', 'approvers'].map(
      async (table) =>
        (
          await t.sql<{ h: string }>(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${table} x`)
        )[0].h,
    ),
  );

describe("a resident on a neighbour's household", () => {
  it('answers 404 (or none of their rows) on every resident route, and changes nothing', async () => {
    const alamos = await t.complexId('alamos');
    const resident = await residentLogin(t);
    const [{ id: me }] = await t.sql<{ id: string }>("select id from users where email = 'residente@demo.test'");
    const [{ id: neighbour, unit_id: neighbourUnit }] = await t.sql<{ id: string; unit_id: string }>(
      `select u.id, u.unit_id from users u where u.residence_complex_id = ? and u.id <> ? and u.unit_id is not null
          and exists (select 1 from family_members f where f.resident_id = u.id)
          and exists (select 1 from approvers a where a.resident_id = u.id)
        order by u.email limit 1`,
      [alamos, me],
    );
    const records: Record<string, string> = {};
    for (const resource of RESOURCES) {
      const [row] = await t.sql<{ id: string }>(`select id from ${resource.replaceAll('-', '_')} where resident_id = ? limit 1`, [
        neighbour,
      ]);
      records[resource] = row.id;
    }
    const routes = (t.app.routeTable as { method: string; url: string; roles?: readonly string[] }[]).filter(
      (r) =>
        RESOURCES.some((res) => r.url.startsWith(`${PREFIX}/${res}`)) && r.roles?.includes('residente') && r.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThanOrEqual(12);
    const before = await fingerprint();
    for (const route of routes) {
      const resource = RESOURCES.find((res) => route.url.startsWith(`${PREFIX}/${res}`)) as string;
      const url = route.url.replace(':complexId', alamos).replace(':id', records[resource]);
      const label = `${route.method} ${route.url}`;
      if (route.method === 'GET' && !route.url.includes(':id')) {
        for (const filter of [{ residentId: neighbour }, { unitId: neighbourUnit }, { id: [records[resource]] }]) {
          const res = await t.app.inject({
            method: 'GET',
            url: `${url}?filter=${encodeURIComponent(JSON.stringify(filter))}`,
            headers: resident,
          });
          expect(res.statusCode, label).toBe(200);
          // The export: its header row only.
          if (route.url.endsWith('/export')) expect(res.body.trim().split('\n'), label).toHaveLength(1);
          else expect(res.json(), `${label} ${JSON.stringify(filter)}`).toEqual([]);
        }
        continue;
      }
      const payload =
        route.method === 'GET' || route.method === 'DELETE'
          ? undefined
          : { residentId: neighbour, firstName: 'Intruso Vecino', lastName: 'X', idNumber: '123', approvers: [] };
      const res = await t.app.inject({ method: route.method as 'GET', url, headers: resident, payload });
      expect(res.statusCode, `${label}: ${res.body}`).toBe(404);
    }
    expect(await fingerprint()).toEqual(before);
  });
});
