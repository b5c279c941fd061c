// Panic alerts (spec 002 §3, §4, §8; issue 13): a resident raises one with their data as they are; pressed again
// within a minute it is the same alert (also 20 presses at once); every guard of the complex gets the live event at
// the commit and an urgent push; guards and the office close it with an observation (once) or delete it; a
// resident sees only their own and closes none. The delivery across server processes: server/test/scale.test.ts.
import { listQuery, startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATE_MESSAGES, GATE_TOPICS } from '../gate.ts';
import gate from '../server/index.ts';

let t: TestServer;
let alamos: string;
let admin: { authorization: string };
let guard: { authorization: string };
let resident: { authorization: string };
let tenant: { authorization: string };
let residentId: string;
const events: { topic: string; payload: unknown }[] = [];

const appLogin = async (email: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'demo1234', client: 'app' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().token}` };
};
const base = () => `/api/complexes/${alamos}/panic-alerts`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: headers as Record<string, string>,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const list = async (headers: object, filter: Record<string, unknown> = {}) => {
  const res = await call('GET', `${base()}${listQuery({ filter, range: [0, 99] })}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; residentId: string; status: number }[];
};

beforeAll(async () => {
  t = await startTestServer({ plugins: [gate] });
  alamos = await t.complexId('alamos');
  admin = await t.login('admin@demo.test');
  guard = await t.login('guardia@demo.test');
  resident = await appLogin('residente@demo.test');
  tenant = await appLogin('inquilino@demo.test');
  [{ id: residentId }] = await t.sql<{ id: string }>("select id from users where email = 'residente@demo.test'");
  t.app.events.subscribe(alamos, (event) => events.push({ topic: event.topic, payload: event.payload }));
});
afterAll(() => t?.close());

describe('panic alerts', () => {
  it("raises one with the resident's data, live to the guards and as an urgent push; a second press is the same alert", async () => {
    const raised = await call('POST', base(), resident, { detail: '  Intruso en el patio  ', complexId: 'x', status: 0 });
    expect(raised.statusCode, raised.body).toBe(201);
    const alert = raised.json();
    const [me] = await t.sql<{ first_name: string; last_name: string; unit: string }>(
      `select u.first_name, u.last_name, un.number as unit from users u join units un on un.id = u.unit_id where u.id = ?`,
      [residentId],
    );
    expect(alert).toMatchObject({
      residentId,
      residentName: `${me.first_name} ${me.last_name}`,
      unitNumber: me.unit,
      detail: 'Intruso en el patio',
      status: 1,
      observation: null,
      closedAt: null,
    });
    await expect
      .poll(() => events.some((e) => e.topic === GATE_TOPICS.panicRaised && (e.payload as { id: string }).id === alert.id))
      .toBe(true);
    const pushes = await t.sql<{ title: string; urgent: boolean; n: number }>(
      `select title, urgent, count(*)::int as n from push_outbox where category = 'gate.panic' group by title, urgent`,
    );
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ title: GATE_MESSAGES.panicSnackbar, urgent: true });
    const [guardRow] = await t.sql<{ id: string }>("select id from users where email = 'guardia@demo.test'");
    expect(
      (await t.sql('select 1 from push_outbox where category = ? and user_id = ?', ['gate.panic', guardRow.id])).length,
    ).toBe(1);

    // Pressed again (and 20 times at once): the same alert.
    const again = await call('POST', base(), resident, {});
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(alert.id);
    const burst = await Promise.all(Array.from({ length: 20 }, () => call('POST', base(), resident, {})));
    expect(new Set(burst.map((r) => r.json().id))).toEqual(new Set([alert.id]));
    expect((await t.sql('select 1 from panic_alerts where resident_id = ? and status = 1', [residentId])).length).toBe(1);
  });

  it('lets guards and the office read every alert, a resident their own only', async () => {
    const theirs = (await call('POST', base(), tenant, { detail: 'Humo en la cocina' })).json();
    const guardSees = await list(guard, { status: 1 });
    expect(guardSees.map((a) => a.id)).toContain(theirs.id);
    expect((await list(admin)).map((a) => a.id)).toContain(theirs.id);
    const mine = await list(resident);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((a) => a.residentId === residentId)).toBe(true);
    expect((await call('GET', `${base()}/${theirs.id}`, resident)).statusCode).toBe(404);
    expect((await call('GET', `${base()}/${theirs.id}`, guard)).statusCode).toBe(200);
    expect((await call('GET', `${base()}${listQuery({ filter: { status: 'abierta' } })}`, guard)).statusCode).toBe(400);
    // Only residents raise them.
    expect((await call('POST', base(), guard, {})).statusCode).toBe(403);
    expect((await call('POST', base(), admin, {})).statusCode).toBe(403);
  });

  it('closes an open alert once, with an observation, and a guard deletes one', async () => {
    const [open] = await list(guard, { status: 1 });
    expect((await call('POST', `${base()}/${open.id}/close`, resident, { observation: 'x' })).statusCode).toBe(403);
    const empty = await call('POST', `${base()}/${open.id}/close`, guard, { observation: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ observation: GATE_MESSAGES.panicObservation });
    expect((await call('POST', `${base()}/${open.id}/close`, guard, { observation: 'A\u0000' })).statusCode).toBe(400);
    const closing = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('POST', `${base()}/${open.id}/close`, guard, { observation: 'Guardia acudió: falsa alarma' }),
      ),
    );
    expect(closing.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const closed = closing.find((r) => r.statusCode === 200)!.json();
    expect(closed).toMatchObject({ status: 0, observation: 'Guardia acudió: falsa alarma', closedByName: 'Gustavo Guardia' });
    expect(closing.find((r) => r.statusCode === 409)!.json().message).toBe(GATE_MESSAGES.panicClosed);
    await expect.poll(() => events.some((e) => e.topic === GATE_TOPICS.panicClosed)).toBe(true);
    // Closed, the resident's next press is a new alert.
    if (open.residentId === residentId) expect((await call('POST', base(), resident, {})).statusCode).toBe(201);
    expect((await call('DELETE', `${base()}/${open.id}`, guard)).statusCode).toBe(200);
    expect((await call('GET', `${base()}/${open.id}`, guard)).statusCode).toBe(404);
    const [audit] = await t.sql<{ n: number }>(
      "select count(*)::int as n from audit_logs where resource = 'panic-alerts' and record_id = ?",
      [open.id],
    );
    expect(audit.n).toBe(3);
  });

  it("reaches the guards from a locked property's resident too (the lock is about debts)", async () => {
    const [unit] = await t.sql<{ unit_id: string }>('select unit_id from users where id = ?', [residentId]);
    const lock = (locked: boolean) => call('PUT', `/api/complexes/${alamos}/units/${unit.unit_id}/lock`, admin, { locked });
    expect((await lock(true)).statusCode).toBe(200);
    try {
      expect((await call('GET', `/api/complexes/${alamos}/my-unit`, resident)).statusCode).toBe(403);
      const raised = await call('POST', base(), resident, { detail: 'Bloqueado pero en peligro' });
      expect([200, 201], raised.body).toContain(raised.statusCode);
    } finally {
      await lock(false);
    }
  });
});
