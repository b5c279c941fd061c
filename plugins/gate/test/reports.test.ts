// The visit reports (spec 000 §2.7, §5, §7; issue 13): 24 hourly buckets at Guayaquil time (an entry at 23:30 there is
// in bucket 23 though it is the next day in UTC), a range whose end is before its start or 32 days after it is a 400
// with the spec's message, the daily visits with their export, and the spec's POST data_bitacora/ whose complex is
// the body's id_conjunto: only users of that complex reach it, with the office's role.
import { listQuery, startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import gate from '../server/index.ts';
import { REPORT_RANGE_MESSAGE } from '../timeline.ts';

let t: TestServer;
let alamos: string;
let colina: string;
let admin: { authorization: string };
let guard: { authorization: string };

const call = (method: 'GET' | 'POST', url: string, headers: object, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: headers as Record<string, string>,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const base = (complexId = alamos) => `/api/complexes/${complexId}`;
type Hourly = { total: number; buckets: { hour: number; visits: number }[] };

/** Entries of a past month written straight in the log: `at` in Guayaquil time. */
async function entriesAt(complexId: string, times: string[], extra = '') {
  for (const [i, at] of times.entries())
    await t.sql(
      `insert into gate_entries (id, complex_id, place, id_number, first_name, visit_type, entered_at, exited_at ${extra ? ', rejected' : ''})
       values (gen_random_uuid(), ?, 'Otro', ?, 'Prueba', 'Visita', ?::timestamptz, ?::timestamptz + interval '1 hour' ${extra ? ', true' : ''})`,
      [complexId, `RPT${complexId.slice(0, 4)}${i}${extra}`.toUpperCase().slice(0, 20), at, at],
    );
}

beforeAll(async () => {
  t = await startTestServer({ plugins: [gate] });
  alamos = await t.complexId('alamos');
  colina = await t.complexId('colina');
  admin = await t.login('admin@demo.test');
  guard = await t.login('guardia@demo.test');
  await entriesAt(alamos, [
    '2021-05-10T23:30:00-05:00', // 04:30 UTC of the 11th: bucket 23 of the 10th
    '2021-05-10T00:15:00-05:00',
    '2021-05-11T08:05:00-05:00',
    '2021-05-11T08:55:00-05:00',
    '2021-05-31T23:59:00-05:00',
    '2021-06-01T00:00:00-05:00', // the day after the range
    '2021-05-09T23:59:59-05:00', // the day before
  ]);
  await entriesAt(alamos, ['2021-05-11T08:30:00-05:00'], 'R'); // a rejected visitor: no visit
  await entriesAt(colina, ['2021-05-11T08:10:00-05:00', '2021-05-11T08:20:00-05:00']);
});
afterAll(() => t?.close());

describe('the hourly visit report', () => {
  it('counts the visits of each Guayaquil hour in 24 buckets', async () => {
    const res = await call('GET', `${base()}/gate-reports/hourly?from=2021-05-10&to=2021-05-31`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as Hourly;
    expect(report.buckets).toHaveLength(24);
    expect(report.buckets.map((b) => b.hour)).toEqual([...Array(24).keys()]);
    const count = Object.fromEntries(report.buckets.map((b) => [b.hour, b.visits]));
    expect(count[23]).toBe(2);
    expect(count[0]).toBe(1);
    expect(count[8]).toBe(2);
    expect(count[4]).toBe(0);
    expect(report.total).toBe(5);
    const oneDay = (await call('GET', `${base()}/gate-reports/hourly?from=2021-05-10&to=2021-05-10`, admin)).json() as Hourly;
    expect(oneDay.total).toBe(2);
    expect(oneDay.buckets[23].visits).toBe(1);
  });

  it("refuses a range whose end is before its start or 32 days after it: 400 'Seleccion un rango de fecha de MAXIMO 1 MES'", async () => {
    const ok = await call('GET', `${base()}/gate-reports/hourly?from=2021-05-01&to=2021-06-01`, admin);
    expect(ok.statusCode, ok.body).toBe(200);
    for (const [from, to] of [
      ['2021-05-01', '2021-06-02'],
      ['2021-05-10', '2021-05-09'],
      ['2020-01-01', '2021-01-01'],
    ]) {
      const res = await call('GET', `${base()}/gate-reports/hourly?from=${from}&to=${to}`, admin);
      expect(res.statusCode, `${from} ${to}`).toBe(400);
      expect(res.json().message).toBe(REPORT_RANGE_MESSAGE);
    }
    for (const bad of [
      'from=2021-02-30&to=2021-03-01',
      'from=Infinity&to=2021-03-01',
      'from=2021-03-01',
      'from=2021-03-01%00&to=2021-03-01',
    ])
      expect((await call('GET', `${base()}/gate-reports/hourly?${bad}`, admin)).statusCode, bad).toBe(400);
  });

  it("is the office's: a guard gets 403, another complex's administrator 404", async () => {
    expect((await call('GET', `${base()}/gate-reports/hourly?from=2021-05-10&to=2021-05-31`, guard)).statusCode).toBe(403);
    const outsider = await t.login('admin2@demo.test');
    expect((await call('GET', `${base()}/gate-reports/hourly?from=2021-05-10&to=2021-05-31`, outsider)).statusCode).toBe(404);
    const theirs = await call('GET', `${base(colina)}/gate-reports/hourly?from=2021-05-10&to=2021-05-31`, outsider);
    expect((theirs.json() as Hourly).total).toBe(2);
  });
});

describe('the daily visits (ReporteDiarioVisitas)', () => {
  it('lists visits, exits and rejected visitors per Guayaquil day, newest first, and exports them', async () => {
    const res = await call(
      'GET',
      `${base()}/gate-daily-visits${listQuery({ filter: { day_gte: '2021-05-09', day_lte: '2021-05-31' } })}`,
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject([
      { day: '2021-05-31', visits: 1, exits: 1, rejected: 0 },
      { day: '2021-05-11', visits: 2, exits: 2, rejected: 1 },
      { day: '2021-05-10', visits: 2, exits: 2, rejected: 0 },
      { day: '2021-05-09', visits: 1 },
    ]);
    const csv = await call(
      'GET',
      `${base()}/gate-daily-visits/export?format=csv&filter=${encodeURIComponent(JSON.stringify({ day_gte: '2021-05-10', day_lte: '2021-05-11' }))}`,
      admin,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Fecha');
    expect(csv.body).toContain('11/05/2021');
    expect((await call('GET', `${base()}/gate-daily-visits`, guard)).statusCode).toBe(403);
  });
});

describe('POST data_bitacora/ (spec 000 §7)', () => {
  const url = '/api/data_bitacora/';
  it("answers the range's entries with hora_entrada as {data:{data:[...]}}, for the body's complex", async () => {
    const res = await call('POST', url, admin, { desde: '2021-05-10', hasta: '2021-05-11', id_conjunto: alamos });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.data as { hora_entrada: string }[];
    expect(rows.map((r) => r.hora_entrada)).toEqual([
      '2021-05-10T05:15:00.000Z',
      '2021-05-11T04:30:00.000Z',
      '2021-05-11T13:05:00.000Z',
      '2021-05-11T13:55:00.000Z',
    ]);
    const wide = await call('POST', url, admin, { desde: '2021-05-01', hasta: '2021-06-02', id_conjunto: alamos });
    expect(wide.statusCode).toBe(400);
    expect(wide.json().message).toBe(REPORT_RANGE_MESSAGE);
  });

  it('admits only users of id_conjunto, with the office role; bad input is a 4xx', async () => {
    const body = { desde: '2021-05-10', hasta: '2021-05-11', id_conjunto: alamos };
    const outsider = await t.login('admin2@demo.test');
    expect((await call('POST', url, outsider, body)).statusCode).toBe(404);
    const theirs = await call('POST', url, outsider, { ...body, id_conjunto: colina });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().data.data).toHaveLength(2);
    expect((await call('POST', url, guard, body)).statusCode).toBe(403);
    expect((await call('POST', url, {}, body)).statusCode).toBe(401);
    for (const bad of [
      { desde: '2021-05-10', hasta: '2021-05-11' },
      { ...body, id_conjunto: 'x' },
      { ...body, id_conjunto: [alamos] },
      { ...body, desde: 'Infinity' },
      { ...body, desde: '2021-05-10\u0000' },
    ]) {
      const res = await call('POST', url, admin, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(bad)).toBeLessThan(500);
    }
  });
});
