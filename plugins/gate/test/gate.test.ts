// The gate: guard posts, entries and exits (one open entry per person, also under concurrency and retries), the
// spec's form-encoded bitacora_digital path, black and white lists, VIP residents hidden from guards, early
// visits announced by residents and let in by the guard, novedades by e-mail, and the live events.
import { businessDay } from '@conjunto/core';
import { listQuery, startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATE_MESSAGES, GATE_TOPICS } from '../gate.ts';
import gate from '../server/index.ts';

let t: TestServer;
let alamos: string;
let bosque: string;
let admin: { authorization: string };
let guard: { authorization: string };
let resident: { authorization: string };
let residentId: string;
let residentUnit: string;
let otherUnit: { id: string; holder: string };
let posts: { id: string; name: string }[];
const events: { topic: string; payload: unknown }[] = [];

const appLogin = async (email: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'demo1234', client: 'app' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().token}` };
};

beforeAll(async () => {
  t = await startTestServer({ plugins: [gate] });
  alamos = await t.complexId('alamos');
  bosque = await t.complexId('bosque');
  admin = await t.login('admin@demo.test');
  guard = await t.login('guardia@demo.test');
  resident = await appLogin('residente@demo.test');
  [{ id: residentId, unit_id: residentUnit }] = await t.sql<{ id: string; unit_id: string }>(
    "select id, unit_id from users where email = 'residente@demo.test'",
  );
  [otherUnit] = await t.sql<{ id: string; holder: string }>(
    `select id, coalesce(owner_id, tenant_id)::text as holder from units
      where complex_id = ? and id <> ? and coalesce(owner_id, tenant_id) is not null order by number_sort limit 1`,
    [alamos, residentUnit],
  );
  t.app.events.subscribe(alamos, (event) => events.push({ topic: event.topic, payload: event.payload }));
  posts = (await call('GET', `${base()}/gate-posts`, guard)).json();
});
afterAll(() => t?.close());

const base = (complexId = alamos) => `/api/complexes/${complexId}`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: headers as Record<string, string>,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
let serial = 0;
/** A cédula no demo row holds. */
const freshId = () => `17${String(++serial).padStart(8, '0')}`;
const visitor = (extra: object = {}) => ({
  unitId: otherUnit.id,
  idNumber: ` ${freshId()} `,
  firstName: 'Marta',
  lastName: 'Quiroz',
  plate: 'pbx-1234',
  vehicleColor: 'Rojo',
  visitType: 'Empleado',
  expectedStay: '0.5',
  postId: posts[0].id,
  ...extra,
});
const register = async (extra: object = {}, headers = guard) => {
  const res = await call('POST', `${base()}/gate-entries`, headers, visitor(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
/** Waits until a live event of `topic` for record `id` arrived (delivered at commit, through NOTIFY). */
async function eventFor(topic: string, id: string) {
  for (const deadline = Date.now() + 5000; Date.now() < deadline; ) {
    const found = events.find((e) => e.topic === topic && (e.payload as { id?: string })?.id === id);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no ${topic} for ${id}`);
}

