// The guard's early-visits bell (spec 002 §2.2, §9): GET early-visits/today counts today's pending visits of the
// complex (badge: the count below 10, else '+9') and answers the last 5 with place, visitor, resident and time;
// cancelled visits, those let in and other days' are not on it; an announcement is published live for the bell
// to read again. Guards and the office read it; residents and the board may not; another complex's user gets 404.
import { businessDay } from '@conjunto/core';
import { startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BELL_LAST, GATE_TOPICS } from '../gate.ts';
import gate from '../server/index.ts';

let t: TestServer;
let alamos: string;
let guard: { authorization: string };
let admin: { authorization: string };
let units: { id: string; number: string }[];
const events: { topic: string; payload: unknown }[] = [];

type Bell = {
  count: number;
  badge: string;
  latest: {
    id: string;
    unitNumber: string | null;
    place: string | null;
    firstName: string;
    residentName: string | null;
    expectedArrival: string;
  }[];
};
const today = (headers: object, complexId = alamos) =>
  t.app.inject({
    method: 'GET',
    url: `/api/complexes/${complexId}/early-visits/today`,
    headers: headers as Record<string, string>,
  });
const bell = async (): Promise<Bell> => {
  const res = await today(guard);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** Today's business day at `hour` (Guayaquil). */
const at = (hour: number, minute = 0) =>
  `${businessDay()}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00-05:00`;
const announce = async (i: number, hour: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/complexes/${alamos}/early-visits`,
    headers: admin,
    payload: {
      unitId: units[i % units.length].id,
      firstName: `Visitante${i}`,
      lastName: 'Prueba',
      expectedArrival: at(hour, i % 60),
      visitType: 'Visita',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};

beforeAll(async () => {
  t = await startTestServer({ plugins: [gate] });
  alamos = await t.complexId('alamos');
  guard = await t.login('guardia@demo.test');
  admin = await t.login('admin@demo.test');
  units = await t.sql<{ id: string; number: string }>(
    'select id, number from units where complex_id = ? order by number limit 20',
    [alamos],
  );
  // Start from no visit today: the bell's figures are then this test's.
  await t.sql('delete from early_visits where complex_id = ?', [alamos]);
  t.app.events.subscribe(alamos, (event) => events.push({ topic: event.topic, payload: event.payload }));
});
afterAll(() => t?.close());

describe("the guard's bell: GET early-visits/today", () => {
  it('is empty with no visit for today', async () => {
    expect(await bell()).toEqual({ count: 0, badge: '', latest: [] });
  });

  it('counts the pending visits and lists the last 5 with place, visitor, resident and time; live on each announcement', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await announce(i, 8 + i));
    await expect.poll(() => events.filter((e) => e.topic === GATE_TOPICS.earlyVisitCreated).length).toBe(7);
    const b = await bell();
    expect(b.count).toBe(7);
    expect(b.badge).toBe('7');
    expect(b.latest).toHaveLength(BELL_LAST);
    // The latest by expected arrival first.
    expect(b.latest.map((v) => v.firstName)).toEqual(['Visitante6', 'Visitante5', 'Visitante4', 'Visitante3', 'Visitante2']);
    expect(b.latest[0]).toMatchObject({ unitNumber: units[6].number, place: null });
    expect(b.latest[0].expectedArrival).toBe(new Date(at(14, 6)).toISOString());
    // A cancelled visit, one let in and one of tomorrow are not on it.
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/complexes/${alamos}/early-visits/${ids[0]}/cancel`,
      headers: admin,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/complexes/${alamos}/early-visits/${ids[1]}/approve`,
      headers: guard,
      payload: { idNumber: '0912345678' },
    });
    expect(approve.statusCode, approve.body).toBeLessThan(300);
    const tomorrow = new Date(Date.parse(at(12)) + 86_400_000).toISOString();
    const later = await t.app.inject({
      method: 'POST',
      url: `/api/complexes/${alamos}/early-visits`,
      headers: admin,
      payload: { unitId: units[0].id, firstName: 'Mañana', expectedArrival: tomorrow, visitType: 'Visita' },
    });
    expect(later.statusCode, later.body).toBe(201);
    await expect.poll(() => events.filter((e) => e.topic === GATE_TOPICS.earlyVisitChanged).length).toBeGreaterThanOrEqual(2);
    expect((await bell()).count).toBe(5);
  });

  it("shows '+9' from 10 visits on", async () => {
    for (let i = 10; i < 15; i++) await announce(i, 16);
    const b = await bell();
    expect(b.count).toBe(10);
    expect(b.badge).toBe('+9');
    expect(b.latest).toHaveLength(BELL_LAST);
  });

  it('is for guards and the office: residents and the board are refused, another complex answers 404', async () => {
    expect((await today(admin)).statusCode).toBe(200);
    const app = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'residente@demo.test', password: 'demo1234', client: 'app' },
    });
    expect((await today({ authorization: `Bearer ${app.json().token}` })).statusCode).toBe(403);
    expect((await today(await t.login('directiva@demo.test'))).statusCode).toBe(403);
    expect((await today(await t.login('admin2@demo.test'))).statusCode).toBe(404);
    // Through another complex the guard reaches nothing of Los Álamos.
    expect((await today(guard, await t.complexId('colina'))).statusCode).toBe(404);
    expect((await today({})).statusCode).toBe(401);
  });
});
