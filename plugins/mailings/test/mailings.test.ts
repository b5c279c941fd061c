import { newId } from '@conjunto/core';
import { listQuery, startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let t: TestServer;
let alamos: string;
let bosque: string;
let base: string;
let admin: { authorization: string };

beforeAll(async () => {
  t = await startTestServer();
  alamos = await t.complexId('alamos');
  bosque = await t.complexId('bosque');
  base = `/api/complexes/${alamos}`;
  admin = await t.login('admin@demo.test');
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object, headers = admin) =>
  t.app.inject({ method, url: `${base}${path}`, headers, payload });

/** Guayaquil wall time `days` from now at `time`. */
const localAt = (days: number, time: string) =>
  `${new Date(Date.now() - 5 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10)}T${time}`;
/** The instant of a Guayaquil wall time. */
const instant = (local: string) => new Date(`${local}:00-05:00`);

async function someUnit(complexId: string): Promise<{ unitId: string; emails: number }> {
  const [row] = await t.sql<{ unit_id: string; n: number }>(
    `select unit_id, count(distinct lower(email))::int as n from directory_people
      where residence_complex_id = ? and unit_id is not null and is_active and email is not null
      group by unit_id order by count(*) desc, unit_id limit 1`,
    [complexId],
  );
  return { unitId: row.unit_id, emails: row.n };
}

const mailsOf = async (subject: string) =>
  (
    await t.sql<{ n: number }>('select count(*)::int as n from mail_outbox where complex_id = ? and subject = ?', [
      alamos,
      subject,
    ])
  )[0].n;

/** Until no send job is queued or running. */
async function idle(timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await t.sql<{ n: number }>(
      "select count(*)::int as n from pgboss.job where name = 'mailings.send' and state in ('created', 'retry', 'active')",
    );
    if (row.n === 0) return;
    if (Date.now() > deadline) throw new Error('send jobs still running');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('scheduled e-mails (programados)', () => {
  it('creates, lists with the next run, edits and deletes, auditing each write', async () => {
    const startAt = localAt(2, '09:30');
    const res = await call('POST', '/mailings', {
      subject: '  Corte de agua  ',
      body: 'El martes no habrá agua de 08:00 a 12:00.',
      audience: 'all',
      recurrence: 'once',
      startAt,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ subject: 'Corte de agua', status: 'active', isActive: true, lastRunAt: null });
    expect(created.nextRunAt).toBe(instant(startAt).toISOString());

    const list = await t.app.inject({
      method: 'GET',
      url: `${base}/mailings${listQuery({ filter: { q: 'agua' } })}`,
      headers: admin,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((m: { id: string }) => m.id)).toContain(created.id);

    // Weekly from the same start: the next run stays the start; deactivated: no next run.
    const weekly = await call('PUT', `/mailings/${created.id}`, { recurrence: 'weekly' });
    expect(weekly.json()).toMatchObject({ recurrence: 'weekly', nextRunAt: instant(startAt).toISOString() });
    const off = await call('PUT', `/mailings/${created.id}`, { isActive: false });
    expect(off.json()).toMatchObject({ isActive: false, status: 'inactive', nextRunAt: null });
    expect(await t.sql('select 1 from host_schedules where key = ?', [created.id])).toHaveLength(0);

    expect((await call('DELETE', `/mailings/${created.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/mailings/${created.id}`)).statusCode).toBe(404);
    const log = await t.sql<{ action: string }>(
      'select action from audit_logs where resource = ? and record_id = ? order by at, id',
      ['mailings', created.id],
    );
    expect(log.map((r) => r.action)).toEqual(['create', 'update', 'update', 'delete']);
  });

  it('monthly on the 31st runs on the month end of shorter months', async () => {
    const res = await call('POST', '/mailings', {
      subject: 'Fin de mes',
      body: 'Cierre.',
      audience: 'owners',
      recurrence: 'monthly',
      startAt: '2031-01-31T08:00',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().nextRunAt).toBe('2031-01-31T13:00:00.000Z');
    const { nextOccurrence } = await import('../../../server/src/schedules.ts');
    const rule = { start: new Date('2031-01-31T13:00:00Z'), rrule: 'FREQ=MONTHLY;BYMONTHDAY=31,-1;BYSETPOS=1' };
    const feb = nextOccurrence(rule, new Date('2031-01-31T13:00:00Z'));
    expect(feb?.toISOString()).toBe('2031-02-28T13:00:00.000Z');
    expect(nextOccurrence(rule, feb as Date)?.toISOString()).toBe('2031-03-31T13:00:00.000Z');
  });

  it('refuses bad input with 4xx and writes nothing', async () => {
    const before = await t.sql<{ n: number }>('select count(*)::int as n from mailings');
    const good = { subject: 'Hola', body: 'Texto', audience: 'all', recurrence: 'daily', startAt: localAt(1, '08:00') };
    const bad: [object, number][] = [
      [{ ...good, subject: '   ' }, 400],
      [{ ...good, subject: 'x'.repeat(151) }, 400],
      [{ ...good, body: 'x'.repeat(5001) }, 400],
      [{ ...good, audience: 'everyone' }, 400],
      [{ ...good, recurrence: 'hourly' }, 400],
      [{ ...good, startAt: '2026-02-30T08:00' }, 400],
      [{ ...good, startAt: 'Infinity' }, 400],
      [{ ...good, startAt: '9999-12-31T20:00' }, 400],
      [{ ...good, recurrence: 'once', startAt: '9999-12-31T23:59' }, 400],
      [{ ...good, subject: 'a\u0000b' }, 400],
      [{ ...good, recurrence: 'once', startAt: localAt(-1, '08:00') }, 400],
      [{ ...good, audience: 'units' }, 400],
      [{ ...good, audience: 'units', unitIds: [(await someUnit(bosque)).unitId] }, 400],
      [{ ...good, audience: 'units', unitIds: ['not-a-uuid'] }, 400],
      [{ ...good, audience: 'units', unitIds: Array.from({ length: 501 }, () => newId()) }, 400],
    ];
    for (const [payload, status] of bad) {
      const res = await call('POST', '/mailings', payload);
      expect(res.statusCode, `${JSON.stringify(payload).slice(0, 120)} ${res.body}`).toBe(status);
    }
    expect(await t.sql<{ n: number }>('select count(*)::int as n from mailings')).toEqual(before);
    // A body naming another complex is read without it: the mailing is the path's complex's.
    const res = await call('POST', '/mailings', { ...good, complexId: bosque });
    expect(res.statusCode).toBe(201);
    const [row] = await t.sql<{ complex_id: string }>('select complex_id from mailings where id = ?', [res.json().id]);
    expect(row.complex_id).toBe(alamos);
    expect((await call('PUT', '/mailing-settings', { replyTo: 'no es correo' })).statusCode).toBe(400);
    expect((await call('PUT', '/mailing-settings', { defaultTime: '25:00' })).statusCode).toBe(400);
  });

  it("answers 404 for another complex's mailing and while the switch is off", async () => {
    const created = (
      await call('POST', '/mailings', {
        subject: 'Mío',
        body: 'x',
        audience: 'all',
        recurrence: 'daily',
        startAt: localAt(1, '07:00'),
      })
    ).json();
    const other = `/api/complexes/${bosque}/mailings/${created.id}`;
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: other,
        headers: admin,
        payload: method === 'PUT' ? { subject: 'robado' } : undefined,
      });
      expect(res.statusCode, `${method} ${res.body}`).toBe(404);
    }
    expect((await t.app.inject({ method: 'POST', url: `${other}/send`, headers: admin })).statusCode).toBe(404);
    expect((await call('GET', `/mailings/${created.id}`)).json().subject).toBe('Mío');
    // Switch off for the complex: every route 404.
    await t.sql(`update complexes set modules = modules || '{"CorreosProgramados": false}'::jsonb where id = ?`, [alamos]);
    try {
      expect((await call('GET', '/mailings')).statusCode).toBe(404);
      expect((await call('GET', '/mailing-settings')).statusCode).toBe(404);
      expect((await call('POST', `/mailings/${created.id}/send`)).statusCode).toBe(404);
    } finally {
      await t.sql(`update complexes set modules = modules || '{"CorreosProgramados": true}'::jsonb where id = ?`, [alamos]);
    }
    // The board reads no mailings.
    expect((await call('GET', '/mailings', undefined, await t.login('directiva@demo.test'))).statusCode).toBe(403);
  });

  it('a schedule firing queues exactly one e-mail per recipient, even when the job or the tick runs twice', async () => {
    const { unitId, emails } = await someUnit(alamos);
    expect(emails).toBeGreaterThan(0);
    const startAt = localAt(1, '06:15');
    const subject = `Programado ${newId()}`;
    const created = (
      await call('POST', '/mailings', {
        subject,
        body: 'Recordatorio.',
        audience: 'units',
        unitIds: [unitId],
        recurrence: 'daily',
        startAt,
      })
    ).json();
    expect(created.nextRunAt).toBe(instant(startAt).toISOString());
    const due = new Date(instant(startAt).getTime() + 1000);
    // Two processes' tickers at once: one lease wins.
    const ticks = await Promise.all([t.app.schedules.tick(due), t.app.schedules.tick(due)]);
    expect(ticks.reduce((n, r) => n + r.submitted, 0)).toBe(1);
    await idle();
    expect(await mailsOf(subject)).toBe(emails);
    // The same occurrence submitted again (a crash before the schedule moved on): nothing more is sent.
    await t.app.jobs.submit(
      'mailings',
      { complexId: alamos, userId: null },
      'send',
      { mailingId: created.id },
      {},
      { key: created.id, occurrence: instant(startAt).toISOString() },
    );
    await idle();
    expect(await mailsOf(subject)).toBe(emails);
    // The schedule moved on a day; the same tick again submits nothing.
    expect((await t.app.schedules.tick(due)).submitted).toBe(0);
    const shown = (await call('GET', `/mailings/${created.id}`)).json();
    expect(shown.nextRunAt).toBe(new Date(instant(startAt).getTime() + 86_400_000).toISOString());
    expect(shown).toMatchObject({ lastRunCount: emails });
    const runs = await t.sql('select run_key from mailing_runs where mailing_id = ?', [created.id]);
    expect(runs).toHaveLength(1);
    // A server down for three days runs the missed daily mail once, not three times; and late beyond the grace, not at all.
    const late = new Date(instant(startAt).getTime() + 3 * 86_400_000 + 60_000);
    await t.app.schedules.tick(late);
    await idle();
    expect(await mailsOf(subject)).toBe(emails);
    const [state] = await t.sql<{ next: Date }>('select next_run_at as next from host_schedules where key = ?', [created.id]);
    expect(new Date(state.next).toISOString()).toBe(new Date(instant(startAt).getTime() + 4 * 86_400_000).toISOString());
  });

  it("'Enviar ahora' runs a job with progress; the complex's sender name and reply-to go with each mail; paused schedules send nothing", async () => {
    const { unitId, emails } = await someUnit(alamos);
    const put = await call('PUT', '/mailing-settings', {
      senderName: 'Administración Los Álamos',
      replyTo: 'oficina@alamos.test',
    });
    expect(put.statusCode, put.body).toBe(200);
    const subject = `Ahora ${newId()}`;
    const startAt = localAt(1, '05:00');
    const created = (
      await call('POST', '/mailings', {
        subject,
        body: 'Ya.',
        audience: 'units',
        unitIds: [unitId],
        recurrence: 'daily',
        startAt,
      })
    ).json();
    const sent = await call('POST', `/mailings/${created.id}/send`);
    expect(sent.statusCode, sent.body).toBe(202);
    await idle();
    const job = (await call('GET', `/jobs/${sent.json().jobId}`)).json();
    expect(job).toMatchObject({ state: 'completed', progress: { done: emails, total: emails } });
    const mails = await t.sql<{ from_name: string; reply_to: string; to_addresses: string[] }>(
      'select from_name, reply_to, to_addresses from mail_outbox where subject = ?',
      [subject],
    );
    expect(mails).toHaveLength(emails);
    expect(mails[0]).toMatchObject({ from_name: 'Administración Los Álamos', reply_to: 'oficina@alamos.test' });
    expect(mails.every((m) => m.to_addresses.length === 1)).toBe(true);
    // The history (the host's outbox) finds them by recipient, and exports.
    const to = mails[0].to_addresses[0];
    const history = await t.app.inject({
      method: 'GET',
      url: `${base}/mail-outbox${listQuery({ filter: { to: to.toUpperCase(), q: subject } })}`,
      headers: admin,
    });
    expect(
      history.json().map((m: { to: string[] }) => m.to),
      JSON.stringify(mails.map((m) => m.to_addresses)),
    ).toEqual([[to]]);
    const csv = await t.app.inject({ method: 'GET', url: `${base}/mail-outbox/export?format=csv`, headers: admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Intentos');

    // Paused: the schedule's occurrence is skipped by the job, and the list says so.
    await call('PUT', '/mailing-settings', { paused: true });
    expect((await call('GET', `/mailings/${created.id}`)).json().status).toBe('paused');
    await t.app.schedules.tick(new Date(instant(startAt).getTime() + 1000));
    await idle();
    expect(await mailsOf(subject)).toBe(emails);
    await call('PUT', '/mailing-settings', { paused: false });
    const audit = await t.sql('select 1 from audit_logs where resource = ? and action = ?', ['mailing-settings', 'update']);
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('offers the overdue-debts audience only while accounting is on', async () => {
    const on = (await call('GET', '/mailings/options')).json();
    const [c] = await t.sql<{ on: boolean }>(
      "select coalesce((modules->>'Contabilidad')::boolean, false) as on from complexes where id = ?",
      [alamos],
    );
    expect(on.arrears).toBe(c.on);
    await t.sql(`update complexes set modules = modules || '{"Contabilidad": false}'::jsonb where id = ?`, [alamos]);
    try {
      expect((await call('GET', '/mailings/options')).json().arrears).toBe(false);
      const res = await call('POST', '/mailings', {
        subject: 'Deudas',
        body: 'Pague.',
        audience: 'arrears',
        recurrence: 'daily',
        startAt: localAt(1, '08:00'),
      });
      expect(res.statusCode).toBe(400);
    } finally {
      await t.sql(`update complexes set modules = modules || jsonb_build_object('Contabilidad', ?::boolean) where id = ?`, [
        c.on,
        alamos,
      ]);
    }
  });

  it('has two demo mailings in Los Álamos with their schedules', async () => {
    const rows = await t.sql<{ subject: string; next: Date | null }>(
      `select m.subject, s.next_run_at as next from mailings m left join host_schedules s on s.key = m.id::text
        where m.complex_id = ? and m.subject in ('Recordatorio: pago de alícuota', 'Recolección de reciclaje')`,
      [alamos],
    );
    expect(rows).toHaveLength(2);
  });
});
