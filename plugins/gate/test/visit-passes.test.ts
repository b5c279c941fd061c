// Visit passes: every early visit carries an 8-digit code (QR, or PIN with QRPin) the guard's scanner or a gate
// reader lets in once; FechaIngreso lets residents announce later days; QrRecurrente makes a pass open on weekdays
// until a day, once a day. The switches shape the forms through GET early-visits/options.
import { businessDay } from '@conjunto/core';
import { listQuery, startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATE_MESSAGES, RECURRING_MAX_DAYS, VISIT_AHEAD_DAYS } from '../gate.ts';
import gate from '../server/index.ts';

let t: TestServer;
let alamos: string;
let bosque: string;
let admin: { authorization: string };
let guard: { authorization: string };
let resident: { authorization: string };
let staff: { authorization: string };

beforeAll(async () => {
  t = await startTestServer({ plugins: [gate] });
  alamos = await t.complexId('alamos');
  bosque = await t.complexId('bosque');
  admin = await t.login('admin@demo.test');
  guard = await t.login('guardia@demo.test');
  staff = await t.login('superadmin@demo.test');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'residente@demo.test', password: 'demo1234', client: 'app' },
  });
  resident = { authorization: `Bearer ${res.json().token}` };
});
afterAll(() => t?.close());

const base = (complexId = alamos) => `/api/complexes/${complexId}`;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: object, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: headers as Record<string, string>,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const setSwitch = async (name: string, on: boolean, complexId = alamos) => {
  const res = await call('PUT', `${base(complexId)}/modules`, staff, { [name]: on });
  expect(res.statusCode, res.body).toBe(200);
};
let serial = 0;
const freshId = () => `16${String(++serial).padStart(8, '0')}`;
const today = () => businessDay();
const dayPlus = (days: number) => new Date(Date.parse(`${today()}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** A time of `day` in Guayaquil (the last minute of today stays today whenever the test runs). */
const at = (day: string, time = '23:59') => `${day}T${time}:00-05:00`;
const isoWeekday = (day: string) => ((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
const announce = (payload: object, headers = resident, complexId = alamos) =>
  call('POST', `${base(complexId)}/early-visits`, headers, {
    firstName: 'Pase',
    lastName: 'Prueba',
    visitType: 'Visita',
    expectedArrival: at(today()),
    ...payload,
  });
const scan = (code: string, extra: object = {}, headers = guard) =>
  call('POST', `${base()}/early-visits/scan`, headers, { code, ...extra });
const exit = async (entryId: string) =>
  expect((await call('POST', `${base()}/gate-entries/${entryId}/exit`, guard)).statusCode).toBe(200);

describe('visit passes', () => {
  it('gives every visit an 8-digit code that lets its visitor in once, today, at this complex only', async () => {
    const visit = (await announce({ idNumber: freshId() })).json();
    expect(visit.code).toMatch(/^\d{8}$/);
    expect(visit.weekdays).toBeNull();
    expect((await scan('1234')).statusCode).toBe(400);
    expect((await scan(visit.code, {}, resident)).statusCode).toBe(403);
    const foreign = (await announce({ idNumber: freshId(), place: 'Oficina' }, admin, bosque)).json();
    const elsewhere = await scan(foreign.code);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe(GATE_MESSAGES.codeInvalid);
    const posts = (await call('GET', `${base()}/gate-posts`, guard)).json();
    const inside = await scan(visit.code, { postId: posts[0].id });
    expect(inside.statusCode, inside.body).toBe(200);
    expect(inside.json().visit).toMatchObject({ id: visit.id, status: 'ingresada', exited: true });
    expect(inside.json().entry).toMatchObject({ source: 'anticipada', postId: posts[0].id, firstName: 'Pase' });
    await exit(inside.json().entry.id);
    expect((await scan(visit.code)).json().message).toBe(GATE_MESSAGES.codeInvalid);
  });

  it('opens a pass once under 10 concurrent scans', async () => {
    const visit = (await announce({ idNumber: freshId() })).json();
    const answers = await Promise.all(Array.from({ length: 10 }, () => scan(visit.code)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.every((a) => [200, 404, 409].includes(a.statusCode))).toBe(true);
    const [{ n }] = await t.sql<{ n: number }>('select count(*)::int as n from gate_entries where id_number = ?', [
      visit.idNumber,
    ]);
    expect(n).toBe(1);
  });

  it('keeps a pass of a later day shut today; FechaIngreso decides whether residents may announce one', async () => {
    const tomorrow = { idNumber: freshId(), expectedArrival: at(dayPlus(1), '10:00') };
    const refused = await announce(tomorrow);
    expect(refused.json().errors).toEqual({ expectedArrival: GATE_MESSAGES.onlyToday });
    await setSwitch('FechaIngreso', true);
    try {
      expect((await call('GET', `${base()}/early-visits/options`, resident)).json()).toMatchObject({ entryDate: true });
      const later = await announce(tomorrow);
      expect(later.statusCode, later.body).toBe(201);
      expect((await scan(later.json().code)).statusCode).toBe(404);
      const tooFar = await announce({ expectedArrival: at(dayPlus(VISIT_AHEAD_DAYS + 1), '10:00') });
      expect(tooFar.json().errors).toEqual({ expectedArrival: GATE_MESSAGES.tooFar });
    } finally {
      await setSwitch('FechaIngreso', false);
    }
    // The office may still record any day.
    expect((await announce({ ...tomorrow, idNumber: freshId(), place: 'Oficina' }, admin)).statusCode).toBe(201);
  });

  it('opens a recurring pass (QrRecurrente) on its weekdays until its last day, once a day', async () => {
    const weekly = { idNumber: freshId(), weekdays: [isoWeekday(today())], validUntil: dayPlus(14) };
    expect((await announce(weekly)).json().errors).toEqual({ weekdays: GATE_MESSAGES.recurringOff });
    await setSwitch('QrRecurrente', true);
    try {
      expect((await announce({ ...weekly, validUntil: dayPlus(RECURRING_MAX_DAYS + 1) })).json().errors).toEqual({
        validUntil: GATE_MESSAGES.recurrence,
      });
      expect((await announce({ ...weekly, validUntil: undefined })).json().errors).toEqual({
        validUntil: GATE_MESSAGES.recurrence,
      });
      expect((await announce({ ...weekly, weekdays: [8] })).statusCode).toBe(400);
      const pass = (await announce(weekly)).json();
      expect(pass).toMatchObject({ weekdays: weekly.weekdays, validUntil: weekly.validUntil });
      const otherDay = (await announce({ ...weekly, idNumber: freshId(), weekdays: [(isoWeekday(today()) % 7) + 1] })).json();
      const todays = async () =>
        (
          (
            await call(
              'GET',
              `${base()}/early-visits${listQuery({ filter: { today: true, status: 'pendiente' }, range: [0, 999] })}`,
              guard,
            )
          ).json() as { id: string }[]
        ).map((v) => v.id);
      expect(await todays()).toContain(pass.id);
      expect(await todays()).not.toContain(otherDay.id);
      expect((await scan(otherDay.code)).statusCode).toBe(404);
      const first = await scan(pass.code);
      expect(first.statusCode, first.body).toBe(200);
      // Still pending for the next weeks; used today.
      expect(first.json().visit).toMatchObject({ status: 'pendiente', entryId: first.json().entry.id });
      await exit(first.json().entry.id);
      expect((await scan(pass.code)).statusCode).toBe(404);
      const approveAgain = await call('POST', `${base()}/early-visits/${pass.id}/approve`, guard, {});
      expect(approveAgain.statusCode).toBe(409);
      expect(approveAgain.json().message).toBe(GATE_MESSAGES.notToday);
      expect(await todays()).not.toContain(pass.id);
      const bell = (await call('GET', `${base()}/early-visits/today`, guard)).json();
      expect(bell.latest.map((v: { id: string }) => v.id)).not.toContain(pass.id);
      // A pass whose last day is today is done once used.
      const lastDay = (await announce({ ...weekly, idNumber: freshId(), validUntil: today() })).json();
      expect((await scan(lastDay.code)).json().visit.status).toBe('ingresada');
    } finally {
      await setSwitch('QrRecurrente', false);
    }
  });

  it('tells the forms what the switches allow', async () => {
    const options = async () => (await call('GET', `${base()}/early-visits/options`, guard)).json();
    expect(await options()).toEqual({
      entryDate: false,
      recurring: false,
      pin: false,
      print: false,
      aheadDays: VISIT_AHEAD_DAYS,
      recurringMaxDays: RECURRING_MAX_DAYS,
    });
    await setSwitch('QRPin', true);
    await setSwitch('QrPrint', true);
    try {
      expect(await options()).toMatchObject({ pin: true, print: true });
    } finally {
      await setSwitch('QRPin', false);
      await setSwitch('QrPrint', false);
    }
    expect((await call('GET', `${base()}/early-visits/options`, await t.login('directiva@demo.test'))).statusCode).toBe(403);
  });
});
