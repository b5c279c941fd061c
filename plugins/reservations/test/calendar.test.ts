// The office's month calendar (GET reservations/calendar) and the residents' month of free days
// (GET reservation-areas/:id/month): validation, tenancy, who sees what.
import { startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantOf } from '../server/slots.ts';

let t: TestServer;
let alamos: string;
let admin: { authorization: string };
let resident: { authorization: string };
let guard: { authorization: string };
let residentUnit: string;

type Headers = { authorization: string };
const DAY = 86_400_000;
/** The Guayaquil day `offset` days from today. */
const dayAt = (offset: number) => new Date(Date.now() + offset * DAY - 5 * 3_600_000).toISOString().slice(0, 10);
const at = (offset: number, hour: number) => instantOf(dayAt(offset), hour * 60).toISOString();
const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/complexes/${alamos}${url}`, headers, ...(payload ? { payload } : {}) });
const calendar = (headers: Headers, query: string) => call('GET', `/reservations/calendar?${query}`, headers);

async function newArea(fields: object = {}) {
  const res = await call('POST', '/reservation-areas', admin, {
    name: `Cal ${Math.random().toString(36).slice(2, 8)}`,
    opensAt: '10:00',
    closesAt: '14:00',
    slotMinutes: 60,
    maxSlots: 4,
    minNoticeHours: 0,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

beforeAll(async () => {
  t = await startTestServer();
  alamos = await t.complexId('alamos');
  admin = await t.login('admin@demo.test');
  guard = await t.login('guardia@demo.test');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'residente@demo.test', password: 'demo1234', client: 'app' },
  });
  resident = { authorization: `Bearer ${res.json().token}` };
  const [me] = await t.sql<{ unit_id: string }>("select unit_id from users where email = 'residente@demo.test'");
  residentUnit = me.unit_id;
  await t.sql('update receivables set balance = 0 where complex_id = ? and unit_id = ?', [alamos, residentUnit]);
});
afterAll(() => t?.close());

describe("the office's calendar", () => {
  it("answers the demo month's reservations of every state, by start, within the days asked", async () => {
    const from = dayAt(-20);
    const to = dayAt(20);
    const res = await calendar(admin, `from=${from}&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    const { items, truncated } = res.json();
    expect(truncated).toBe(false);
    expect(items.length).toBeGreaterThan(3);
    const [count] = await t.sql<{ n: number }>(
      'select count(*)::int as n from reservations where complex_id = ? and starts_at >= ? and starts_at < ?',
      [alamos, instantOf(from, 0), instantOf(to, 1440)],
    );
    expect(items).toHaveLength(count.n);
    expect(new Set(items.map((r: { status: string }) => r.status)).size).toBeGreaterThan(1);
    const starts = items.map((r: { startsAt: string }) => r.startsAt);
    expect([...starts].sort()).toEqual(starts);
    expect(Object.keys(items[0]).sort()).toEqual(
      ['areaId', 'areaName', 'endsAt', 'id', 'startsAt', 'status', 'unitNumber', 'userName'].sort(),
    );
  });

  it('narrows to one area; a day of a booking shows it', async () => {
    const area = await newArea();
    const booked = await call('POST', '/reservations', admin, {
      areaId: area.id,
      startsAt: at(5, 10),
      endsAt: at(5, 12),
      unitId: residentUnit,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const res = await calendar(admin, `from=${dayAt(5)}&to=${dayAt(5)}&areaId=${area.id}`);
    expect(res.json().items.map((r: { id: string }) => r.id)).toEqual([booked.json().id]);
    expect((await calendar(admin, `from=${dayAt(6)}&to=${dayAt(7)}&areaId=${area.id}`)).json().items).toEqual([]);
  });

  it('refuses a bad or too long range with 400 and the field', async () => {
    for (const query of [
      'from=2026-02-30&to=2026-03-01',
      'from=ayer&to=2026-03-01',
      'from=Infinity&to=2026-03-01',
      'from=2026-03-01',
      'from=2026-03-10&to=2026-03-01',
      'from=2026-01-01&to=2026-03-04',
      'from=2026-03-01&to=2026-03-02&areaId=no',
      'from=2026-03-01%00&to=2026-03-02',
      'from=2026-03-01&from=2026-03-02&to=2026-03-03',
      'from=2026-03-01&to=2026-03-02&areaId=00000000-0000-0000-0000-000000000000&areaId=x',
    ]) {
      const res = await calendar(admin, query);
      expect(res.statusCode, query).toBe(400);
    }
    const long = await calendar(admin, 'from=2026-01-01&to=2026-03-04');
    expect(long.json().errors).toEqual({ to: 'Seleccione un rango de fechas válido de hasta 62 días.' });
    // 62 days exactly is allowed.
    expect((await calendar(admin, 'from=2026-01-01&to=2026-03-03')).statusCode).toBe(200);
  });

  it("refuses the range's last day past the database's years with 400 and the field, not a 500", async () => {
    for (const query of ['from=9999-12-31&to=9999-12-31', 'from=9999-12-01&to=9999-12-31']) {
      const res = await calendar(admin, query);
      expect(res.statusCode, `${query} ${res.body}`).toBe(400);
      expect(res.json().errors).toEqual({ to: 'Seleccione un rango de fechas válido de hasta 62 días.' });
    }
    // The year's last days that end within it are still read.
    expect((await calendar(admin, 'from=9999-12-01&to=9999-12-30')).statusCode).toBe(200);
  });

  it("answers another complex's area as not found", async () => {
    const [foreign] = await t.sql<{ id: string }>('select id from reservation_areas where complex_id <> ? limit 1', [alamos]);
    const res = await calendar(admin, `from=${dayAt(0)}&to=${dayAt(1)}&areaId=${foreign.id}`);
    expect(res.statusCode).toBe(404);
  });

  it('shows guards the approved ones only, and refuses residents', async () => {
    const query = `from=${dayAt(-20)}&to=${dayAt(20)}`;
    const items = (await calendar(guard, query)).json().items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((r: { status: string }) => r.status === 'aprobada')).toBe(true);
    expect((await calendar(resident, query)).statusCode).toBe(403);
  });
});

