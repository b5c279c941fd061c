// Review fixes: the plans' dates are SQL (no rrule on a read), the date marked done is bounded before rrule runs,
// a done mark can be undone, and the bell's read queues no job.
import { businessDay } from '@conjunto/core';
import { listQuery, startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_MESSAGES } from '../manifest.ts';
import { nextDay } from '../server/plans.ts';
import { firstOnOrAfter, lastOnOrBefore, type PlanRule, summarise } from '../server/recurrence.ts';

let t: TestServer;
let base: string;
let complexId: string;
let admin: { authorization: string };
const today = businessDay();
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestServer();
  complexId = await t.complexId('bosque');
  base = `/api/complexes/${complexId}/maintenance-plans`;
  admin = await t.login('admin@demo.test');
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object, headers = admin) =>
  t.app.inject({ method, url: `${base}${path}`, headers, payload });
const create = async (payload: object) => {
  const res = await call('POST', '', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const daily = { title: 'Diario desde 2000', recurrence: 'rrule', rrule: 'FREQ=DAILY', startDate: '2000-01-01' };

/** What rrule answers for `day`: the last date on or before it (its end when it ended) and the next after it. */
function expected(rule: PlanRule, endsOn: string | null, day: string) {
  return {
    last: lastOnOrBefore(rule, endsOn && endsOn < day ? endsOn : day),
    next: endsOn && endsOn <= day ? null : firstOnOrAfter(rule, nextDay(day)),
  };
}

describe('dates computed by SQL', () => {
  it('weekly, monthly and annual: the SQL arithmetic answers what rrule does, on any day', async () => {
    const starts = ['2000-01-31', '2000-02-29', '2024-02-29', '2025-03-15', '2026-12-31', '2001-05-30', '2026-01-28'];
    const days = ['1999-12-31', '2000-03-31', '2001-02-28', '2024-02-28', '2025-02-28', '2026-02-28', '2028-02-29'];
    days.push(today, nextDay(today), addDays(today, 40), '2030-04-30', '2030-05-31', '2031-12-31', '2099-12-31');
    let checked = 0;
    for (const recurrence of ['weekly', 'monthly', 'annual'] as const)
      for (const startDate of starts)
        for (const untilDate of [null, '2030-05-30']) {
          const rule: PlanRule = { recurrence, rrule: null, startDate, untilDate };
          const { endsOn } = summarise(rule);
          for (const day of days) {
            const [row] = await t.sql<{ last: string | null; next: string | null }>(
              `select to_char(maintenance_last_due(?, ?::date, ?::date, null, ?::date), 'YYYY-MM-DD') as last,
                      to_char(maintenance_next_due(?, ?::date, ?::date, null, ?::date), 'YYYY-MM-DD') as next`,
              [recurrence, startDate, endsOn, day, recurrence, startDate, endsOn, day],
            );
            expect(row, `${recurrence} ${startDate}..${untilDate} on ${day}`).toEqual(expected(rule, endsOn, day));
            checked++;
          }
        }
    expect(checked).toBe(3 * 7 * 2 * 14);
  });

  it('custom rules: the dates stored on write answer the following days (the calendar moves, no rewrite)', async () => {
    const rules = ['FREQ=DAILY', 'FREQ=WEEKLY;BYDAY=MO,WE,FR', 'FREQ=MONTHLY;BYDAY=1MO', 'FREQ=DAILY;INTERVAL=3;COUNT=40'];
    for (const rrule of rules) {
      const p = await create({ ...daily, title: rrule, rrule, startDate: addDays(today, -100) });
      const rule: PlanRule = { recurrence: 'rrule', rrule, startDate: p.startDate, untilDate: null };
      for (let n = 0; n <= 400; n += 7) {
        const day = addDays(today, n);
        const [row] = await t.sql<{ last: string | null; next: string | null }>(
          `select to_char(maintenance_last_due(recurrence, start_date, ends_on, dates, ?::date), 'YYYY-MM-DD') as last,
                  to_char(maintenance_next_due(recurrence, start_date, ends_on, dates, ?::date), 'YYYY-MM-DD') as next
             from maintenance_plans where id = ?`,
          [day, day, p.id],
        );
        expect(row, `${rrule} on ${day}`).toEqual(expected(rule, p.endsOn, day));
      }
    }
  });

  it('lists a daily plan from 2000 from its stored dates: filter and sort by state and next date in SQL', async () => {
    const p = await create(daily);
    expect(p).toMatchObject({ lastDue: today, nextDue: nextDay(today), status: 'pending', lastDone: false });
    const [{ n }] = await t.sql<{ n: number }>('select cardinality(dates) as n from maintenance_plans where id = ?', [p.id]);
    expect(n).toBeGreaterThan(1000);
    const pending = await call('GET', listQuery({ range: [0, 99], filter: { status: 'pending' }, sort: ['nextDue', 'ASC'] }));
    expect(pending.statusCode, pending.body).toBe(200);
    const items = pending.json() as { id: string; status: string; nextDue: string | null }[];
    expect(items.map((i) => i.id)).toContain(p.id);
    expect(items.every((i) => i.status === 'pending')).toBe(true);
    const next = items.map((i) => i.nextDue ?? '9999');
    expect([...next].sort()).toEqual(next);
    // The bell's count is the list's pending count.
    const total = Number(pending.headers['content-range']?.toString().split('/')[1]);
    expect((await call('GET', '/pending')).json().count).toBe(total);
    // Reads take the stored dates as they are (no rrule): emptied, the plan has no dates until its next write.
    await t.sql("update maintenance_plans set dates = '{}' where id = ?", [p.id]);
    expect((await call('GET', `/${p.id}`)).json()).toMatchObject({ lastDue: null, nextDue: null });
    const put = await call('PUT', `/${p.id}`, { supplier: 'Refresca' });
    expect(put.json()).toMatchObject({ lastDue: today, nextDue: nextDay(today) });
    const occ = (await call('GET', `/${p.id}/occurrences`)).json();
    expect(occ.past.map((o: { date: string }) => o.date)).toEqual([0, -1, -2, -3, -4].map((d) => addDays(today, d)));
    expect(occ.upcoming).toHaveLength(10);
  });
});

describe('marking a date done, and undoing it', () => {
  it('bounds the date before rrule runs: 422 at once for a date after today, before the start or past the end', async () => {
    const p = await create(daily);
    const cases: [string, string][] = [
      ['9999-12-31', MAINTENANCE_MESSAGES.doneFuture],
      [nextDay(today), MAINTENANCE_MESSAGES.doneFuture],
      ['1999-12-31', MAINTENANCE_MESSAGES.doneBeforeStart],
    ];
    for (const [date, message] of cases) {
      const started = Date.now();
      const res = await call('POST', `/${p.id}/done`, { date });
      expect(res.statusCode, date).toBe(422);
      expect(res.json()).toMatchObject({ message, errors: { date: message } });
      expect(Date.now() - started, date).toBeLessThan(1000);
    }
    const ended = await create({ ...daily, rrule: 'FREQ=DAILY;COUNT=3', title: 'Tres días' });
    const past = await call('POST', `/${ended.id}/done`, { date: '2000-01-04' });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors).toEqual({ date: MAINTENANCE_MESSAGES.doneAfterEnd });
    expect((await call('POST', `/${ended.id}/done`, { date: '2000-01-03' })).statusCode).toBe(200);
  });

  it('undoes a done mark (audited), answers 404 when the date is not done, 422 out of bounds', async () => {
    const p = await create({ ...daily, title: 'Deshacer' });
    expect((await call('POST', `/${p.id}/done`, { date: today, notes: 'Hecho' })).json()).toMatchObject({ lastDone: true });
    const undo = await call('DELETE', `/${p.id}/done/${today}`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toMatchObject({ status: 'pending', lastDone: false, lastDue: today });
    const [row] = await t.sql<{ done_at: unknown; notes: unknown }>(
      'select done_at, notes from maintenance_occurrences where plan_id = ? and due_on = ?::date',
      [p.id, today],
    );
    expect(row).toEqual({ done_at: null, notes: null });
    const again = await call('DELETE', `/${p.id}/done/${today}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(MAINTENANCE_MESSAGES.notDone);
    expect((await call('DELETE', `/${p.id}/done/9999-12-31`)).statusCode).toBe(422);
    expect((await call('DELETE', `/${p.id}/done/2026-13-45`)).statusCode).toBe(400);
    expect((await call('DELETE', `/${p.id}/done/x`)).statusCode).toBe(400);
    const log = await t.sql<{ action: string; changes: { date: string; notes: string } }>(
      'select action, changes from audit_logs where resource = ? and record_id = ? order by at',
      ['maintenance-plans', p.id],
    );
    expect(log.map((r) => r.action)).toEqual(['create', 'done', 'undone']);
    expect(log[2].changes).toMatchObject({ date: today, notes: 'Hecho' });
    // Marked again after the undo.
    expect((await call('POST', `/${p.id}/done`, { date: today })).statusCode).toBe(200);
    // Guards and other complexes' administrators cannot.
    expect([403, 404]).toContain(
      (await call('DELETE', `/${p.id}/done/${today}`, undefined, await t.login('guardia@demo.test'))).statusCode,
    );
    expect((await call('DELETE', `/${p.id}/done/${today}`, undefined, await t.login('admin2@demo.test'))).statusCode).toBe(404);
  });
});

describe('the bell', () => {
  it('GET /pending reads only: it queues no reminder job even with a due date not reminded', async () => {
    await create({ ...daily, title: 'Sin recordar' });
    const staff = await t.login('superadmin@demo.test');
    const modules = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/complexes/${complexId}/modules`, headers: staff, payload });
    await modules({ Recordatorios: true });
    const jobs = async () =>
      (await t.sql<{ n: number }>("select count(*)::int as n from pgboss.job where name like '%reminders%'"))[0].n;
    const before = await jobs();
    const res = await call('GET', '/pending');
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBeGreaterThan(0);
    expect(await jobs()).toBe(before);
    await modules({ Recordatorios: false });
  });
});
