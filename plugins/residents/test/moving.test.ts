// Moving requests (mudanza): CRUD, the states, the plate, the truck's log, residents on their own unit only,
// the switch, other complexes, closed bodies and the export.
import { listQuery } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRows, type Household, setSwitch, startHousehold } from './helpers.ts';

let h: Household;
let base: string;
let unitId: string;
beforeAll(async () => {
  h = await startHousehold();
  base = `/api/complexes/${h.alamos}/moving-requests`;
  unitId = h.neighbour.unitId;
});
afterAll(() => h?.t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: unknown) =>
  h.t.app.inject({
    method,
    url,
    headers: headers as Record<string, string>,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const request = (extra: object = {}) => ({ unitId, type: 'ingreso', date: inDays(5), plate: 'pba-1234', ...extra });
const create = async (extra: object = {}) => {
  const res = await call('POST', base, h.admin, request(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

describe('moving requests (administrator)', () => {
  it('creates a pending request with the plate normalised and the unit holder as requester, audited', async () => {
    const created = await create({ startTime: '08:00', endTime: '12:30', notes: 'Camión grande' });
    expect(created).toMatchObject({
      unitId,
      type: 'ingreso',
      plate: 'PBA1234',
      status: 'pendiente',
      startTime: '08:00',
      endTime: '12:30',
      residentId: h.neighbour.id,
      entryCount: 0,
    });
    expect(created.unitNumber).toBeTruthy();
    expect(created.residentName).toBeTruthy();
    const [audit] = await h.t.sql('select action, description from audit_logs where record_id = ?', [created.id]);
    expect(audit).toMatchObject({ action: 'create' });
    const got = await call('GET', `${base}/${created.id}`, h.admin);
    expect(got.json()).toEqual(created);
  });

  it('accepts AAA1234 and AAA123 plates only', async () => {
    expect((await create({ plate: 'gye 123' })).plate).toBe('GYE123');
    for (const plate of ['AB1234', 'ABCD123', 'ABC12', '1234ABC', 'ABC12345']) {
      const res = await call('POST', base, h.admin, request({ plate }));
      expect(res.statusCode, plate).toBe(400);
      expect(res.json().errors).toEqual({ plate: 'Formato de placa incorrecto: use AAA1234 o AAA123.' });
    }
  });

  it('checks the time window and the required fields', async () => {
    const bad = await call('POST', base, h.admin, request({ startTime: '14:00', endTime: '09:00' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ endTime: 'La hora de fin debe ser posterior a la hora de inicio.' });
    expect((await call('POST', base, h.admin, request({ startTime: '25:00' }))).statusCode).toBe(400);
    const noUnit = await call('POST', base, h.admin, { type: 'ingreso', date: inDays(2), plate: 'ABC123' });
    expect(noUnit.statusCode).toBe(400);
    expect(noUnit.json().errors).toEqual({ unitId: 'Seleccione una U.H.' });
    expect((await call('POST', base, h.admin, request({ type: 'mudanza' }))).statusCode).toBe(400);
    expect((await call('POST', base, h.admin, request({ date: '2026-02-30' }))).statusCode).toBe(400);
  });

  it('refuses a requester who does not live in the unit', async () => {
    const res = await call('POST', base, h.admin, request({ residentId: h.resident.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ residentId: 'El residente no pertenece a la unidad.' });
  });

  it('keeps only its own fields: complexId, id, status, counters in the body change nothing; NUL bytes and deep values answer 400', async () => {
    const intruder = '0190c0de-0000-7000-8000-000000000000';
    const res = await call(
      'POST',
      base,
      h.admin,
      request({ complexId: h.bosque, id: intruder, status: 'aprobada', entryCount: 9 }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pendiente', entryCount: 0 });
    expect(res.json().id).not.toBe(intruder);
    const [row] = await h.t.sql<{ complex_id: string }>('select complex_id from moving_requests where id = ?', [res.json().id]);
    expect(row.complex_id).toBe(h.alamos);
    const edit = await call('PUT', `${base}/${res.json().id}`, h.admin, { status: 'completada', unitId: h.resident.unitId });
    expect(edit.json()).toMatchObject({ status: 'pendiente', unitId });
    for (const extra of [{ notes: 'a\u0000b' }, { notes: { deep: [[[[1]]]] } }, { plate: 12 }, { date: 'Infinity' }]) {
      const bad = await call('POST', base, h.admin, request(extra));
      expect(bad.statusCode, JSON.stringify(extra)).toBe(400);
    }
  });

  it('approves, completes; no approving a rejected, completed or cancelled one (409)', async () => {
    const r = await create();
    const approve = await call('POST', `${base}/${r.id}/approve`, h.admin);
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toMatchObject({ status: 'aprobada' });
    expect(approve.json().decidedByName).toBeTruthy();
    expect((await call('POST', `${base}/${r.id}/approve`, h.admin)).statusCode).toBe(409);
    expect((await call('POST', `${base}/${r.id}/complete`, h.admin)).json()).toMatchObject({ status: 'completada' });
    expect((await call('POST', `${base}/${r.id}/reject`, h.admin, { reason: 'x' })).statusCode).toBe(409);

    const rejected = await create();
    const noReason = await call('POST', `${base}/${rejected.id}/reject`, h.admin, { reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    const rej = await call('POST', `${base}/${rejected.id}/reject`, h.admin, { reason: 'Fecha ocupada' });
    expect(rej.json()).toMatchObject({ status: 'rechazada', rejectReason: 'Fecha ocupada' });
    const again = await call('POST', `${base}/${rejected.id}/approve`, h.admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVALID_TRANSITION');
    // Nor edited once decided against.
    expect((await call('PUT', `${base}/${rejected.id}`, h.admin, { plate: 'ABC123' })).statusCode).toBe(409);
    const actions = await h.t.sql<{ action: string }>('select action from audit_logs where record_id = ? order by at', [
      rejected.id,
    ]);
    expect(actions.map((a) => a.action)).toEqual(['create', 'reject']);
  });

  it('edits a pending request (plate checked again), audited with the changes', async () => {
    const r = await create();
    const res = await call('PUT', `${base}/${r.id}`, h.admin, { plate: 'xyz-987', type: 'salida', endTime: '17:00' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ plate: 'XYZ987', type: 'salida', endTime: '17:00' });
    expect((await call('PUT', `${base}/${r.id}`, h.admin, { plate: 'X1' })).statusCode).toBe(400);
    const [audit] = await h.t.sql<{ changes: Record<string, unknown> }>(
      "select changes from audit_logs where record_id = ? and action = 'update'",
      [r.id],
    );
    expect(audit.changes).toMatchObject({ plate: ['PBA1234', 'XYZ987'] });
  });

  it("keeps the truck's log of an approved request: entry, exit, one open pass at a time", async () => {
    const r = await create({ plate: 'GYE5678' });
    const pending = await call('POST', `${base}/${r.id}/entries`, h.admin, { enteredAt: new Date().toISOString() });
    expect(pending.statusCode).toBe(409);
    await call('POST', `${base}/${r.id}/approve`, h.admin);
    const enteredAt = '2026-03-01T13:00:00.000Z';
    const entry = await call('POST', `${base}/${r.id}/entries`, h.admin, { enteredAt, notes: 'Ingresa por garita 2' });
    expect(entry.statusCode, entry.body).toBe(201);
    expect(entry.json()).toMatchObject({ plate: 'GYE5678', unitId, enteredAt, exitedAt: null });
    expect(entry.json().registeredByName).toBeTruthy();
    const twice = await call('POST', `${base}/${r.id}/entries`, h.admin, { enteredAt });
    expect(twice.statusCode).toBe(409);
    const early = await call('PUT', `${base}/${r.id}/entries/${entry.json().id}`, h.admin, {
      exitedAt: '2026-03-01T12:00:00.000Z',
    });
    expect(early.statusCode).toBe(400);
    const exit = await call('PUT', `${base}/${r.id}/entries/${entry.json().id}`, h.admin, {
      exitedAt: '2026-03-01T17:30:00.000Z',
    });
    expect(exit.json()).toMatchObject({ exitedAt: '2026-03-01T17:30:00.000Z' });
    // The log of that plate for that unit (bitacoraMudanza/:placa/unidas/:unidadHabitacional).
    const log = await call('GET', `${base}/entries${listQuery({ filter: { plate: 'gye-5678', unitId } })}`, h.admin);
    expect(log.statusCode).toBe(200);
    expect(log.json().map((e: { id: string }) => e.id)).toContain(entry.json().id);
    expect(log.headers['content-range']).toMatch(/^moving-requests\/entries 0-\d+\/\d+$/);
    expect((await call('GET', `${base}/${r.id}`, h.admin)).json().entryCount).toBe(1);
    // An entry id under another request is not found.
    const other = await create();
    expect((await call('PUT', `${base}/${other.id}/entries/${entry.json().id}`, h.admin, { notes: 'x' })).statusCode).toBe(404);
    const removed = await call('DELETE', `${base}/${r.id}/entries/${entry.json().id}`, h.admin);
    expect(removed.statusCode).toBe(200);
  });

  it('lists with filters and search: status, type, unit, the resident (mudanzaUsuario/:id), plate, dates', async () => {
    const r = await create({ plate: 'QWE4455', type: 'salida', date: inDays(40) });
    const ids = async (filter: Record<string, unknown>) =>
      (await call('GET', `${base}${listQuery({ filter, range: [0, 99] })}`, h.admin)).json().map((x: { id: string }) => x.id);
    expect(await ids({ q: 'qwe4455' })).toEqual([r.id]);
    expect(await ids({ plate: 'QWE-4455' })).toEqual([r.id]);
    expect(await ids({ residentId: h.neighbour.id })).toContain(r.id);
    expect(await ids({ residentId: h.resident.id })).not.toContain(r.id);
    expect(await ids({ type: 'salida', unitId, status: 'pendiente' })).toContain(r.id);
    expect(await ids({ date_gte: inDays(39), date_lte: inDays(41) })).toEqual([r.id]);
    expect((await call('GET', `${base}${listQuery({ filter: { color: 'x' } })}`, h.admin)).statusCode).toBe(400);
    expect((await call('GET', `${base}${listQuery({ filter: { unitId: 'nope' } })}`, h.admin)).statusCode).toBe(400);
  });

  it('exports CSV with Spanish headers and labels, cells as text (no formulas)', async () => {
    await create({ notes: '=HYPERLINK("http://x")', plate: 'FOR123' });
    const res = await call(
      'GET',
      `${base}/export?format=csv&filter=${encodeURIComponent(JSON.stringify({ plate: 'FOR123' }))}`,
      h.admin,
    );
    expect(res.statusCode).toBe(200);
    const rows = csvRows(res.body);
    expect(rows[0]).toContain('"Fecha","Horario","U.H.","Tipo","Placa","Solicitante","Estado"');
    expect(rows[1]).toContain('"Ingreso","FOR123"');
    expect(rows[1]).toContain('"Pendiente"');
    expect(rows[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    const xlsx = await call('GET', `${base}/entries/export?format=xlsx`, h.admin);
    expect(xlsx.statusCode).toBe(200);
  });

  it('deletes a request with its log', async () => {
    const r = await create();
    await call('POST', `${base}/${r.id}/approve`, h.admin);
    await call('POST', `${base}/${r.id}/entries`, h.admin, { enteredAt: new Date().toISOString() });
    expect((await call('DELETE', `${base}/${r.id}`, h.admin)).statusCode).toBe(200);
    expect(await h.t.sql('select 1 from moving_entries where request_id = ?', [r.id])).toHaveLength(0);
    expect((await call('GET', `${base}/${r.id}`, h.admin)).statusCode).toBe(404);
  });
});

describe('tenancy and switches', () => {
  it("answers 404 for another complex's request, through this complex's path and its own", async () => {
    const r = await create();
    const bosqueBase = `/api/complexes/${h.bosque}/moving-requests`;
    for (const [method, path] of [
      ['GET', `${bosqueBase}/${r.id}`],
      ['PUT', `${bosqueBase}/${r.id}`],
      ['POST', `${bosqueBase}/${r.id}/approve`],
      ['DELETE', `${bosqueBase}/${r.id}`],
      ['POST', `${bosqueBase}/${r.id}/entries`],
    ] as const) {
      const res = await call(
        method,
        path,
        h.admin,
        method === 'GET' || method === 'DELETE' || path.endsWith('approve')
          ? undefined
          : {
              ...(path.endsWith('entries') ? { enteredAt: new Date().toISOString() } : { notes: 'x' }),
            },
      );
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    // A unit of another complex in the body is no unit of this one.
    const [foreignUnit] = await h.t.sql<{ id: string }>('select id from units where complex_id = ? limit 1', [h.bosque]);
    const res = await call('POST', base, h.admin, request({ unitId: foreignUnit.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ unitId: 'La unidad no existe en este conjunto.' });
    // The other complex's list does not count it.
    const list = await call('GET', `${bosqueBase}${listQuery({ filter: { id: [r.id] } })}`, h.admin);
    expect(list.json()).toEqual([]);
  });

  it('answers 404 to every route while Mudanza is off for the complex', async () => {
    const r = await create();
    await setSwitch(h, h.alamos, 'Mudanza', false);
    try {
      for (const [method, path] of [
        ['GET', base],
        ['GET', `${base}/export`],
        ['GET', `${base}/entries`],
        ['GET', `${base}/${r.id}`],
        ['POST', `${base}/${r.id}/approve`],
      ] as const) {
        expect((await call(method, path, h.admin)).statusCode, `${method} ${path}`).toBe(404);
      }
      expect((await call('POST', base, h.resident, { type: 'ingreso', date: inDays(3), plate: 'ABC123' })).statusCode).toBe(404);
    } finally {
      await setSwitch(h, h.alamos, 'Mudanza', true);
    }
    expect((await call('GET', `${base}/${r.id}`, h.admin)).statusCode).toBe(200);
  });
});

describe('residents on their own unit', () => {
  it('a resident asks for their own unit as themselves, lists only theirs and cancels a pending one', async () => {
    const mine = await call('POST', base, h.resident, { type: 'salida', date: inDays(4), plate: 'ABC123' });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json()).toMatchObject({ unitId: h.resident.unitId, residentId: h.resident.id, status: 'pendiente' });
    const list = (await call('GET', `${base}${listQuery({ range: [0, 199] })}`, h.resident)).json() as { unitId: string }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((r) => r.unitId === h.resident.unitId)).toBe(true);
    // Residents do not decide.
    expect((await call('POST', `${base}/${mine.json().id}/approve`, h.resident)).statusCode).toBe(403);
    expect((await call('PUT', `${base}/${mine.json().id}`, h.resident, { notes: 'x' })).statusCode).toBe(403);
    const cancel = await call('POST', `${base}/${mine.json().id}/cancel`, h.resident);
    expect(cancel.json()).toMatchObject({ status: 'cancelada' });
    expect((await call('POST', `${base}/${mine.json().id}/cancel`, h.resident)).statusCode).toBe(409);
  });

  it("a resident cannot reach another unit's request (404), nor ask for another unit or as someone else", async () => {
    const theirs = await create();
    for (const [method, path] of [
      ['GET', `${base}/${theirs.id}`],
      ['POST', `${base}/${theirs.id}/cancel`],
    ] as const)
      expect((await call(method, path, h.resident)).statusCode, `${method} ${path}`).toBe(404);
    const filtered = await call('GET', `${base}${listQuery({ filter: { unitId } })}`, h.resident);
    expect(filtered.json()).toEqual([]);
    const log = await call('GET', `${base}/entries${listQuery({ filter: { unitId } })}`, h.resident);
    expect(log.json()).toEqual([]);
    const other = await call('POST', base, h.resident, { unitId, type: 'ingreso', date: inDays(4), plate: 'ABC123' });
    expect(other.statusCode).toBe(404);
    const asOther = await call('POST', base, h.resident, {
      residentId: h.neighbour.id,
      type: 'ingreso',
      date: inDays(4),
      plate: 'ABC123',
    });
    expect(asOther.statusCode).toBe(404);
    // The neighbour can cancel theirs; a resident's past date is refused.
    expect((await call('POST', `${base}/${theirs.id}/cancel`, h.neighbour)).statusCode).toBe(200);
    const past = await call('POST', base, h.resident, { type: 'ingreso', date: inDays(-3), plate: 'ABC123' });
    expect(past.statusCode).toBe(400);
  });
});

describe('demo data', () => {
  it('seeds moving requests in each state, with a log, and switches Mudanza on in every demo complex', async () => {
    const rows = await h.t.sql<{ complex_id: string; status: string; n: number }>(
      `select complex_id, status, count(*)::int as n from moving_requests
        where created_by is distinct from (select id from users where email = 'admin@demo.test')
          and plate in ('PBA1234', 'GYE5678', 'PCD903', 'ABC4521')
        group by complex_id, status`,
    );
    expect(new Set(rows.map((r) => r.complex_id)).size).toBe(3);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['pendiente', 'aprobada', 'completada', 'rechazada']));
    const [mine] = await h.t.sql<{ n: number }>('select count(*)::int as n from moving_requests where unit_id = ?', [
      h.resident.unitId,
    ]);
    expect(mine.n).toBeGreaterThan(0);
    const switches = await h.t.sql<{ on: boolean }>("select (modules->>'Mudanza')::boolean as on from complexes");
    expect(switches.every((s) => s.on)).toBe(true);
  });
});
