import { businessDay } from '@conjunto/core';
import { listQuery, startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthsBefore, nextDay } from '../server/plans.ts';

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
const create = (payload: object) => call('POST', '', payload);
const plan = { title: 'Revisión de generador', recurrence: 'weekly', startDate: today };

describe('maintenance plans (spec 002 §3, §4, §9)', () => {
  it('creates a weekly plan with its cost in cents, supplier and ManFuturo, and computes its dates', async () => {
    const res = await create({ ...plan, supplier: 'Energía S.A.', cost: 120.1, isFuture: true, description: 'Carga y aceite' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      recurrence: 'weekly',
      intervalDays: 7,
      cost: 120.1,
      supplier: 'Energía S.A.',
      isFuture: true,
      endsOn: null,
      status: 'pending',
      lastDue: today,
      nextDue: addDays(today, 7),
    });
    const [row] = await t.sql<{ cost: string }>('select cost::text as cost from maintenance_plans where id = ?', [body.id]);
    expect(row.cost).toBe('120.10');
    const occ = (await call('GET', `/${body.id}/occurrences`)).json();
    expect(occ.upcoming.map((o: { date: string }) => o.date)).toEqual(
      Array.from({ length: 10 }, (_, i) => addDays(today, 7 * (i + 1))),
    );
    expect(occ.past).toEqual([expect.objectContaining({ date: today, done: false, overdue: false })]);
    // Audited.
    const log = await t.sql('select action from audit_logs where resource = ? and record_id = ?', ['maintenance-plans', body.id]);
    expect(log.map((r) => r.action)).toEqual(['create']);
  });

  it('monthly and annual plans keep the day, or the month end when shorter', async () => {
    const monthly = (await create({ ...plan, recurrence: 'monthly', startDate: '2031-01-31' })).json();
    expect(monthly.intervalDays).toBe(30);
    const occ = (await call('GET', `/${monthly.id}/occurrences`)).json();
    expect(occ.upcoming.slice(0, 3).map((o: { date: string }) => o.date)).toEqual(['2031-01-31', '2031-02-28', '2031-03-31']);
    const annual = (await create({ ...plan, recurrence: 'annual', startDate: '2032-02-29' })).json();
    expect(annual.intervalDays).toBe(365);
    const occA = (await call('GET', `/${annual.id}/occurrences`)).json();
    expect(occA.upcoming.slice(0, 2).map((o: { date: string }) => o.date)).toEqual(['2032-02-29', '2033-02-28']);
  });

  it('takes any RRULE repeating at most daily, and its UNTIL or COUNT ends the plan', async () => {
    const res = await create({
      ...plan,
      recurrence: 'rrule',
      rrule: 'RRULE:freq=monthly;byday=1MO;count=3',
      startDate: '2030-01-01',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ rrule: 'FREQ=MONTHLY;BYDAY=1MO;COUNT=3', endsOn: '2030-03-04', status: 'scheduled' });
    const until = await create({
      ...plan,
      recurrence: 'rrule',
      rrule: 'FREQ=WEEKLY;BYDAY=TU,TH',
      startDate: '2030-01-01',
      untilDate: '2030-01-10',
    });
    expect(until.json().endsOn).toBe('2030-01-10');
  });

  it('refuses garbage rules, sub-daily frequencies, huge COUNTs and rules with no date, with 400 and quickly', async () => {
    const cases: [string, string][] = [
      ['garbage', 'La regla de recurrencia (RRULE) no es válida.'],
      ['FREQ=WEEKLY;DTSTART=20200101T000000Z', 'La regla de recurrencia (RRULE) no es válida.'],
      ['FREQ=WEEKLY\nEXDATE:20300101', 'La regla de recurrencia (RRULE) no es válida.'],
      ['FREQ=DAILY;INTERVAL=0', 'La regla de recurrencia (RRULE) no es válida.'],
      ['FREQ=DAILY;BYDAY=XX', 'La regla de recurrencia (RRULE) no es válida.'],
      ['FREQ=DAILY;FREQ=WEEKLY', 'La regla de recurrencia (RRULE) no es válida.'],
      ['FREQ=SECONDLY', 'La regla de recurrencia no puede repetirse más de una vez al día.'],
      ['FREQ=HOURLY;COUNT=5', 'La regla de recurrencia no puede repetirse más de una vez al día.'],
      ['FREQ=DAILY;COUNT=100000000', 'La regla de recurrencia admite como máximo 1000 repeticiones (COUNT).'],
      ['', 'Ingrese la regla de recurrencia (RRULE).'],
    ];
    for (const [rrule, message] of cases) {
      const started = Date.now();
      const res = await create({ ...plan, recurrence: 'rrule', rrule });
      expect(res.statusCode, rrule).toBe(400);
      expect(res.json().errors, rrule).toEqual({ rrule: message });
      expect(Date.now() - started, rrule).toBeLessThan(1500);
    }
    // A rule that never gives a date (rrule would scan day by day to the year 9999): stopped by the time limit.
    const started = Date.now();
    const never = await create({ ...plan, recurrence: 'rrule', rrule: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30' });
    expect(never.statusCode).toBe(400);
    expect(never.json().errors).toEqual({ rrule: 'La regla de recurrencia no produce ninguna fecha.' });
    expect(Date.now() - started).toBeLessThan(5000);
    // The server still answers at once.
    const quick = Date.now();
    expect((await call('GET', listQuery({ range: [0, 4] }))).statusCode).toBe(200);
    expect(Date.now() - quick).toBeLessThan(1000);
  });

  it('validates the fields: required title, dates, cost with 2 decimals, closed bodies', async () => {
    const cases: [object, string][] = [
      [{ ...plan, title: '   ' }, 'title'],
      [{ ...plan, recurrence: 'daily' }, 'recurrence'],
      [{ ...plan, startDate: '2026-02-30' }, 'startDate'],
      [{ ...plan, untilDate: addDays(today, -1) }, 'untilDate'],
      [{ ...plan, cost: 1.234 }, 'cost'],
      [{ ...plan, cost: -1 }, 'cost'],
      [{ ...plan, title: 'a\u0000b' }, 'title'],
    ];
    for (const [payload, field] of cases) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(payload)).toContain(field);
    }
    // A complex named in the body is not taken: the plan is the path's complex's.
    const other = await t.complexId('alamos');
    const sneaky = await create({ ...plan, title: 'Intruso', complexId: other, id: '01a2002d-0000-7000-8000-000000000000' });
    const [row] = await t.sql<{ complex_id: string; id: string }>(
      'select complex_id, id from maintenance_plans where title = ?',
      ['Intruso'],
    );
    expect(row).toEqual({ complex_id: complexId, id: sneaky.json().id });
    expect(row.id).not.toBe('01a2002d-0000-7000-8000-000000000000');
  });

  it('marks an occurrence done once; a date that is not one of the plan refuses', async () => {
    const p = (await create({ ...plan, title: 'Limpieza de cisterna' })).json();
    expect((await call('POST', `/${p.id}/done`, { date: addDays(today, 7) })).statusCode).toBe(422);
    expect((await call('POST', `/${p.id}/done`, { date: nextDay(today) })).statusCode).toBe(422);
    const done = await call('POST', `/${p.id}/done`, { date: today, notes: 'Sin novedad' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'upToDate', lastDone: true });
    const again = await call('POST', `/${p.id}/done`, { date: today });
    expect(again.statusCode).toBe(409);
    const occ = (await call('GET', `/${p.id}/occurrences`)).json();
    expect(occ.past[0]).toMatchObject({ date: today, done: true, notes: 'Sin novedad', doneByName: expect.any(String) });
    const log = await t.sql('select action from audit_logs where resource = ? and record_id = ? order by at', [
      'maintenance-plans',
      p.id,
    ]);
    expect(log.map((r) => r.action)).toEqual(['create', 'done']);
  });

  it('lists open plans and those ended within the last 6 months, not older ones (spec 002 §9)', async () => {
    const recent = (
      await create({
        ...plan,
        title: 'Terminó hace 3 meses',
        startDate: monthsBefore(today, 5),
        untilDate: monthsBefore(today, 3),
      })
    ).json();
    const old = (
      await create({
        ...plan,
        title: 'Terminó hace 8 meses',
        startDate: monthsBefore(today, 10),
        untilDate: monthsBefore(today, 8),
      })
    ).json();
    expect(recent.status).toBe('ended');
    const list = await call('GET', listQuery({ range: [0, 99] }));
    const ids = list.json().map((p: { id: string }) => p.id);
    expect(ids).toContain(recent.id);
    expect(ids).not.toContain(old.id);
    const ended = (await call('GET', listQuery({ range: [0, 99], filter: { ended: true } }))).json();
    expect(ended.every((p: { status: string }) => p.status === 'ended')).toBe(true);
    expect(ended.map((p: { id: string }) => p.id)).toContain(recent.id);
    // The old one is still readable by id.
    expect((await call('GET', `/${old.id}`)).statusCode).toBe(200);
    const csv = await call('GET', `/export?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Terminó hace 3 meses');
  });

  it('answers the bell: pending plans (due today or overdue, not done), 5 newest, and publishes changes', async () => {
    const res = await call('GET', '/pending');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBeGreaterThan(0);
    expect(body.latest.length).toBeLessThanOrEqual(5);
    const ats = body.latest.map((l: { at: string }) => l.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    for (const l of body.latest) expect(l.at <= today).toBe(true);
    // Marking the newest done takes it off.
    const first = body.latest[0];
    await call('POST', `/${first.id}/done`, { date: first.at });
    const after = (await call('GET', '/pending')).json();
    expect(after.count).toBe(body.count - 1);
    expect(after.latest.map((l: { id: string }) => l.id)).not.toContain(first.id);
    // Residents and guards have no access; another complex's administrator gets 404.
    expect([403, 404]).toContain((await call('GET', '/pending', undefined, await t.login('guardia@demo.test'))).statusCode);
    expect((await call('GET', '/pending', undefined, await t.login('admin2@demo.test'))).statusCode).toBe(404);
  });

  it("reminds the administrators by e-mail once per due date while 'Recordatorios' is on", async () => {
    const staff = await t.login('superadmin@demo.test');
    await t.app.inject({
      method: 'PUT',
      url: `/api/complexes/${complexId}/modules`,
      headers: staff,
      payload: { Recordatorios: true },
    });
    // The write queues the reminder (a read of the bell queues nothing); an overdue date's goes at once (today's would
    // wait for 07:00 in Guayaquil).
    const p = (
      await create({ ...plan, title: 'Recordar hoy', startDate: businessDay(new Date(Date.now() - 2 * 86_400_000)) })
    ).json();
    const deadline = Date.now() + 30_000;
    let mails: { subject: string; text: string }[] = [];
    while (Date.now() < deadline) {
      mails = await t.sql("select subject, text from mail_outbox where complex_id = ? and category = 'maintenance.reminder'", [
        complexId,
      ]);
      if (mails.length) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(mails.length).toBe(1);
    expect(mails[0].text).toContain('Recordar hoy');
    // Another write finds nothing left to remind: no second e-mail.
    await call('PUT', `/${p.id}`, { supplier: 'Otro' });
    await new Promise((r) => setTimeout(r, 1500));
    const [{ n }] = await t.sql<{ n: number }>(
      "select count(*)::int as n from mail_outbox where complex_id = ? and category = 'maintenance.reminder'",
      [complexId],
    );
    expect(n).toBe(1);
  });

  it("reminds every morning from the daily schedule, with no write, and carries custom rules' dates forward", async () => {
    const staff = await t.login('superadmin@demo.test');
    const modules = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/complexes/${complexId}/modules`, headers: staff, payload });
    const reminders = async () =>
      (
        await t.sql<{ n: number }>(
          "select count(*)::int as n from mail_outbox where complex_id = ? and category = 'maintenance.reminder' and text like '%Sin escribir%'",
          [complexId],
        )
      )[0].n;
    // Written while reminders are off: nothing is queued by the write.
    await modules({ Recordatorios: false });
    expect((await create({ ...plan, title: 'Sin escribir', startDate: addDays(today, -1) })).statusCode).toBe(201);
    const custom = (
      await create({ ...plan, title: 'Regla propia', recurrence: 'rrule', rrule: 'FREQ=MONTHLY;BYDAY=1MO' })
    ).json();
    // The complex's one daily schedule, at 07:00 in Guayaquil (12:00 UTC).
    const schedules = await t.sql<{ rrule: string; next: Date }>(
      "select rrule, next_run_at as next from host_schedules where complex_id = ? and plugin = 'maintenance'",
      [complexId],
    );
    expect(schedules).toHaveLength(1);
    expect(schedules[0].rrule).toBe('FREQ=DAILY');
    expect(new Date(schedules[0].next).getUTCHours()).toBe(12);
    // A custom plan saved before its dates were stored, and reminders switched on with no plan write.
    await t.sql('update maintenance_plans set dates = null where id = ?', [custom.id]);
    await modules({ Recordatorios: true });
    const run = async () => {
      const [{ next }] = await t.sql<{ next: Date }>(
        "select next_run_at as next from host_schedules where complex_id = ? and plugin = 'maintenance'",
        [complexId],
      );
      expect((await t.app.schedules.tick(new Date(new Date(next).getTime() + 1000))).submitted).toBeGreaterThan(0);
      const deadline = Date.now() + 20_000;
      for (;;) {
        const [{ n }] = await t.sql<{ n: number }>(
          "select count(*)::int as n from pgboss.job where name = 'maintenance.reminders' and state in ('created', 'retry', 'active')",
        );
        if (n === 0 || Date.now() > deadline) return;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    await run();
    expect(await reminders()).toBe(1);
    expect((await call('GET', `/${custom.id}`)).json().nextDue).not.toBeNull();
    const [{ n: stored }] = await t.sql<{ n: number }>(
      'select cardinality(dates)::int as n from maintenance_plans where id = ?',
      [custom.id],
    );
    expect(stored).toBeGreaterThan(30);
    // A plan write keeps the schedule's next run (setting it again would move it on from now, skipping one).
    const nextRun = async () =>
      (
        await t.sql<{ next: Date }>(
          "select next_run_at as next from host_schedules where complex_id = ? and plugin = 'maintenance'",
          [complexId],
        )
      )[0].next;
    const before = await nextRun();
    expect((await call('PUT', `/${custom.id}`, { supplier: 'Bombas S.A.' })).statusCode).toBe(200);
    expect(await nextRun()).toEqual(before);
    // The next morning's run finds the date reminded: no second e-mail.
    await run();
    expect(await reminders()).toBe(1);
    // The last plan deleted, the schedule goes with it.
    const rest = await t.sql<{ id: string }>('select id from maintenance_plans where complex_id = ?', [complexId]);
    for (const r of rest) await call('DELETE', `/${r.id}`);
    expect(await t.sql("select 1 from host_schedules where complex_id = ? and plugin = 'maintenance'", [complexId])).toHaveLength(
      0,
    );
  });

  it('edits and deletes with audit; another complex answers 404; the switch off hides it', async () => {
    const p = (await create({ ...plan, title: 'Editar' })).json();
    const put = await call('PUT', `/${p.id}`, { recurrence: 'rrule', rrule: 'FREQ=YEARLY', cost: 10 });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ recurrence: 'rrule', rrule: 'FREQ=YEARLY', cost: 10 });
    const other = await t.complexId('alamos');
    const cross = await t.app.inject({ method: 'GET', url: `/api/complexes/${other}/maintenance-plans/${p.id}`, headers: admin });
    expect(cross.statusCode).toBe(404);
    expect((await call('DELETE', `/${p.id}`)).statusCode).toBe(200);
    const log = await t.sql(
      "select action from audit_logs where resource = ? and record_id = ? and action <> 'remind' order by at",
      ['maintenance-plans', p.id],
    );
    expect(log.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    const staff = await t.login('superadmin@demo.test');
    await t.app.inject({
      method: 'PUT',
      url: `/api/complexes/${complexId}/modules`,
      headers: staff,
      payload: { Mantenimiento: false },
    });
    expect((await call('GET', listQuery({}))).statusCode).toBe(404);
    await t.app.inject({
      method: 'PUT',
      url: `/api/complexes/${complexId}/modules`,
      headers: staff,
      payload: { Mantenimiento: true },
    });
  });
});
