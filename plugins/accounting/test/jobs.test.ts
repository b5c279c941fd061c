// Accounting's long work as background jobs (issue 11): statement notices, fee generation and the import of
// charges answer 202 with a job, the job reports "N of M" and completes with the effect; a run cut short (a
// crash mid-run, simulated by aborting the handler's signal after its first group) and run again sends or
// creates nothing twice; the job routes keep tenancy and roles.
import type { JobContext, JobInfo } from '@conjunto/core';
import { multipart } from '@conjunto/server/testing';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountingJobs } from '../server/jobs.ts';
import { openStatementRun } from '../server/notices.ts';
import { type Ledger, startLedger } from './api.ts';

let l: Ledger;
let units: { id: string; number: string }[];
beforeAll(async () => {
  l = await startLedger();
  units = await l.units();
});
afterAll(() => l?.t.close());

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Cobros');
  sheet.addRow(['Casa', 'Nombre', 'Descripción', 'Rubro', 'SubRubro', 'Valor', 'Fecha límite']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * Runs a job's handler as the jobs service does, with a context of the test server. `crashAfter`: the run is
 * cut (its signal aborted, as when the process stops) once it has reported that many done.
 */
async function runHandler(name: string, id: string, data: Record<string, unknown>, crashAfter?: number) {
  const app = l.t.app;
  const [user] = await l.t.sql<{ id: string }>("select id from users where email = 'admin@demo.test'");
  const actor = { complexId: l.complexId, userId: user.id, userName: 'Andrea Administradora' };
  const controller = new AbortController();
  const reported: { done: number; total: number }[] = [];
  const ctx: JobContext = {
    em: app.orm.em.fork(),
    log: app.log,
    signal: controller.signal,
    publish: async () => {},
    files: app.files.forActor(actor),
    workers: { run: () => Promise.reject(new Error('unused')), size: 1 },
    progress: async (done, total) => {
      reported.push({ done, total });
      if (crashAfter !== undefined && done >= crashAfter) controller.abort(new Error('Proceso detenido'));
    },
    queueMail: (em, message) => app.mail.queue(em as never, actor, message),
    queueMails: (em, messages) => app.mail.queueMany(em as never, actor, messages),
    service: () => Promise.reject(new Error('unused')),
    directory: () => {
      throw new Error('unused');
    },
    push: {
      queue: (em, message) => app.push.queue(em as never, message),
      deviceOwners: (scope, tokens) => app.push.deviceOwners(scope, tokens),
    },
    audit: () => {},
    switchOn: () => false,
  };
  const job: JobInfo = { id, name: `accounting.${name}`, complexId: l.complexId, userId: user.id, data, attempt: 0 };
  try {
    return { output: await accountingJobs[name](job, ctx), reported, error: undefined };
  } catch (error) {
    return { output: undefined, reported, error: error as Error };
  }
}

describe('statement notices as a job', () => {
  it('answers 202 with the notice, mails every resident with a unit in the job, and reports each one', async () => {
    const started = Date.now();
    const res = await l.call('POST', '/notices/statements', { recipients: 'all', cutoffDate: '2026-11-01' });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const { jobId, number, total } = res.body;
    expect(total).toBeGreaterThan(10);
    const job = await l.job(jobId, 120_000);
    const ms = Date.now() - started;
    console.log(`statement notices: ${total} residents in ${ms} ms (${Math.round(ms / total)} ms each)`);
    expect(job).toMatchObject({
      name: 'accounting.statementNotices',
      state: 'completed',
      progress: { done: total, total },
      output: { number, queued: total, securityCode: res.body.securityCode },
    });
    const [{ n }] = await l.t.sql<{ n: number }>(
      "select count(*)::int as n from mail_outbox where complex_id = ? and category = 'accounting.statement' and subject like ?",
      [l.complexId, `Aviso de cobro N° ${number}:%`],
    );
    expect(n).toBe(total);
    // The admin finds the job again after a reload: the newest of its kind.
    const listed = await l.call('GET', '/jobs?name=accounting.statementNotices');
    expect(listed.status).toBe(200);
    expect(listed.body[0]).toMatchObject({ id: jobId, state: 'completed', progress: { done: total, total } });
    expect((await l.call('GET', '/jobs?name=accounting.statementNotices&active=true')).body).toEqual([]);
  });

  it('refuses a second run while one is queued or running (each resident would get the statement twice)', async () => {
    const first = await l.call('POST', '/notices/statements', { recipients: 'all' });
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    const [{ n: notices }] = await l.t.sql<{ n: number }>(
      'select payment_notice_number as n from accounting_settings where complex_id = ?',
      [l.complexId],
    );
    const second = await l.call('POST', '/notices/statements', { recipients: 'all' });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'STATEMENTS_RUNNING', message: 'Hay un envío de estados de cuenta en curso.' });
    // No notice number was taken for it.
    const [{ n: after }] = await l.t.sql<{ n: number }>(
      'select payment_notice_number as n from accounting_settings where complex_id = ?',
      [l.complexId],
    );
    expect(after).toBe(notices);
    expect(await l.job(first.body.jobId, 120_000)).toMatchObject({ state: 'completed' });
  });

  it('sends nothing twice when the job runs again after a crash mid-run', async () => {
    const em = l.t.app.orm.em.fork();
    const run = await em.transactional((tx) =>
      openStatementRun(tx as never, l.complexId, { recipients: 'all', cutoffDate: '2026-11-01' }),
    );
    const jobId = crypto.randomUUID();
    const first = await runHandler('statementNotices', jobId, { ...run }, 3);
    expect(first.error?.message).toBe('Proceso detenido');
    const mails = async () =>
      (
        await l.t.sql<{ n: number; people: number }>(
          `select count(*)::int as n, count(distinct to_addresses::text)::int as people from mail_outbox
            where complex_id = ? and subject like ?`,
          [l.complexId, `Aviso de cobro N° ${run.number}:%`],
        )
      )[0];
    expect((await mails()).n).toBe(3);
    const second = await runHandler('statementNotices', jobId, { ...run });
    expect(second.error).toBeUndefined();
    expect(second.output).toMatchObject({ number: run.number, queued: run.userIds.length });
    expect(second.reported.at(-1)).toEqual({ done: run.userIds.length, total: run.userIds.length });
    expect(await mails()).toEqual({ n: run.userIds.length, people: run.userIds.length });
  });

  it('keeps the request-time messages: nobody with a unit is a 409, and nothing is queued', async () => {
    // A resident whose units are taken from them for the test.
    const [unit] = await l.t.sql<{ owner_id: string }>('select owner_id from units where id = ?', [units.at(-1)!.id]);
    const held = await l.t.sql<{ id: string; owner_id: string | null; tenant_id: string | null }>(
      'select id, owner_id, tenant_id from units where owner_id = ? or tenant_id = ?',
      [unit.owner_id, unit.owner_id],
    );
    await l.t.sql('update units set owner_id = null, tenant_id = null where id in (?)', [held.map((h) => h.id)]);
    try {
      const jobs = (await l.call('GET', '/jobs?name=accounting.statementNotices')).body.length;
      const res = await l.call('POST', '/notices/statements', { recipients: 'selected', userIds: [unit.owner_id] });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Ninguno de los residentes seleccionados tiene una unidad asignada.');
      expect((await l.call('GET', '/jobs?name=accounting.statementNotices')).body).toHaveLength(jobs);
    } finally {
      for (const h of held)
        await l.t.sql('update units set owner_id = ?, tenant_id = ? where id = ?', [h.owner_id, h.tenant_id, h.id]);
    }
  });
});

