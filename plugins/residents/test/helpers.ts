// What the moving and pets tests share: a server with the residents plugin and its demo data, a second
// resident who can sign in (on another unit), and the switches.
import { startTestServer, type TestServer } from '@conjunto/server/testing';
import { expect } from 'vitest';
import residents from '../server/index.ts';

export interface Household {
  t: TestServer;
  alamos: string;
  bosque: string;
  admin: { authorization: string };
  staff: { authorization: string };
  /** residente@demo.test (first unit of Los Álamos) and a neighbour of another unit. */
  resident: { authorization: string; id: string; unitId: string };
  neighbour: { authorization: string; id: string; unitId: string };
}

export async function startHousehold(): Promise<Household> {
  // The residents plugin with this part's demo data (the lead wires it into the plugin's seed).
  // Alone (these tests need no other plugin), with its demo data: the moving and pets part switches both on.
  const t = await startTestServer({ plugins: [residents] });
  const alamos = await t.complexId('alamos');
  const bosque = await t.complexId('bosque');
  const admin = await t.login('admin@demo.test');
  const staff = await t.login('superadmin@demo.test');
  const [me] = await t.sql<{ id: string; unit_id: string }>("select id, unit_id from users where email = 'residente@demo.test'");
  // A neighbour of Los Álamos on another unit, given the demo password.
  const [other] = await t.sql<{ id: string; unit_id: string; email: string }>(
    `select id, unit_id, email from users where residence_complex_id = ? and unit_id <> ? and roles @> '["residente"]'::jsonb
      order by email limit 1`,
    [alamos, me.unit_id],
  );
  await t.sql(
    "update users set password_hash = (select password_hash from users where email = 'residente@demo.test') where id = ?",
    [other.id],
  );
  return {
    t,
    alamos,
    bosque,
    admin,
    staff,
    resident: { ...(await appLogin(t, 'residente@demo.test')), id: me.id, unitId: me.unit_id },
    neighbour: { ...(await appLogin(t, other.email)), id: other.id, unitId: other.unit_id },
  };
}

/** A resident signs in from the mobile app (the admin's sign-in refuses them). */
async function appLogin(t: TestServer, email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'demo1234', client: 'app' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().token}` };
}

export async function setSwitch(h: Household, complexId: string, name: string, on: boolean) {
  const res = await h.t.app.inject({
    method: 'PUT',
    url: `/api/complexes/${complexId}/modules`,
    headers: h.staff,
    payload: { [name]: on },
  });
  expect(res.statusCode).toBe(200);
}

/** The rows of a CSV export (naive split: the test's values hold no commas or quotes). */
export const csvRows = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