describe("an area's month for residents", () => {
  it('says per day free (how many), full, closed or unavailable, naming no reservation', async () => {
    // Open Monday to Friday, 4 slots a day; a day well ahead, fully taken by another unit.
    const area = await newArea({ weekdays: [1, 2, 3, 4, 5] });
    let offset = 40;
    while (![1, 2, 3, 4, 5].includes(((new Date(`${dayAt(offset)}T00:00:00Z`).getUTCDay() + 6) % 7) + 1)) offset++;
    const [other] = await t.sql<{ id: string }>(
      'select id from units where complex_id = ? and id <> ? and is_active order by id limit 1',
      [alamos, residentUnit],
    );
    const full = await call('POST', '/reservations', admin, {
      areaId: area.id,
      startsAt: at(offset, 10),
      endsAt: at(offset, 14),
      unitId: other.id,
    });
    expect(full.statusCode, full.body).toBe(201);
    const half = await call('POST', '/reservations', admin, {
      areaId: area.id,
      startsAt: at(offset + 1, 10),
      endsAt: at(offset + 1, 11),
      unitId: other.id,
    });
    const month = dayAt(offset).slice(0, 7);
    const res = await call('GET', `/reservation-areas/${area.id}/month?month=${month}`, resident);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.month).toBe(month);
    const byDay = Object.fromEntries(body.days.map((d: { date: string }) => [d.date, d]));
    expect(byDay[dayAt(offset)]).toEqual({ date: dayAt(offset), state: 'full', free: 0 });
    if (half.statusCode === 201 && dayAt(offset + 1).startsWith(month))
      expect(byDay[dayAt(offset + 1)]).toMatchObject({ state: 'free', free: 3 });
    const weekend = body.days.find((d: { date: string }) => [0, 6].includes(new Date(`${d.date}T00:00:00Z`).getUTCDay()));
    expect(weekend.state).toBe('closed');
    expect(JSON.stringify(body)).not.toMatch(/unit|user|[0-9a-f]{8}-[0-9a-f]{4}/);
    // A past month is out of reach.
    const past = (await call('GET', `/reservation-areas/${area.id}/month?month=2020-01`, resident)).json();
    expect(new Set(past.days.map((d: { state: string }) => d.state))).toEqual(new Set(['unavailable', 'closed']));
  });

  it("refuses a bad month with 400, and another complex's or a disabled area as not found", async () => {
    const area = await newArea();
    for (const month of ['2026-13', '2026-1', 'Infinity', '1999-01', '2026-01-01', '']) {
      const res = await call('GET', `/reservation-areas/${area.id}/month?month=${month}`, resident);
      expect(res.statusCode, month).toBe(400);
    }
    const [foreign] = await t.sql<{ id: string }>('select id from reservation_areas where complex_id <> ? limit 1', [alamos]);
    expect((await call('GET', `/reservation-areas/${foreign.id}/month?month=2026-01`, resident)).statusCode).toBe(404);
    expect((await call('GET', `/reservation-areas/${foreign.id}/month?month=2026-01`, admin)).statusCode).toBe(404);
    const hidden = await newArea({ enabled: false });
    expect((await call('GET', `/reservation-areas/${hidden.id}/month?month=2026-01`, resident)).statusCode).toBe(404);
  });
});
