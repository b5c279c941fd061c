// The property lock (spec 002 §4): a locked unit's residents reach the payments part of the API only; disabled
// app access refuses the next request; an owner blocks their tenant only when the unit allows it (§3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES } from '../src/tenancy.ts';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
let alamos: string;
let base: string;
let admin: { authorization: string };
beforeAll(async () => {
  t = await startTestServer();
  alamos = await t.complexId('alamos');
  base = `/api/complexes/${alamos}`;
  admin = await t.login('admin@demo.test');
}, 180_000);
afterAll(() => t?.close());

type Headers = { authorization: string };
const call = (method: 'GET' | 'PUT' | 'POST', path: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `${base}${path}`, headers, payload });

/** A fresh sign-in (not the harness's kept token, which a revocation ends). */
async function signIn(email: string): Promise<Headers> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'demo1234', client: 'app' },
  });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().token}` };
}

/** The owner and tenant of a demo unit, both given the demo password. */
async function household(number: string) {
  const [unit] = await t.sql<{ id: string; owner: string; tenant: string }>(
    `select un.id, o.email as owner, te.email as tenant from units un join users o on o.id = un.owner_id
       join users te on te.id = un.tenant_id where un.complex_id = ? and un.number = ?`,
    [alamos, number],
  );
  await t.sql(
    "update users set password_hash = (select password_hash from users where email = 'residente@demo.test') where email in (?, ?)",
    [unit.owner, unit.tenant],
  );
  return unit;
}

describe('the property lock', () => {
  it('restricts the residents of a locked unit to the payments routes, and unlocking restores them', async () => {
    const resident = await signIn('residente@demo.test');
    const [casa1] = await t.sql<{ id: string }>("select id from units where complex_id = ? and number = 'Casa 1'", [alamos]);
    expect((await call('GET', '/my-unit', resident)).statusCode).toBe(200);
    expect((await call('GET', '/pending-transfers', resident)).statusCode).toBe(200);

    const locked = await call('PUT', `/units/${casa1.id}/lock`, admin, { locked: true });
    expect(locked.statusCode).toBe(200);
    expect(locked.json().locked).toBe(true);
    // At once: the next request, not after the access cache's lifetime.
    const refused = await call('GET', '/my-unit', resident);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PROPERTY_LOCKED', message: ACCESS_MESSAGES.propertyLocked });
    // What the area needs to draw the payments part: who they are (and that they are locked), the switches.
    const me = await call('GET', '/me', resident);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().locked).toBe(true);
    expect((await call('GET', '/modules', resident)).statusCode).toBe(200);
    // Payments: the transfer report (accounting's paymentResources) and their own statement stay open.
    expect((await call('GET', '/pending-transfers', resident)).statusCode).toBe(200);
    expect((await call('GET', '/my-unit/statement', resident)).statusCode).toBe(200);
    expect((await call('GET', '/my-unit/statement.pdf', resident)).statusCode).toBe(200);
    // The administrator is not held back by the lock.
    expect((await call('GET', `/units/${casa1.id}`, admin)).json().locked).toBe(true);
    // The resident's detail shows the lock of their unit (its lock button reads it there).
    const [{ id: residentId }] = await t.sql<{ id: string }>("select id from users where email = 'residente@demo.test'");
    expect((await call('GET', `/residents/${residentId}`, admin)).json().unitLocked).toBe(true);
    const [entry] = await t.sql<{ action: string }>(
      "select action from audit_logs where record_id = ? and resource = 'units' order by at desc limit 1",
      [casa1.id],
    );
    expect(entry.action).toBe('lock');

    expect((await call('PUT', `/units/${casa1.id}/lock`, admin, { locked: false })).statusCode).toBe(200);
    expect((await call('GET', '/my-unit', resident)).statusCode).toBe(200);
    expect((await call('GET', `/residents/${residentId}`, admin)).json().unitLocked).toBe(false);
  });

  it("is for administrators only, and another complex's unit is not found", async () => {
    const [casa1] = await t.sql<{ id: string }>("select id from units where complex_id = ? and number = 'Casa 1'", [alamos]);
    const resident = await signIn('residente@demo.test');
    expect((await call('PUT', `/units/${casa1.id}/lock`, resident, { locked: true })).statusCode).toBe(403);
    expect(
      (await call('PUT', `/units/${casa1.id}/lock`, await t.login('directiva@demo.test'), { locked: true })).statusCode,
    ).toBe(403);
    const [other] = await t.sql<{ id: string }>('select id from units where complex_id <> ? limit 1', [alamos]);
    expect((await call('PUT', `/units/${other.id}/lock`, admin, { locked: true })).statusCode).toBe(404);
    expect((await call('PUT', `/units/${casa1.id}/lock`, admin, { locked: 'Infinity' })).statusCode).toBe(400);
  });
});

describe('app access', () => {
  it("disabling a resident's access refuses their very next request", async () => {
    const resident = await signIn('residente@demo.test');
    const [me] = await t.sql<{ id: string }>("select id from users where email = 'residente@demo.test'");
    expect((await call('GET', '/my-unit', resident)).statusCode).toBe(200);
    expect((await call('PUT', `/residents/${me.id}/access`, admin, { isActive: false })).statusCode).toBe(200);
    expect((await call('GET', '/my-unit', resident)).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'residente@demo.test', password: 'demo1234', client: 'app' },
        })
      ).statusCode,
    ).not.toBe(200);
    expect((await call('PUT', `/residents/${me.id}/access`, admin, { isActive: true })).statusCode).toBe(200);
    expect((await call('GET', '/my-unit', await signIn('residente@demo.test'))).statusCode).toBe(200);
  });
});

describe("the owner's rights over the tenant", () => {
  it('lets the owner see the tenant and block their access only when the unit allows it', async () => {
    // Casa 4: the owner may see and block the tenant; Casa 11: see only (the demo's settings).
    // Casa 4's tenant is the demo's tenant account, which signs in with the demo password as it is.
    await signIn('inquilino@demo.test');
    const casa4 = await household('Casa 4');
    expect(casa4.tenant).toBe('inquilino@demo.test');
    const casa11 = await household('Casa 11');
    const owner4 = await signIn(casa4.owner);
    const tenant4 = await signIn(casa4.tenant);
    const owner11 = await signIn(casa11.owner);

    const seen = await call('GET', '/my-unit', owner4);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ relation: 'owner', ownerMayBlockTenant: true, tenant: { email: casa4.tenant } });
    // The tenant sees their unit, never the owner's view of them.
    expect((await call('GET', '/my-unit', tenant4)).json()).toMatchObject({ relation: 'tenant', tenant: null });

    // Not allowed on Casa 11; a tenant is not the owner.
    const notAllowed = await call('PUT', '/my-unit/tenant-blocks', owner11, { tenantAccessBlocked: true });
    expect(notAllowed.statusCode).toBe(403);
    expect(notAllowed.json().message).toBe('La administración no permite al propietario bloquear al inquilino de esta unidad.');
    expect((await call('PUT', '/my-unit/tenant-blocks', tenant4, { tenantAccessBlocked: false })).statusCode).toBe(403);

    // Body carrying ids or flags beyond the three: dropped, nothing else changes.
    const blocked = await call('PUT', '/my-unit/tenant-blocks', owner4, {
      tenantAccessBlocked: true,
      tenantVisitsBlocked: true,
      locked: false,
      ownerMayBlockTenant: true,
      id: casa11.id,
    });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({
      id: casa4.id,
      tenantAccessBlocked: true,
      tenantVisitsBlocked: true,
      tenantReservationsBlocked: false,
    });
    const refused = await call('GET', '/my-unit', tenant4);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'TENANT_BLOCKED', message: ACCESS_MESSAGES.tenantBlocked });
    // The owner themself is not held back.
    expect((await call('GET', '/my-unit', owner4)).statusCode).toBe(200);
    // Plugins read the visit and reservation blocks through host.directory's view.
    const [view] = await t.sql<{ tenant_visits_blocked: boolean }>(
      'select tenant_visits_blocked from directory_units where id = ?',
      [casa4.id],
    );
    expect(view.tenant_visits_blocked).toBe(true);

    expect((await call('PUT', '/my-unit/tenant-blocks', owner4, { tenantAccessBlocked: false })).statusCode).toBe(200);
    expect((await call('GET', '/my-unit', tenant4)).statusCode).toBe(200);

    // When the administrator withdraws the right, the owner can no longer see the tenant either.
    expect(
      (await call('PUT', `/units/${casa4.id}`, admin, { ownerMaySeeTenant: false, ownerMayBlockTenant: false })).statusCode,
    ).toBe(200);
    expect((await call('GET', '/my-unit', owner4)).json()).toMatchObject({ tenant: null, ownerMayBlockTenant: false });
    expect((await call('PUT', '/my-unit/tenant-blocks', owner4, { tenantVisitsBlocked: false })).statusCode).toBe(403);
  });

  it('is for residents only: staff are refused', async () => {
    expect((await call('GET', '/my-unit', admin)).statusCode).toBe(403);
  });
});