describe('guard posts', () => {
  it('are the demo complex’s two posts, listed for the guard; only the office manages them', async () => {
    expect(posts.map((p) => p.name)).toEqual(['Garita posterior', 'Garita principal'].sort());
    expect((await call('POST', `${base()}/gate-posts`, guard, { name: 'Norte' })).statusCode).toBe(403);
    const created = await call('POST', `${base()}/gate-posts`, admin, { name: '  Garita   norte ' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().name).toBe('Garita norte');
    const again = await call('POST', `${base()}/gate-posts`, admin, { name: 'GARITA NORTE' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(GATE_MESSAGES.postTaken);
    const renamed = await call('PUT', `${base()}/gate-posts/${created.json().id}`, admin, { name: 'Garita lateral' });
    expect(renamed.json().name).toBe('Garita lateral');
    expect((await call('DELETE', `${base()}/gate-posts/${created.json().id}`, admin)).statusCode).toBe(200);
    // Another complex's post is not this complex's.
    expect((await call('GET', `${base(bosque)}/gate-posts/${posts[0].id}`, admin)).statusCode).toBe(404);
  });
});

describe('entries', () => {
  it('registers an entry with the cédula trimmed, the plate normalised, the validity and stay of the spec, the guard and the post', async () => {
    const before = Date.now();
    const entry = await register();
    expect(entry).toMatchObject({
      unitId: otherUnit.id,
      residentId: otherUnit.holder,
      idNumber: `17${String(serial).padStart(8, '0')}`,
      plate: 'PBX1234',
      visitType: 'Empleado',
      expectedStay: '0.5',
      postId: posts[0].id,
      postName: posts[0].name,
      registeredByName: 'Gustavo Guardia',
      exitedAt: null,
      warning: false,
      notice: 'other',
      source: 'guardia',
    });
    const enteredAt = Date.parse(entry.enteredAt);
    expect(enteredAt).toBeGreaterThanOrEqual(before - 1000);
    // Empleado: valid 1 hour; expected stay 30 min.
    expect(Date.parse(entry.validUntil) - enteredAt).toBe(3_600_000);
    expect(Date.parse(entry.expectedExitAt) - enteredAt).toBe(30 * 60_000);
    const [audit] = await t.sql('select action, complex_id from audit_logs where record_id = ?', [entry.id]);
    expect(audit).toMatchObject({ action: 'create', complex_id: alamos });
    await eventFor(GATE_TOPICS.entryCreated, entry.id);
    // 'Visita' has no limit; 'Servicio de taxi' 15 minutes.
    expect((await register({ visitType: 'Visita', expectedStay: 'Indefinido' })).validUntil).toBeNull();
    const taxi = await register({ visitType: 'Servicio de taxi' });
    expect(Date.parse(taxi.validUntil) - Date.parse(taxi.enteredAt)).toBe(15 * 60_000);
  });

  it("goes to a unit or to 'Otro' with a place, never to another complex's unit", async () => {
    const other = await register({ unitId: null, place: 'Salón comunal' });
    expect(other).toMatchObject({ unitId: null, place: 'Salón comunal', residentId: null });
    const none = await call('POST', `${base()}/gate-entries`, guard, visitor({ unitId: null }));
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ unitId: GATE_MESSAGES.destination });
    const [foreign] = await t.sql<{ id: string }>('select id from units where complex_id = ? limit 1', [bosque]);
    const res = await call('POST', `${base()}/gate-entries`, guard, visitor({ unitId: foreign.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ unitId: GATE_MESSAGES.unitMissing });
    const notThere = await call('POST', `${base()}/gate-entries`, guard, visitor({ residentId: residentId }));
    expect(notThere.json().errors).toEqual({ residentId: GATE_MESSAGES.residentOfUnit });
    const [foreignPost] = await t.sql<{ id: string }>('select id from gate_posts where complex_id <> ? limit 1', [alamos]);
    if (foreignPost)
      expect((await call('POST', `${base()}/gate-entries`, guard, visitor({ postId: foreignPost.id }))).statusCode).toBe(400);
    for (const idNumber of ['  ', 'ab', '12 34 5\u00e9']) {
      const bad = await call('POST', `${base()}/gate-entries`, guard, visitor({ idNumber }));
      expect(bad.statusCode, idNumber).toBe(400);
    }
  });

  it('refuses a second entry of a person inside (the spec message) until their exit is registered', async () => {
    const idNumber = freshId();
    const first = await register({ idNumber });
    const second = await call('POST', `${base()}/gate-entries`, guard, visitor({ idNumber: ` ${idNumber.toLowerCase()}` }));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'OPEN_ENTRY', message: GATE_MESSAGES.openEntry });
    const exit = await call('POST', `${base()}/gate-entries/${first.id}/exit`, guard);
    expect(exit.statusCode, exit.body).toBe(200);
    expect(exit.json()).toMatchObject({ exitRegisteredByName: 'Gustavo Guardia' });
    expect(exit.json().exitedAt).toBeTruthy();
    const twice = await call('POST', `${base()}/gate-entries/${first.id}/exit`, guard);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(GATE_MESSAGES.alreadyExited);
    await register({ idNumber });
  });

  it('registers one exit when two guards press it at once', async () => {
    const entry = await register();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', `${base()}/gate-entries/${entry.id}/exit`, guard)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    const exits = await t.sql("select id from audit_logs where record_id = ? and action = 'exit'", [entry.id]);
    expect(exits).toHaveLength(1);
  });

  it('keeps exactly one open entry when 40 registrations of the same person arrive at once', async () => {
    const idNumber = freshId();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call('POST', `${base()}/gate-entries`, guard, visitor({ idNumber, observations: `#${i}` })),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(39);
    const rows = await t.sql('select id from gate_entries where complex_id = ? and id_number = ? and exited_at is null', [
      alamos,
      idNumber,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('answers a retried POST with the same Idempotency-Key once, without a second entry', async () => {
    const idNumber = freshId();
    const headers = { ...guard, 'idempotency-key': `gate-${idNumber}` };
    const first = await call('POST', `${base()}/gate-entries`, headers, visitor({ idNumber }));
    const retry = await call('POST', `${base()}/gate-entries`, headers, visitor({ idNumber }));
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotency-replayed']).toBe('true');
    expect(retry.json().id).toBe(first.json().id);
    expect(await t.sql('select id from gate_entries where id_number = ?', [idNumber])).toHaveLength(1);
  });

  it('takes the complex, the guard and the flags from the path and the session, never from the body', async () => {
    const res = await call(
      'POST',
      `${base()}/gate-entries`,
      guard,
      visitor({
        complexId: bosque,
        registeredBy: otherUnit.holder,
        listHit: 'blanca',
        rejected: true,
        enteredAt: '1999-01-01T00:00:00Z',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.sql<Record<string, unknown>>('select * from gate_entries where id = ?', [res.json().id]);
    expect(row).toMatchObject({ complex_id: alamos, list_hit: null, rejected: false });
    expect(row.registered_by).not.toBe(otherUnit.holder);
    expect(new Date(row.entered_at as string).getFullYear()).toBeGreaterThan(2000);
  });

  it('lists the log newest first with its filters, and exports it', async () => {
    const list = await call('GET', `${base()}/gate-entries${listQuery({ range: [0, 9] })}`, guard);
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json() as { enteredAt: string }[];
    expect(rows.map((r) => r.enteredAt)).toEqual([...rows.map((r) => r.enteredAt)].sort().reverse());
    const open = (
      await call('GET', `${base()}/gate-entries${listQuery({ filter: { open: true }, range: [0, 999] })}`, guard)
    ).json();
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((e: { exitedAt: string | null }) => e.exitedAt === null)).toBe(true);
    const byPost = (
      await call('GET', `${base()}/gate-entries${listQuery({ filter: { postId: posts[1].id }, range: [0, 999] })}`, guard)
    ).json();
    expect(byPost.length).toBeGreaterThan(0);
    expect(byPost.every((e: { postId: string }) => e.postId === posts[1].id)).toBe(true);
    const yesterday = new Date(Date.now() - 5 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
    const day = (
      await call(
        'GET',
        `${base()}/gate-entries${listQuery({ filter: { enteredAt_gte: yesterday, enteredAt_lte: yesterday }, range: [0, 999] })}`,
        guard,
      )
    ).json();
    expect(day.length).toBeGreaterThan(0);
    const types = (
      await call('GET', `${base()}/gate-entries${listQuery({ filter: { visitType: 'Proveedor' }, range: [0, 999] })}`, guard)
    ).json();
    expect(types.every((e: { visitType: string }) => e.visitType === 'Proveedor')).toBe(true);
    expect((await call('GET', `${base()}/gate-entries${listQuery({ filter: { open: 'maybe' } })}`, guard)).statusCode).toBe(400);
    const csv = await call('GET', `${base()}/gate-entries/export?format=csv`, guard);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toContain('"Ingreso","Salida","Cédula"');
  });
});

describe('black and white lists', () => {
  it('registers a black-listed visitor with a warning (and its live event), a white-listed plate as trusted', async () => {
    const idNumber = freshId();
    const listed = await call('POST', `${base()}/gate-lists`, guard, { kind: 'negra', idNumber: ` ${idNumber}`, reason: 'Robo' });
    expect(listed.statusCode, listed.body).toBe(201);
    expect(listed.json()).toMatchObject({ kind: 'negra', idNumber, plate: null });
    const dup = await call('POST', `${base()}/gate-lists`, admin, { kind: 'blanca', idNumber });
    expect(dup.statusCode).toBe(409);
    expect((await call('POST', `${base()}/gate-lists`, admin, { kind: 'negra' })).json().errors).toEqual({
      idNumber: GATE_MESSAGES.listTarget,
    });
    const warned = await register({ idNumber });
    expect(warned).toMatchObject({ warning: true, notice: 'warning', listHit: 'negra' });
    await eventFor(GATE_TOPICS.entryWarning, warned.id);
    const warnings = (
      await call('GET', `${base()}/gate-entries${listQuery({ filter: { warning: true }, range: [0, 999] })}`, guard)
    ).json();
    expect(warnings.map((e: { id: string }) => e.id)).toContain(warned.id);
    // The guard lets them in after all, or refuses them (closed at once, in the rejected log).
    const approved = await call('POST', `${base()}/gate-entries/${warned.id}/approve`, guard);
    expect(approved.json()).toMatchObject({ approvedByName: 'Gustavo Guardia' });
    expect((await call('POST', `${base()}/gate-entries/${warned.id}/approve`, guard)).statusCode).toBe(409);
    const rejected = await call('POST', `${base()}/gate-entries/${warned.id}/reject`, guard);
    expect(rejected.json()).toMatchObject({ rejected: true });
    expect(rejected.json().exitedAt).toBeTruthy();

    await call('POST', `${base()}/gate-lists`, admin, { kind: 'blanca', plate: 'gsz-777' });
    const trusted = await register({ plate: 'GSZ 777' });
    expect(trusted).toMatchObject({ warning: false, notice: 'success', listHit: 'blanca' });
    expect((await call('DELETE', `${base()}/gate-lists/${listed.json().id}`, guard)).statusCode).toBe(200);
    expect((await register({ idNumber: freshId() })).warning).toBe(false);
  });
});

describe('VIP residents', () => {
  it("hides a VIP resident's visits from the guard's log, not from the office's", async () => {
    await t.sql('update users set vip = true where id = ?', [otherUnit.holder]);
    try {
      const entry = await register({ idNumber: freshId() });
      const ids = async (headers: object) =>
        (await call('GET', `${base()}/gate-entries${listQuery({ filter: { unitId: otherUnit.id }, range: [0, 999] })}`, headers))
          .json()
          .map((e: { id: string }) => e.id);
      expect(await ids(guard)).not.toContain(entry.id);
      expect(await ids(admin)).toContain(entry.id);
      // Nor by its id (a live event names every entry of the complex).
      expect((await call('GET', `${base()}/gate-entries/${entry.id}`, guard)).statusCode).toBe(404);
      expect((await call('GET', `${base()}/gate-entries/${entry.id}`, admin)).statusCode).toBe(200);
      // Nor act on it, which would answer it: exit, or e-mail it anywhere.
      expect((await call('POST', `${base()}/gate-entries/${entry.id}/exit`, guard)).statusCode).toBe(404);
      const mail = await call('POST', `${base()}/gate-entries/${entry.id}/notify`, guard, { to: 'fuera@ejemplo.test' });
      expect(mail.statusCode).toBe(404);
    } finally {
      await t.sql('update users set vip = false where id = ?', [otherUnit.holder]);
    }
  });
});

describe('POST /api/bitacora_digital/:complexId/ (spec 002 §7)', () => {
  const url = () => `/api/bitacora_digital/${alamos}/`;
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const fields = (cedula: string) => ({
    tipo_entrada: 'vehicular',
    nombre_persona_ingreso: 'Rosa',
    apellido_persona_ingreso: 'Bravo',
    cedula_persona_ingreso: `  ${cedula} `,
    placa_vehiculo_ingreso: 'gbc-0123',
    color_vehiculo_ingreso: 'Azul',
    nombre_destino: 'X',
    apellido_destino: 'Y',
    casa_destino: 'Z',
    id_destino: otherUnit.holder,
    id_conjunto: bosque,
    tipo_visita: 'servicio de ENTREGAS',
    tiempo_estimado_salida: '0.25',
    observaciones_entrada: 'Paquete',
    correo: 'residente@demo.test',
    camaraGarita: posts[1].name,
    isRezy: 'false',
  });
  const post = (body: string, headers: object = guard) =>
    t.app.inject({
      method: 'POST',
      url: url(),
      headers: { ...(headers as Record<string, string>), 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });

  it('answers 201 with the record, then 200 with the spec message while that person is inside', async () => {
    const cedula = freshId();
    const created = await post(form(fields(cedula)));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      cedula_persona_ingreso: cedula,
      placa_vehiculo_ingreso: 'GBC0123',
      id_destino: otherUnit.holder,
      id_conjunto: alamos,
      tipo_visita: 'Servicio de entregas',
      tiempo_estimado_salida: '0.25',
      camaraGarita: posts[1].name,
      hora_salida: null,
      tipo: 'other',
    });
    const [row] = await t.sql<{ complex_id: string; unit_id: string; source: string }>(
      'select complex_id, unit_id, source from gate_entries where id = ?',
      [created.json().id],
    );
    expect(row).toEqual({ complex_id: alamos, unit_id: otherUnit.id, source: 'bitacora' });
    const again = await post(form(fields(cedula)));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: GATE_MESSAGES.openEntry, code: 'OPEN_ENTRY', id: created.json().id });
  });

  it("takes 'Otro' with the place, and JSON too; refuses repeated fields, unknown types and other roles", async () => {
    const other = await post(form({ ...fields(freshId()), id_destino: 'Otro', casa_destino: 'Cancha' }));
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json()).toMatchObject({ id_destino: 'Otro', casa_destino: 'Cancha' });
    const json = await call('POST', url(), guard, { ...fields(freshId()), tipo_visita: 'Visita' });
    expect(json.statusCode, json.body).toBe(201);
    const repeated = await post(`${form(fields(freshId()))}&cedula_persona_ingreso=0999999999`);
    expect(repeated.statusCode).toBe(400);
    expect((await post(form({ ...fields(freshId()), tipo_visita: 'Turista' }))).statusCode).toBe(400);
    expect((await post(form({ ...fields(freshId()), id_destino: 'nope' }))).statusCode).toBe(400);
    expect((await post(`${form(fields(freshId()))}&__proto__=x&constructor=y`)).statusCode).toBe(201);
    expect((await post(form(fields(freshId())), resident)).statusCode).toBe(403);
    expect((await post(form(fields(freshId())).replace('Rosa', 'Ro%00sa'))).statusCode).toBe(400);
  });
});

describe('early visits', () => {
  it("lets a resident announce one for their own unit only, reaching the guards' bell live", async () => {
    // Within the hour, and still today in Guayaquil (without FechaIngreso a resident announces for today).
    const endOfToday = Date.parse(`${businessDay()}T23:59:00-05:00`);
    const arrival = new Date(Math.min(Date.now() + 60 * 60_000, endOfToday)).toISOString();
    const res = await call('POST', `${base()}/early-visits`, resident, {
      firstName: 'Tomás',
      lastName: 'Ruiz',
      idNumber: freshId(),
      plate: 'pcc-4455',
      visitType: 'Visita',
      expectedStay: '2',
      expectedArrival: arrival,
      observations: 'Viene a cenar',
    });
    expect(res.statusCode, res.body).toBe(201);
    const visit = res.json();
    expect(visit).toMatchObject({ unitId: residentUnit, residentId, status: 'pendiente', exited: false, plate: 'PCC4455' });
    expect(visit.hash).toMatch(/^[a-z0-9]{15}$/);
    await eventFor(GATE_TOPICS.earlyVisitCreated, visit.id);
    const elsewhere = await call('POST', `${base()}/early-visits`, resident, {
      firstName: 'X',
      visitType: 'Visita',
      expectedArrival: arrival,
      unitId: otherUnit.id,
    });
    expect(elsewhere.statusCode).toBe(404);
    const past = await call('POST', `${base()}/early-visits`, resident, {
      firstName: 'X',
      visitType: 'Visita',
      expectedArrival: '2020-01-01T10:00:00Z',
    });
    expect(past.json().errors).toEqual({ expectedArrival: GATE_MESSAGES.pastArrival });
    // The guard's bell: today's pending ones.
    const bell = (await call('GET', `${base()}/early-visits/today`, guard)).json();
    expect(bell.count).toBeGreaterThanOrEqual(1);
    expect(bell.latest.length).toBeLessThanOrEqual(5);
    const today = (
      await call(
        'GET',
        `${base()}/early-visits${listQuery({ filter: { today: true, status: 'pendiente' }, range: [0, 99] })}`,
        guard,
      )
    ).json();
    expect(today.map((v: { id: string }) => v.id)).toContain(visit.id);
    expect(bell.count).toBe(today.length);
    expect((await call('GET', `${base()}/early-visits/today`, resident)).statusCode).toBe(403);
  });

  it('lets the guard approve a visit once: the entry is registered and EstadoSalida set', async () => {
    const visit = (
      await call('POST', `${base()}/early-visits`, admin, {
        unitId: otherUnit.id,
        firstName: 'Elena',
        visitType: 'Proveedor',
        expectedArrival: new Date().toISOString(),
      })
    ).json();
    const missing = await call('POST', `${base()}/early-visits/${visit.id}/approve`, guard, {});
    expect(missing.json().errors).toEqual({ idNumber: GATE_MESSAGES.idNumber });
    const idNumber = freshId();
    const approved = await call('POST', `${base()}/early-visits/${visit.id}/approve`, guard, { idNumber, postId: posts[0].id });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().visit).toMatchObject({ status: 'ingresada', exited: true });
    expect(approved.json().entry).toMatchObject({ idNumber, unitId: otherUnit.id, source: 'anticipada', postId: posts[0].id });
    expect(approved.json().visit.entryId).toBe(approved.json().entry.id);
    const again = await call('POST', `${base()}/early-visits/${visit.id}/approve`, guard, { idNumber: freshId() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(GATE_MESSAGES.visitNotPending);
  });

  it('lets a visit in after the resident visited moved out: to the unit, visiting its holder', async () => {
    const visit = (
      await call('POST', `${base()}/early-visits`, admin, {
        unitId: otherUnit.id,
        firstName: 'Iris',
        idNumber: freshId(),
        visitType: 'Visita',
        expectedArrival: new Date().toISOString(),
      })
    ).json();
    expect(visit.residentId).toBe(otherUnit.holder);
    // The resident now lives elsewhere (the unit still names them as its owner).
    await t.sql('update users set unit_id = ? where id = ?', [residentUnit, otherUnit.holder]);
    try {
      const approved = await call('POST', `${base()}/early-visits/${visit.id}/approve`, guard, {});
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().entry).toMatchObject({ unitId: otherUnit.id, residentId: otherUnit.holder });
    } finally {
      await t.sql('update users set unit_id = ? where id = ?', [otherUnit.id, otherUnit.holder]);
    }
  });

  it("keeps a resident to their unit's visits: they cancel their own, never another unit's", async () => {
    const mine = (await call('GET', `${base()}/early-visits${listQuery({ range: [0, 99] })}`, resident)).json();
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((v: { unitId: string }) => v.unitId === residentUnit)).toBe(true);
    const pending = mine.find((v: { status: string }) => v.status === 'pendiente');
    const cancelled = await call('POST', `${base()}/early-visits/${pending.id}/cancel`, resident);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('cancelada');
    expect((await call('POST', `${base()}/early-visits/${pending.id}/cancel`, resident)).statusCode).toBe(409);
    const [theirs] = await t.sql<{ id: string }>(
      "select id from early_visits where complex_id = ? and unit_id <> ? and status = 'pendiente' limit 1",
      [alamos, residentUnit],
    );
    expect((await call('GET', `${base()}/early-visits/${theirs.id}`, resident)).statusCode).toBe(404);
    expect((await call('POST', `${base()}/early-visits/${theirs.id}/cancel`, resident)).statusCode).toBe(404);
    expect((await call('POST', `${base()}/early-visits/${theirs.id}/approve`, resident, {})).statusCode).toBe(403);
  });
});

describe('novedades', () => {
  it('records a novedad and e-mails it through the outbox to the administrators when asked', async () => {
    const res = await call('POST', `${base()}/gate-events`, guard, {
      title: 'Puerta vehicular atascada',
      detail: 'Se llamó al técnico.',
      postId: posts[0].id,
      sendEmail: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ emailed: true, postName: posts[0].name, registeredByName: 'Gustavo Guardia' });
    expect(res.json().recipients).toContain('admin@demo.test');
    const [mail] = await t.sql<{ subject: string }>("select subject from mail_outbox where category = 'gate.novedad'");
    expect(mail.subject).toContain('Puerta vehicular atascada');
    const quiet = await call('POST', `${base()}/gate-events`, guard, { title: 'Ronda sin novedades' });
    expect(quiet.json()).toMatchObject({ emailed: false, recipients: [] });
    const bad = await call('POST', `${base()}/gate-events`, guard, { title: 'X', sendEmail: true, recipients: ['no-es-correo'] });
    expect(bad.json().errors).toEqual({ recipients: GATE_MESSAGES.recipients });
    expect((await call('DELETE', `${base()}/gate-events/${quiet.json().id}`, guard)).statusCode).toBe(403);
    const board = await t.login('directiva@demo.test');
    expect((await call('GET', `${base()}/gate-events`, board)).statusCode).toBe(200);
    expect((await call('GET', `${base()}/gate-entries`, board)).statusCode).toBe(403);
  });
});

describe("the catalogue's switches that touch the gate", () => {
  const setSwitch = async (name: string, on: boolean) => {
    const res = await call('PUT', `${base()}/modules`, await t.login('superadmin@demo.test'), { [name]: on });
    expect(res.statusCode, res.body).toBe(200);
  };
  const novedad = (extra: object = {}) => call('POST', `${base()}/gate-events`, guard, { title: 'Ronda nocturna', ...extra });

  it('EmailNovedades allows e-mailing novedades; CorreoNovedadesDefault e-mails each one unless told not to', async () => {
    await setSwitch('EmailNovedades', false);
    try {
      const refused = await novedad({ sendEmail: true });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(GATE_MESSAGES.emailOff);
      expect((await novedad()).json().emailed).toBe(false);
    } finally {
      await setSwitch('EmailNovedades', true);
    }
    expect((await novedad()).json().emailed).toBe(false);
    await setSwitch('CorreoNovedadesDefault', true);
    try {
      expect((await novedad()).json().emailed).toBe(true);
      expect((await novedad({ sendEmail: false })).json().emailed).toBe(false);
    } finally {
      await setSwitch('CorreoNovedadesDefault', false);
    }
  });

  it("keeps a guard on shift to their post's log unless JoinGuardBinnacle joins the posts' logs", async () => {
    const here = await register({ postId: posts[0].id }, admin);
    const there = await register({ postId: posts[1].id }, admin);
    const seen = async () =>
      ((await call('GET', `${base()}/gate-entries${listQuery({ range: [0, 999] })}`, guard)).json() as { id: string }[]).map(
        (e) => e.id,
      );
    // What the screen says of it (GET gate-entries/scope).
    const scope = async (headers = guard) => (await call('GET', `${base()}/gate-entries/scope`, headers)).json();
    // Before a shift the server does not know the guard's post: the whole log.
    expect(await seen()).toEqual(expect.arrayContaining([here.id, there.id]));
    expect(await scope()).toEqual({ postName: null, todayOnly: false });
    const shift = await call('POST', `${base()}/gate-shifts`, guard, { postId: posts[0].id });
    expect(shift.statusCode, shift.body).toBe(201);
    try {
      expect(await seen()).toContain(here.id);
      expect(await seen()).not.toContain(there.id);
      expect(await scope()).toEqual({ postName: posts[0].name, todayOnly: false });
      expect(await scope(admin)).toEqual({ postName: null, todayOnly: false });
      await setSwitch('JoinGuardBinnacle', true);
      expect(await seen()).toContain(there.id);
      expect(await scope()).toEqual({ postName: null, todayOnly: false });
    } finally {
      await setSwitch('JoinGuardBinnacle', false);
      await call('POST', `${base()}/gate-shifts/${shift.json().id}/end`, guard, { observation: 'Fin de la prueba.' });
    }
    // The office sees every post's.
    const office = (await call('GET', `${base()}/gate-entries${listQuery({ range: [0, 999] })}`, admin)).json();
    expect(office.map((e: { id: string }) => e.id)).toContain(there.id);
  });

  it("LimitBitacora keeps the guard's log to today's entries and those still inside; the office sees it all", async () => {
    const startOfToday = Date.parse(`${new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10)}T00:00:00-05:00`);
    const log = async (headers: object) =>
      (await call('GET', `${base()}/gate-entries${listQuery({ range: [0, 999] })}`, headers)).json() as {
        enteredAt: string;
        exitedAt: string | null;
      }[];
    const older = (rows: { enteredAt: string; exitedAt: string | null }[]) =>
      rows.filter((e) => e.exitedAt !== null && Date.parse(e.enteredAt) < startOfToday);
    expect(older(await log(guard)).length).toBeGreaterThan(0);
    await setSwitch('LimitBitacora', true);
    try {
      const limited = await log(guard);
      expect(limited.length).toBeGreaterThan(0);
      expect(older(limited)).toEqual([]);
      expect(older(await log(admin)).length).toBeGreaterThan(0);
      expect((await call('GET', `${base()}/gate-entries/scope`, guard)).json()).toMatchObject({ todayOnly: true });
      expect((await call('GET', `${base()}/gate-entries/scope`, admin)).json()).toMatchObject({ todayOnly: false });
    } finally {
      await setSwitch('LimitBitacora', false);
    }
  });
});