describe('fee generation as a job', () => {
  const fees = async (period: string) =>
    (
      await l.t.sql<{ n: number; units: number }>(
        "select count(*)::int as n, count(distinct unit_id)::int as units from receivables where complex_id = ? and kind = 'fee' and period = ?",
        [l.complexId, period],
      )
    )[0];

  it('answers 202, generates every unit and month in the job and reports the units done', async () => {
    const res = await l.call('POST', '/receivables/generate', {
      name: 'Expensa {mes}',
      fromMonth: '2030-01',
      toMonth: '2030-02',
      mode: 'fixed',
      amount: 40,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const job = await l.job(res.body.jobId);
    expect(job).toMatchObject({
      state: 'completed',
      progress: { done: units.length, total: units.length },
      output: { created: units.length * 2, skipped: 0, total: units.length * 2 * 40 },
    });
    expect(await fees('2030-02')).toEqual({ n: units.length, units: units.length });
    const [audit] = await l.t.sql<{ user_name: string; changes: { created: number } }>(
      "select user_name, changes from audit_logs where resource = 'receivables' and action = 'generate' and changes->>'jobId' = ?",
      [res.body.jobId],
    );
    expect(audit).toMatchObject({ user_name: 'Andrea Administradora', changes: { created: units.length * 2 } });
  });

  it('keeps the request-time messages (409, 400) and queues nothing then', async () => {
    const beyond = await l.call('POST', '/receivables/generate', {
      name: 'x',
      fromMonth: '2030-11',
      toMonth: '2031-01',
      mode: 'fixed',
      amount: 50,
    });
    expect(beyond.status).toBe(400);
    expect(beyond.body.errors).toEqual({ toMonth: 'Las expensas se pueden generar hasta diciembre.' });
    const noAmount = await l.call('POST', '/receivables/generate', {
      name: 'x',
      fromMonth: '2030-11',
      toMonth: '2030-11',
      mode: 'fixed',
    });
    expect(noAmount.status).toBe(400);
    expect((await l.call('GET', '/jobs?name=accounting.generateFees')).body).toHaveLength(1);
  });

  it('generates nothing twice when the job runs again after a crash mid-run', async () => {
    expect(units.length).toBeGreaterThan(20);
    const data = { name: 'Expensa {mes}', fromMonth: '2030-05', toMonth: '2030-05', mode: 'fixed', amount: 12 };
    const jobId = crypto.randomUUID();
    const first = await runHandler('generateFees', jobId, data, 1);
    expect(first.error?.message).toBe('Proceso detenido');
    expect(first.reported).toEqual([
      { done: 0, total: units.length },
      { done: 20, total: units.length },
    ]);
    expect((await fees('2030-05')).n).toBe(20);
    const second = await runHandler('generateFees', jobId, data);
    expect(second.output).toMatchObject({ created: units.length - 20, skipped: 20 });
    expect(await fees('2030-05')).toEqual({ n: units.length, units: units.length });
  });
});

describe('charges import as a job', () => {
  async function upload(data: Buffer, unitIds: string[], email = 'admin@demo.test', complexId = l.complexId) {
    const body = multipart([
      { name: 'file', filename: 'cobros.xlsx', contentType: XLSX, data },
      { name: 'unitIds', data: JSON.stringify(unitIds) },
    ]);
    const res = await l.t.app.inject({
      method: 'POST',
      url: `/api/complexes/${complexId}/receivables/import`,
      headers: { ...(await l.t.login(email)), ...body.headers },
      payload: body.payload,
    });
    return { status: res.statusCode, body: res.json() };
  }
  const rowsFor = (n: number, name: string) =>
    Array.from({ length: n }, (_, i) => [
      units[i % units.length].number,
      name,
      null,
      'Ingresos Ordinarios',
      null,
      3,
      '01/12/2030',
    ]);
  const countNamed = async (name: string) =>
    (
      await l.t.sql<{ n: number }>('select count(*)::int as n from receivables where complex_id = ? and name = ?', [
        l.complexId,
        name,
      ])
    )[0].n;

  it('stores the file, answers 202, and the job creates the selected rows reporting each group', async () => {
    const data = await workbook(rowsFor(250, 'Cuota importada en tarea'));
    const res = await upload(
      data,
      units.map((u) => u.id),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const job = await l.job(res.body.jobId);
    expect(job).toMatchObject({ state: 'completed', progress: { done: 250, total: 250 }, output: { created: 250, total: 750 } });
    expect(job.output.ids).toHaveLength(250);
    expect(await countNamed('Cuota importada en tarea')).toBe(250);
    const [{ n }] = await l.t.sql<{ n: number }>(
      "select count(*)::int as n from audit_logs where resource = 'receivables' and action = 'import' and record_id in (?)",
      [job.output.ids],
    );
    expect(n).toBe(250);
  });

  it('creates nothing twice when the job runs again after a crash mid-run', async () => {
    const data = await workbook(rowsFor(250, 'Cuota reintentada'));
    const [user] = await l.t.sql<{ id: string }>("select id from users where email = 'admin@demo.test'");
    const files = l.t.app.files.forActor({ complexId: l.complexId, userId: user.id, userName: 'Andrea Administradora' });
    const saved = await l.t.app.orm.em
      .fork()
      .transactional((tx) =>
        files.save(tx, { category: 'accounting-import', personal: false, filename: 'cobros.xlsx', contentType: XLSX, data }),
      );
    const input = { fileId: saved.id, fileName: 'cobros.xlsx', unitIds: units.map((u) => u.id) };
    const jobId = crypto.randomUUID();
    const first = await runHandler('importCharges', jobId, input, 100);
    expect(first.error?.message).toBe('Proceso detenido');
    expect(await countNamed('Cuota reintentada')).toBe(100);
    const second = await runHandler('importCharges', jobId, input);
    expect(second.output).toMatchObject({ created: 250, total: 750 });
    expect(await countNamed('Cuota reintentada')).toBe(250);
  });
});

describe('job routes: tenancy and roles', () => {
  it("answers an accounting job to its complex's administrators only", async () => {
    const res = await l.call('POST', '/receivables/generate', {
      name: 'Expensa {mes}',
      fromMonth: '2030-08',
      toMonth: '2030-08',
      mode: 'fixed',
      amount: 5,
    });
    expect(res.status).toBe(202);
    await l.job(res.body.jobId);
    const get = async (email: string, complexId: string, path: string) =>
      (
        await l.t.app.inject({
          method: 'GET',
          url: `/api/complexes/${complexId}${path}`,
          headers: await l.t.login(email),
        })
      ).statusCode;
    const colina = await l.t.complexId('colina');
    const bosque = await l.t.complexId('bosque');
    // Another complex's administrator, and the same administrator through another complex: not found.
    expect(await get('admin2@demo.test', colina, `/jobs/${res.body.jobId}`)).toBe(404);
    expect(await get('admin@demo.test', bosque, `/jobs/${res.body.jobId}`)).toBe(404);
    const elsewhere = await l.t.app.inject({
      method: 'GET',
      url: `/api/complexes/${bosque}/jobs?name=accounting.generateFees`,
      headers: await l.t.login('admin@demo.test'),
    });
    expect(elsewhere.json().map((j: { id: string }) => j.id)).not.toContain(res.body.jobId);
    // The board reads the ledger but neither starts these jobs nor follows them.
    expect(await get('directiva@demo.test', l.complexId, `/jobs/${res.body.jobId}`)).toBe(403);
    expect(await get('directiva@demo.test', l.complexId, '/jobs?name=accounting.generateFees')).toBe(403);
    const board = await l.call(
      'POST',
      '/receivables/generate',
      { name: 'x', fromMonth: '2030-09', toMonth: '2030-09', mode: 'fixed', amount: 5 },
      'directiva@demo.test',
    );
    expect(board.status).toBe(403);
    const boardNotice = await l.call('POST', '/notices/statements', { recipients: 'all' }, 'directiva@demo.test');
    expect(boardNotice.status).toBe(403);
    // An unknown kind lists nothing.
    expect((await l.call('GET', '/jobs?name=accounting.nothing')).body).toEqual([]);
  });
});
