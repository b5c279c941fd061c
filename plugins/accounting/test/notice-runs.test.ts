// The history of payment-notice runs (issue 14, spec 002 §2.3): one record per run, in the run's transaction, read
// by the office and the board (/directiva/notificaciones), never by residents or guards, never across complexes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filter, type Ledger, startLedger } from './api.ts';

let l: Ledger;
let units: { id: string; number: string }[];
beforeAll(async () => {
  l = await startLedger();
  units = await l.units();
});
afterAll(() => l?.t.close());

const runs = async (query: object = {}, email?: string) => l.call('GET', `/notice-runs?${filter(query)}`, undefined, email);
const count = async () =>
  (await l.t.sql<{ n: number }>('select count(*)::int as n from accounting_notice_runs where complex_id = ?', [l.complexId]))[0]
    .n;
const residentOf = async (unitId: string) =>
  (
    await l.t.sql<{ id: string }>(
      'select u.id from units un join users u on u.id = coalesce(un.owner_id, un.tenant_id) where un.id = ?',
      [unitId],
    )
  )[0];

async function post(path: string, payload: object, key?: string) {
  const res = await l.t.app.inject({
    method: 'POST',
    url: `/api/complexes/${l.complexId}${path}`,
    headers: { ...(await l.t.login('admin@demo.test')), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

describe('notice runs', () => {
  it('records exactly one run per overdue run, with its counts and sender; a replayed request adds none', async () => {
    const unit = units[30];
    const res0 = await l.call('POST', '/receivables', {
      unitIds: [unit.id],
      name: 'Multa historial',
      category: 'Ingresos Extraordinarios',
      subcategory: 'Cuota extraordinaria',
      amount: 12,
      dueDate: '2026-01-10',
    });
    expect(res0.status).toBe(201);
    const owing = await residentOf(unit.id);
    // A resident with nothing overdue, to be skipped.
    const clean = units.find((u) => u.id !== unit.id)!;
    await l.t.sql('update receivables set balance = 0, discount = original_amount where unit_id = ?', [clean.id]);
    const cleanResident = await residentOf(clean.id);
    const before = await count();
    const body = { recipients: 'selected', userIds: [owing.id, cleanResident.id], cutoffDate: '2026-11-01' };
    const res = await post('/notices/overdue', body, 'runs-key-1');
    expect(res.status).toBe(200);
    expect(await count()).toBe(before + 1);
    const again = await post('/notices/overdue', body, 'runs-key-1');
    expect(again.body.number).toBe(res.body.number);
    expect(await count()).toBe(before + 1);

    const list = await runs({ kind: 'overdue' });
    expect(list.status).toBe(200);
    const row = list.body.find((r: { number: number }) => r.number === res.body.number);
    expect(row).toMatchObject({
      kind: 'overdue',
      queued: 1,
      skipped: 1,
      cutoffDate: '2026-11-01',
      noticeDate: res.body.noticeDate,
    });
    expect(row.userName).toBeTruthy();
    expect(row).not.toHaveProperty('securityCode');
  });

  it('records nothing for a failed run', async () => {
    const before = await count();
    const nothing = await l.call('POST', '/notices/overdue', { recipients: 'all', cutoffDate: '2000-01-01' });
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toBe('Ninguno de los residentes seleccionados tiene valores vencidos.');
    expect(await count()).toBe(before);
  });

  it('records the manual and statement runs, and filters by kind and date', async () => {
    const resident = await residentOf(units[31].id);
    const manual = await l.call('POST', '/notices/manual', { userId: resident.id, message: 'Daño', amount: 10 });
    expect(manual.status).toBe(200);
    const statements = await l.call('POST', '/notices/statements', { recipients: 'selected', userIds: [resident.id] });
    expect(statements.status).toBe(202);
    await l.job(statements.body.jobId);
    const manualRows = (await runs({ kind: 'manual' })).body;
    expect(manualRows.some((r: { number: number; queued: number }) => r.number === manual.body.number && r.queued === 1)).toBe(
      true,
    );
    const statementRows = (await runs({ kind: 'statement' })).body;
    expect(statementRows.find((r: { number: number }) => r.number === statements.body.number)).toMatchObject({
      queued: 1,
      skipped: 0,
    });
    expect((await runs({ noticeDate_lte: '2000-01-01' })).body).toEqual([]);
    const csv = await l.t.app.inject({
      method: 'GET',
      url: `/api/complexes/${l.complexId}/notice-runs/export?format=csv`,
      headers: await l.t.login('directiva@demo.test'),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Destinatarios');
    expect(csv.body).toContain('Enviado por');
    // The kind as the screen names it.
    expect(csv.body).toContain('Valores vencidos');
    expect(csv.body).not.toContain(',overdue');
  });

  it('is read by the board, refused to residents and guards, and never shows another complex', async () => {
    expect((await runs({}, 'directiva@demo.test')).status).toBe(200);
    expect((await runs({}, 'residente@demo.test')).status).toBe(403);
    expect((await runs({}, 'guardia@demo.test')).status).toBe(403);
    // An administrator of another complex: not found here, and sees none of these runs in its own.
    expect((await runs({}, 'admin2@demo.test')).status).toBe(404);
    const colina = await startLedgerless();
    expect(colina.status).toBe(200);
    const mine = await l.t.sql<{ id: string }>('select id from accounting_notice_runs where complex_id = ?', [l.complexId]);
    const ids = new Set(mine.map((r) => r.id));
    expect(colina.body.some((r: { id: string }) => ids.has(r.id))).toBe(false);
  });
});

/** The runs list of Colina, as its administrator. */
async function startLedgerless() {
  const colinaId = await l.t.complexId('colina');
  const res = await l.t.app.inject({
    method: 'GET',
    url: `/api/complexes/${colinaId}/notice-runs`,
    headers: await l.t.login('admin2@demo.test'),
  });
  return { status: res.statusCode, body: res.json() };
}
