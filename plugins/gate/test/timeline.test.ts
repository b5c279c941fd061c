// The gate's timeline (issue 13, "one live timeline of the gate"): every fact at the gate in one time-ordered list per
// complex, live, filterable, exportable; keyset pages with neither gaps nor repeats; only the complex's guards and
// office read it. Face recognitions (biometrics) and plate and tag reads (residents) join it through their domain
// events, once per event, where those plugins are installed and on; the gate boots and works without them.
import { businessDay } from '@conjunto/core';
import biometrics from '@conjunto/plugin-biometrics/server';
import residents from '@conjunto/plugin-residents/server';
import { listQuery, startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATE_TOPICS } from '../gate.ts';
import gate from '../server/index.ts';

type Row = {
  id: string;
  kind: string;
  occurredAt: string;
  subject: string;
  refId: string | null;
  postId: string | null;
  unitNumber: string | null;
};

const call = (t: TestServer, method: 'GET' | 'POST' | 'PUT', url: string, headers: object, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: headers as Record<string, string>,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const appLogin = async (t: TestServer, email: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'demo1234', client: 'app' },
  });
  return { authorization: `Bearer ${res.json().token}` };
};

describe('the timeline with the gate alone', () => {
  let t: TestServer;
  let alamos: string;
  let admin: { authorization: string };
  let guard: { authorization: string };
  let unitId: string;
  let postId: string;
  const events: { topic: string; payload: { id?: string; kind?: string } }[] = [];
  const base = () => `/api/complexes/${alamos}`;
  const page = async (headers: object, params: Parameters<typeof listQuery>[0], after?: string) => {
    const res = await call(t, 'GET', `${base()}/gate-timeline${listQuery(params)}${after ? `&after=${after}` : ''}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return { rows: res.json() as Row[], next: res.headers['x-next-cursor'] as string | undefined };
  };

  beforeAll(async () => {
    t = await startTestServer({ plugins: [gate] });
    alamos = await t.complexId('alamos');
    admin = await t.login('admin@demo.test');
    guard = await t.login('guardia@demo.test');
    [{ id: unitId }] = await t.sql<{ id: string }>(
      'select id from units where complex_id = ? and coalesce(owner_id, tenant_id) is not null order by number_sort limit 1',
      [alamos],
    );
    [{ id: postId }] = await t.sql<{ id: string }>('select id from gate_posts where complex_id = ? order by name limit 1', [
      alamos,
    ]);
    t.app.events.subscribe(alamos, (event) => events.push(event as never));
  });
  afterAll(() => t?.close());

  it('merges entries, list hits, exits, rejections, early visits and panic alerts, newest first, live', async () => {
    const start = new Date().toISOString();
    await call(t, 'POST', `${base()}/gate-lists`, admin, { kind: 'negra', idNumber: '1799000001', reason: 'Prueba' });
    const visitor = (idNumber: string) => ({
      unitId,
      idNumber,
      firstName: 'Elena',
      lastName: 'Suárez',
      visitType: 'Visita',
      postId,
    });
    const black = await call(t, 'POST', `${base()}/gate-entries`, guard, visitor('1799000001'));
    expect(black.statusCode, black.body).toBe(201);
    const plain = await call(t, 'POST', `${base()}/gate-entries`, guard, visitor('1799000002'));
    expect((await call(t, 'POST', `${base()}/gate-entries/${plain.json().id}/exit`, guard)).statusCode).toBe(200);
    expect((await call(t, 'POST', `${base()}/gate-entries/${black.json().id}/reject`, guard)).statusCode).toBe(200);
    const resident = await appLogin(t, 'residente@demo.test');
    const visit = await call(t, 'POST', `${base()}/early-visits`, resident, {
      firstName: 'Tomás',
      visitType: 'Visita',
      // Within the hour, and still today in Guayaquil (a resident announces for today).
      expectedArrival: new Date(Math.min(Date.now() + 3_600_000, Date.parse(`${businessDay()}T23:59:00-05:00`))).toISOString(),
    });
    expect(visit.statusCode, visit.body).toBe(201);
    const panic = await call(t, 'POST', `${base()}/panic-alerts`, resident, { detail: 'Ruido extraño' });
    expect(panic.statusCode, panic.body).toBe(201);

    const { rows } = await page(guard, { filter: { occurredAt_gte: businessDay(new Date(start)) }, range: [0, 49] });
    const mine = rows.filter((r) => r.occurredAt >= start);
    // Newest first; the same instant's rows by id, descending (the keyset's order).
    for (let i = 1; i < mine.length; i++) {
      const [a, b] = [mine[i - 1], mine[i]];
      expect(a.occurredAt > b.occurredAt || (a.occurredAt === b.occurredAt && a.id > b.id), `${a.kind} before ${b.kind}`).toBe(
        true,
      );
    }
    const kinds = mine.map((r) => r.kind);
    expect(kinds.slice(0, 4)).toEqual(['panico', 'visita_anticipada', 'rechazo', 'salida']);
    expect([...kinds.slice(4)].sort()).toEqual(['entrada', 'entrada', 'lista_negra']);
    expect(mine.find((r) => r.kind === 'lista_negra')).toMatchObject({ refId: black.json().id, postId });
    expect(mine.find((r) => r.kind === 'panico')?.refId).toBe(panic.json().id);
    // The early visit names the unit visited, like the entries.
    const announced = mine.find((r) => r.kind === 'visita_anticipada');
    expect(announced?.unitNumber).toBeTruthy();
    expect(announced?.unitNumber).toBe(mine.find((r) => r.kind === 'panico')?.unitNumber);
    // Each row was published live at its commit.
    for (const row of mine)
      await expect.poll(() => events.some((e) => e.topic === GATE_TOPICS.timelineAdded && e.payload.id === row.id)).toBe(true);

    // Filters: kind (one or several), post, text; a bad kind is a 400.
    const warnings = await page(admin, { filter: { kind: 'lista_negra' } });
    expect(warnings.rows.every((r) => r.kind === 'lista_negra')).toBe(true);
    const moves = await page(admin, { filter: { kind: ['entrada', 'salida'], postId } });
    expect(moves.rows.every((r) => ['entrada', 'salida'].includes(r.kind) && r.postId === postId)).toBe(true);
    const found = await page(admin, { filter: { q: 'suárez 1799000002' } });
    expect(found.rows.map((r) => r.kind).sort()).toEqual(['entrada', 'salida']);
    const bad = await call(t, 'GET', `${base()}/gate-timeline${listQuery({ filter: { kind: 'nada' } })}`, admin);
    expect(bad.statusCode).toBe(400);

    // The export: the same rows, Spanish headers.
    const csv = await call(
      t,
      'GET',
      `${base()}/gate-timeline/export?format=csv&filter=${encodeURIComponent(JSON.stringify({ q: '1799000002' }))}`,
      guard,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('Fecha');
    expect(csv.body).toContain('Salida');
  });

  it('reads keyset pages with neither gaps nor repeats, also among rows of the same instant', async () => {
    // 57 rows, in groups of three sharing an instant.
    await t.sql(
      `insert into gate_timeline (id, complex_id, occurred_at, kind, subject)
       select gen_random_uuid(), ?, timestamptz '2020-03-01 12:00:00-05' + (g / 3) * interval '1 minute', 'placa', 'KEY' || g
         from generate_series(1, 57) g`,
      [alamos],
    );
    const filter = { q: 'KEY', occurredAt_lte: '2020-03-02' };
    const seen: string[] = [];
    let after: string | undefined;
    for (let i = 0; i < 20; i++) {
      const { rows, next } = await page(admin, { filter, range: [0, 9] }, after);
      seen.push(...rows.map((r) => r.subject));
      if (!next) break;
      after = next;
    }
    expect(seen).toHaveLength(57);
    expect(new Set(seen).size).toBe(57);
    const all = await page(admin, { filter, range: [0, 99] });
    expect(seen).toEqual(all.rows.map((r) => r.subject));
  });

  it("hides a VIP resident's visits from guards, as the log does, and forgets a deleted entry's facts", async () => {
    const [{ holder }] = await t.sql<{ holder: string }>(
      'select coalesce(owner_id, tenant_id)::text as holder from units where id = ?',
      [unitId],
    );
    const entry = (
      await call(t, 'POST', `${base()}/gate-entries`, guard, {
        unitId,
        idNumber: '1799000777',
        firstName: 'Visita',
        lastName: 'Reservada',
        visitType: 'Visita',
        postId,
      })
    ).json();
    const seen = async (headers: object) =>
      (await page(headers, { filter: { q: '1799000777' }, range: [0, 99] })).rows.map((r) => r.refId);
    expect(await seen(guard)).toContain(entry.id);
    await t.sql('update users set vip = true where id = ?', [holder]);
    try {
      expect(await seen(guard)).not.toContain(entry.id);
      expect(await seen(admin)).toContain(entry.id);
    } finally {
      await t.sql('update users set vip = false where id = ?', [holder]);
    }
    expect((await t.app.inject({ method: 'DELETE', url: `${base()}/gate-entries/${entry.id}`, headers: admin })).statusCode).toBe(
      200,
    );
    expect(await seen(admin)).toEqual([]);
  });

  it('shows a complex only to its guards and office (another complex: 404; a resident: 403)', async () => {
    const outsider = await t.login('admin2@demo.test');
    expect((await call(t, 'GET', `${base()}/gate-timeline`, outsider)).statusCode).toBe(404);
    expect((await call(t, 'GET', `${base()}/gate-timeline/export?format=csv`, outsider)).statusCode).toBe(404);
    const resident = await appLogin(t, 'residente@demo.test');
    expect((await call(t, 'GET', `${base()}/gate-timeline`, resident)).statusCode).toBe(403);
    const colina = await t.complexId('colina');
    const theirs = await call(t, 'GET', `/api/complexes/${colina}/gate-timeline`, outsider);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect((theirs.json() as Row[]).some((r) => r.subject.startsWith('KEY'))).toBe(false);
  });
});

describe('the timeline with biometrics and residents installed', () => {
  let t: TestServer;
  let alamos: string;
  let admin: { authorization: string };
  const base = () => `/api/complexes/${alamos}`;
  const rowsOf = async (kind: string) =>
    t.sql<{ id: string; subject: string; detail: string | null; place: string | null; event_id: string }>(
      'select id, subject, detail, place, event_id from gate_timeline where complex_id = ? and kind = ?',
      [alamos, kind],
    );
  const setSwitch = async (name: string, on: boolean) => {
    const res = await call(t, 'PUT', `${base()}/modules`, await t.login('superadmin@demo.test'), { [name]: on });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    // No dispatcher of its own: the test delivers with dispatch(), so each step is seen.
    t = await startTestServer({ plugins: [biometrics, residents, gate], env: { DOMAIN_EVENTS_WORKER: 'false' } });
    alamos = await t.complexId('alamos');
    admin = await t.login('admin@demo.test');
    await setSwitch('RostrosResidentes', true);
    await setSwitch('PlacasResidentes', true);
  });
  afterAll(() => t?.close());

  it('adds a face recognition once, however often its event is delivered', async () => {
    const [device] = await t.sql<{ id: string; name: string }>(
      'select id, name from biometric_devices where complex_id = ? limit 1',
      [alamos],
    );
    const [face] = await t.sql<{ identificacion: string; nombre: string }>(
      'select identificacion, nombre from faces where complex_id = ? limit 1',
      [alamos],
    );
    const res = await call(t, 'POST', `${base()}/biometric-devices/${device.id}/recognitions`, admin, {
      identificacion: face.identificacion,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await rowsOf('rostro')).toHaveLength(0);
    await t.app.domainEvents.dispatch();
    const [row, ...more] = await rowsOf('rostro');
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ subject: `${face.nombre} (${face.identificacion})`, place: device.name });
    // Delivered again (a crash after the handler, before "done"): still one row.
    await t.sql("update domain_event_deliveries set state = 'pending', next_attempt_at = now() where event_id = ?", [
      row.event_id,
    ]);
    await t.app.domainEvents.dispatch();
    expect(await rowsOf('rostro')).toHaveLength(1);
    // An unknown face is recorded too, as such.
    await call(t, 'POST', `${base()}/biometric-devices/${device.id}/recognitions`, admin, { identificacion: 'X99' });
    await t.app.domainEvents.dispatch();
    expect((await rowsOf('rostro')).find((r) => r.subject === 'X99')?.detail).toBe('Rostro sin registro');
  });

  it('adds plate reads (registered or not); tags only while their switch is on', async () => {
    const [plate] = await t.sql<{ value: string }>(
      "select value from plates where complex_id = ? and status = 'active' order by value limit 1",
      [alamos],
    );
    expect(
      (await call(t, 'POST', `${base()}/plates/reads`, admin, { value: plate.value, reader: 'Garita norte' })).statusCode,
    ).toBe(201);
    expect((await call(t, 'POST', `${base()}/plates/reads`, admin, { value: 'zz-99' })).statusCode).toBe(201);
    await t.app.domainEvents.dispatch();
    const rows = await rowsOf('placa');
    expect(rows.find((r) => r.subject === plate.value)).toMatchObject({ detail: 'Registrado', place: 'Garita norte' });
    expect(rows.find((r) => r.subject === 'ZZ99')?.detail).toBe('No registrado');
    await setSwitch('TagsResidentes', false);
    expect((await call(t, 'POST', `${base()}/tags/reads`, admin, { value: '12345678' })).statusCode).toBe(404);
  });

  it('writes nothing while the gate is switched off for the complex (the delivery is skipped)', async () => {
    await setSwitch('Garita', false);
    const before = (await rowsOf('placa')).length;
    expect((await call(t, 'POST', `${base()}/plates/reads`, admin, { value: 'ABC123' })).statusCode).toBe(201);
    await t.app.domainEvents.dispatch();
    expect(await rowsOf('placa')).toHaveLength(before);
    await setSwitch('Garita', true);
  });
});
