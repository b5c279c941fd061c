// Common areas and reservations through the API (spec 000 §4, 002 §3 §4 §5 §7 §9): booking rules, approval with its
// code and charges, rejection and cancellation, codes at the gate, the spec's qrcode/qr_area paths, tenancy.
import { multipart, startTestServer, type TestServer } from '@conjunto/server/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantOf } from '../server/slots.ts';

let t: TestServer;
let alamos: string;
let admin: { authorization: string };
let resident: { authorization: string };
let guard: { authorization: string };
let residentUnit: string;
let residentId: string;

const DAY = 86_400_000;
/** The Guayaquil day `offset` days from today. */
const dayAt = (offset: number) => new Date(Date.now() + offset * DAY - 5 * 3_600_000).toISOString().slice(0, 10);
const at = (offset: number, hour: number) => instantOf(dayAt(offset), hour * 60).toISOString();
const base = () => `/api/complexes/${alamos}`;
type Headers = { authorization: string };
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `${base()}${url}`, headers, ...(payload ? { payload } : {}) });
const appLogin = async (email: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'demo1234', client: 'app' },
  });
  return { authorization: `Bearer ${res.json().token}` };
};

/** A fresh area of the complex (no demo reservations on it). */
async function newArea(fields: object = {}) {
  const res = await call('POST', '/reservation-areas', admin, {
    name: `Área ${Math.random().toString(36).slice(2, 8)}`,
    allowQr: true,
    price: 40,
    deposit: 60,
    opensAt: '10:00',
    closesAt: '22:00',
    slotMinutes: 60,
    maxSlots: 4,
    minNoticeHours: 0,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string };
}
const book = (headers: Headers, areaId: string, startsAt: string, endsAt: string, extra: object = {}) =>
  call('POST', '/reservations', headers, { areaId, startsAt, endsAt, ...extra });

beforeAll(async () => {
  t = await startTestServer();
  alamos = await t.complexId('alamos');
  admin = await t.login('admin@demo.test');
  resident = await appLogin('residente@demo.test');
  guard = await t.login('guardia@demo.test');
  const [me] = await t.sql<{ id: string; unit_id: string }>("select id, unit_id from users where email = 'residente@demo.test'");
  residentUnit = me.unit_id;
  residentId = me.id;
  // Nothing owed: the debts rule is tested on its own.
  await t.sql('update receivables set balance = 0 where complex_id = ? and unit_id = ?', [alamos, residentUnit]);
});
afterAll(() => t?.close());

describe('areas (areascomunales)', () => {
  it('creates, validates and names an area once per complex', async () => {
    const area = await newArea({ name: 'Terraza', mode: 'bloques', slotMinutes: 240, weekdays: [6, 7] });
    expect(area).toMatchObject({ name: 'Terraza', mode: 'bloques', maxSlots: 1, weekdays: [6, 7], opensAt: '10:00' });
    const dup = await call('POST', '/reservation-areas', admin, { name: ' terraza ' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Ya existe un área comunal con ese nombre.');
    const hours = await call('POST', '/reservation-areas', admin, { name: 'Al revés', opensAt: '20:00', closesAt: '08:00' });
    expect(hours.statusCode).toBe(400);
    expect(hours.json().errors).toEqual({ closesAt: 'La hora de cierre debe ser posterior a la de apertura.' });
    for (const bad of [
      { price: -1 },
      { price: 1.234 },
      { price: 'Infinity' },
      { opensAt: '25:00' },
      { weekdays: [0] },
      { name: 'a\u0000b' },
    ]) {
      const res = await call('POST', '/reservation-areas', admin, { name: 'Mala', ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    // Another complex or an id in the body change nothing: the area is of the path's complex, with an id of its own.
    const bosque = await t.complexId('bosque');
    const intruder = '0190c0de-0000-7000-8000-000000000001';
    const kept = await call('POST', '/reservation-areas', admin, { name: 'Intrusa', complexId: bosque, id: intruder });
    expect(kept.statusCode).toBe(201);
    expect(kept.json().id).not.toBe(intruder);
    expect(await t.sql('select 1 from reservation_areas where id = ? and complex_id = ?', [kept.json().id, alamos])).toHaveLength(
      1,
    );
  });

  it('shows residents and guards the enabled areas only', async () => {
    const hidden = await newArea({ enabled: false });
    for (const who of [resident, guard]) {
      const list = await call('GET', '/reservation-areas?range=[0,99]', who);
      expect(list.statusCode).toBe(200);
      expect(list.json().every((a: { enabled: boolean }) => a.enabled)).toBe(true);
      expect((await call('GET', `/reservation-areas/${hidden.id}`, who)).statusCode).toBe(404);
    }
    expect((await call('POST', '/reservation-areas', resident, { name: 'Mía' })).statusCode).toBe(403);
  });

  it("answers a day's slots, free or taken", async () => {
    const area = await newArea();
    await book(admin, area.id, at(3, 12), at(3, 14), { unitId: residentUnit });
    const res = await call('GET', `/reservation-areas/${area.id}/availability?date=${dayAt(3)}`, resident);
    expect(res.statusCode).toBe(200);
    const { slots, open, maxSlots } = res.json();
    expect(open).toBe(true);
    expect(maxSlots).toBe(4);
    expect(slots).toHaveLength(12);
    expect(slots[0].label).toBe('10:00 - 11:00');
    expect(slots.filter((s: { free: boolean }) => !s.free).map((s: { label: string }) => s.label)).toEqual([
      '12:00 - 13:00',
      '13:00 - 14:00',
    ]);
    expect((await call('GET', `/reservation-areas/${area.id}/availability?date=ayer`, resident)).statusCode).toBe(400);
  });

  it('keeps up to 6 photos, re-encoded as JPEG, and refuses what is not an image', async () => {
    const area = await newArea();
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const upload = (headers: Headers, data: Buffer | string, contentType = 'image/png') => {
      const body = multipart([{ name: 'photo', filename: 'salon.png', contentType, data }]);
      return t.app.inject({
        method: 'POST',
        url: `${base()}/reservation-areas/${area.id}/photos`,
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    };
    const first = await upload(admin, png);
    expect(first.statusCode, first.body).toBe(201);
    const [photo] = first.json().photos;
    expect(photo.url).toBeTruthy();
    const [file] = await t.sql<{ content_type: string }>('select content_type from files where id = ?', [photo.id]);
    expect(file.content_type).toBe('image/jpeg');
    const fake = await upload(admin, 'not an image', 'image/png');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('Solo se permiten archivos de imagen');
    expect((await upload(resident, png)).statusCode).toBe(403);
    for (let i = 1; i < 6; i++) expect((await upload(admin, png)).statusCode).toBe(201);
    const seventh = await upload(admin, png);
    expect(seventh.statusCode).toBe(400);
    expect(seventh.json().message).toBe('Un área comunal puede tener como máximo 6 fotos.');
    // Residents see them (their booking dialog), through signed URLs.
    expect((await call('GET', `/reservation-areas/${area.id}`, resident)).json().photos).toHaveLength(6);
    const removed = await call('DELETE', `/reservation-areas/${area.id}/photos/${photo.id}`, admin);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().photos.map((p: { id: string }) => p.id)).not.toContain(photo.id);
    expect((await call('DELETE', `/reservation-areas/${area.id}/photos/${photo.id}`, admin)).statusCode).toBe(404);
  });

  it('refuses to delete an area with live reservations to come', async () => {
    const area = await newArea();
    const r = (await book(admin, area.id, at(4, 10), at(4, 11), { unitId: residentUnit })).json();
    const res = await call('DELETE', `/reservation-areas/${area.id}`, admin);
    expect(res.statusCode).toBe(409);
    await call('POST', `/reservations/${r.id}/cancel`, admin, {});
    expect((await call('DELETE', `/reservation-areas/${area.id}`, admin)).statusCode).toBe(200);
  });
});

describe('booking rules', () => {
  it('takes a resident request as pending, for their own unit, and refuses what the area does not allow', async () => {
    const area = await newArea({ minNoticeHours: 48, maxSlots: 2, capacity: 10, weekdays: [1, 2, 3, 4, 5, 6, 7] });
    const ok = await book(resident, area.id, at(5, 18), at(5, 20), { guests: 8 });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({
      status: 'pendiente',
      approved: false,
      unitId: residentUnit,
      userId: residentId,
      code: null,
    });
    expect(ok.json().hash).toMatch(/^[a-z0-9]{15}$/);
    const cases: [object, number, string][] = [
      [{ startsAt: at(1, 18), endsAt: at(1, 19) }, 400, 'La reserva debe hacerse con al menos 48 hora(s) de anticipación.'],
      [{ startsAt: at(6, 8), endsAt: at(6, 9) }, 400, 'El horario está fuera de la atención del área.'],
      [{ startsAt: at(6, 21), endsAt: at(6, 23) }, 400, 'El horario está fuera de la atención del área.'],
      [{ startsAt: at(6, 10.5), endsAt: at(6, 11.5) }, 400, 'El horario no coincide con los turnos del área.'],
      [{ startsAt: at(6, 10), endsAt: at(6, 13) }, 400, 'La reserva puede ocupar como máximo 2 turno(s).'],
      [{ startsAt: at(6, 10), endsAt: at(6, 11), guests: 11 }, 400, 'El área admite como máximo 10 persona(s).'],
      [{ startsAt: at(-2, 10), endsAt: at(-2, 11) }, 400, 'No se puede reservar en una fecha u hora pasada.'],
      [{ startsAt: at(5, 19), endsAt: at(5, 20) }, 409, 'El horario seleccionado ya está reservado.'],
    ];
    for (const [range, status, message] of cases) {
      const res = await call('POST', '/reservations', resident, { areaId: area.id, ...range });
      expect(res.statusCode, JSON.stringify(range)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    // Another unit's booking, a counter, a status or the complex in the body: refused or not taken.
    const other = await t.sql<{ id: string }>('select id from units where complex_id = ? and id <> ? limit 1', [
      alamos,
      residentUnit,
    ]);
    expect((await book(resident, area.id, at(7, 10), at(7, 11), { unitId: other[0].id })).statusCode).toBe(404);
    // A state, a code, a charge or a user in the body change nothing: a pending request of the caller's unit.
    const sneaky = await book(resident, area.id, at(7, 10), at(7, 11), {
      status: 'aprobada',
      code: '12345678',
      charged: true,
      userId: other[0].id,
      price: 0,
    });
    expect(sneaky.statusCode, sneaky.body).toBe(201);
    expect(sneaky.json()).toMatchObject({ status: 'pendiente', code: null, charged: false, userId: residentId, price: 40 });
  });

  it("limits a unit's reservations of an area per month", async () => {
    const area = await newArea({ maxPerUnitMonth: 1 });
    // Both on one Guayaquil month: the first days of next month.
    const next = new Date(Date.now() + 40 * DAY);
    const offset = Math.round((Date.UTC(next.getUTCFullYear(), next.getUTCMonth(), 2) - Date.now()) / DAY) + 1;
    expect((await book(resident, area.id, at(offset, 10), at(offset, 11))).statusCode).toBe(201);
    const second = await book(resident, area.id, at(offset + 1, 10), at(offset + 1, 11));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('La unidad alcanzó el máximo de 1 reserva(s) de esta área en el mes.');
  });

  it('refuses a unit with overdue debts unless the resident holds a payment agreement', async () => {
    const area = await newArea();
    const [debt] = await t.sql<{ id: string }>(
      "insert into receivables (id, complex_id, unit_id, kind, name, category, original_amount, balance, due_date) values (gen_random_uuid(), ?, ?, 'extraordinary', 'Multa', 'Ingresos Ordinarios', 10, 10, current_date - 10) returning id",
      [alamos, residentUnit],
    );
    const refused = await book(resident, area.id, at(8, 10), at(8, 11));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('No puede reservar: la unidad tiene valores vencidos pendientes de pago.');
    await t.sql('update users set payment_agreement = true where id = ?', [residentId]);
    expect((await book(resident, area.id, at(8, 10), at(8, 11))).statusCode).toBe(201);
    await t.sql('update users set payment_agreement = false where id = ?', [residentId]);
    await t.sql('delete from receivables where id = ?', [debt.id]);
  });

  it("refuses a tenant whose owner blocked tenants' reservations", async () => {
    const area = await newArea();
    const tenant = await appLogin('inquilino@demo.test');
    const [unit] = await t.sql<{ unit_id: string }>("select unit_id from users where email = 'inquilino@demo.test'");
    await t.sql('update receivables set balance = 0 where unit_id = ?', [unit.unit_id]);
    await t.sql('update units set tenant_reservations_blocked = true where id = ?', [unit.unit_id]);
    const res = await book(tenant, area.id, at(9, 10), at(9, 11));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('El propietario de la unidad no permite reservas a los inquilinos.');
    await t.sql('update units set tenant_reservations_blocked = false where id = ?', [unit.unit_id]);
    expect((await book(tenant, area.id, at(9, 10), at(9, 11))).statusCode).toBe(201);
  });

  it('approves a resident with the prepaid guarantee at once, without deposit', async () => {
    const area = await newArea();
    await t.sql('update users set prepaid_guarantee = true where id = ?', [residentId]);
    const res = await book(resident, area.id, at(10, 10), at(10, 12));
    await t.sql('update users set prepaid_guarantee = false where id = ?', [residentId]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'aprobada', deposit: 0, price: 40, charged: true });
    expect(res.json().code).toMatch(/^\d{8}$/);
  });
});

describe('approval, rejection and cancellation (reservasxaprobar)', () => {
  it("pushes the unit's holder when the office books for the unit (approved at once)", async () => {
    const area = await newArea();
    const r = (await book(admin, area.id, at(18, 14), at(18, 16), { unitId: residentUnit })).json();
    expect(r.status).toBe('aprobada');
    const [holder] = await t.sql<{ holder_id: string }>('select holder_id from directory_units where id = ?', [residentUnit]);
    const pushes = await t.sql<{ title: string }>(
      "select title from push_outbox where user_id = ? and category = 'reservations.aprobada' and data->>'reservationId' = ?",
      [holder.holder_id, r.id],
    );
    expect(pushes.map((p) => p.title)).toEqual(['Reserva aprobada']);
  });

  it('approves with an 8-digit code, posts price and deposit to the unit, pushes the resident; cancelling takes it all back', async () => {
    const area = await newArea();
    const r = (await book(resident, area.id, at(11, 14), at(11, 16))).json();
    const approved = await call('POST', `/reservations/${r.id}/approve`, admin);
    expect(approved.statusCode, approved.body).toBe(200);
    const body = approved.json();
    expect(body).toMatchObject({ status: 'aprobada', approved: true, charged: true });
    expect(body.code).toMatch(/^\d{8}$/);
    expect(Date.parse(body.codeValidUntil)).toBe(Date.parse(at(11, 16)));
    expect(Date.parse(body.codeValidFrom)).toBe(Date.parse(at(11, 14)));
    const charges = await t.sql<{ name: string; original_amount: string; category: string; subcategory: string }>(
      'select name, original_amount::text, category, subcategory from receivables where source_ref like ? order by name',
      [`reservations:${r.id}:%`],
    );
    expect(charges.map((c) => [c.original_amount, c.category, c.subcategory])).toEqual([
      ['60.00', 'Ingresos Extraordinarios', 'Reserva de área comunal'],
      ['40.00', 'Ingresos Extraordinarios', 'Reserva de área comunal'],
    ]);
    const [push] = await t.sql<{ title: string }>(
      "select title from push_outbox where user_id = ? and category = 'reservations.aprobada' order by created_at desc limit 1",
      [residentId],
    );
    expect(push.title).toBe('Reserva aprobada');
    // Approving again: no longer pending, nothing charged twice.
    const again = await call('POST', `/reservations/${r.id}/approve`, admin);
    expect(again.statusCode).toBe(409);
    // The resident sees their code; the guard reads the reservation without it.
    expect((await call('GET', `/reservations/${r.id}`, resident)).json().code).toBe(body.code);
    expect((await call('GET', `/reservations/${r.id}`, guard)).json().code).toBeNull();
    // Cancelled by the resident: the code goes, the unpaid charges are withdrawn.
    const cancelled = await call('POST', `/reservations/${r.id}/cancel`, resident, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelada', code: null, charged: false });
    expect(await t.sql('select 1 from receivables where source_ref like ?', [`reservations:${r.id}:%`])).toHaveLength(0);
    // Its slot is free again.
    expect((await book(resident, area.id, at(11, 14), at(11, 16))).statusCode).toBe(201);
  });

  it('keeps a paid charge when the reservation is rejected, and tells the resident why', async () => {
    const area = await newArea({ deposit: 0 });
    const r = (await book(resident, area.id, at(12, 10), at(12, 11))).json();
    await call('POST', `/reservations/${r.id}/approve`, admin);
    await t.sql('update receivables set balance = 0 where source_ref = ?', [`reservations:${r.id}:price`]);
    const rejected = await call('POST', `/reservations/${r.id}/reject`, admin, { reason: 'Mantenimiento del área' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rechazada', reason: 'Mantenimiento del área', charged: true });
    expect(await t.sql('select 1 from receivables where source_ref = ?', [`reservations:${r.id}:price`])).toHaveLength(1);
    const [push] = await t.sql<{ body: string }>(
      "select body from push_outbox where user_id = ? and category = 'reservations.rechazada' order by created_at desc limit 1",
      [residentId],
    );
    expect(push.body).toContain('Mantenimiento del área');
  });

  it('only rejects a pending reservation that has ended; bulk approval skips it', async () => {
    const area = await newArea();
    const ended = (await book(admin, area.id, at(13, 10), at(13, 11), { unitId: residentUnit })).json();
    // Pending and already over (as a request nobody decided in time).
    await t.sql(
      "update reservations set status = 'pendiente', code = null, starts_at = now() - interval '3 hours', ends_at = now() - interval '2 hours' where id = ?",
      [ended.id],
    );
    const res = await call('POST', `/reservations/${ended.id}/approve`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('La reserva ya terminó: solo se puede rechazar.');
    const coming = (await book(resident, area.id, at(13, 12), at(13, 13))).json();
    const bulk = await call('POST', '/reservations/approve-many', admin, { ids: [ended.id, coming.id] });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json()).toEqual({
      approved: [coming.id],
      skipped: [{ id: ended.id, reason: 'La reserva ya terminó: solo se puede rechazar.' }],
    });
    expect((await call('POST', `/reservations/${ended.id}/reject`, admin, {})).statusCode).toBe(200);
    // The pending list (reservasxaprobar) holds neither any more.
    const pending = (
      await call('GET', `/reservations?filter=${encodeURIComponent('{"pending":true}')}&range=[0,999]`, admin)
    ).json();
    expect(pending.map((p: { id: string }) => p.id)).not.toContain(coming.id);
  });

  it('moves the code with the times; a resident cannot cancel once it started', async () => {
    const area = await newArea();
    const r = (await book(admin, area.id, at(14, 10), at(14, 11), { unitId: residentUnit })).json();
    expect(r.status).toBe('aprobada');
    const moved = await call('PUT', `/reservations/${r.id}`, admin, { startsAt: at(14, 15), endsAt: at(14, 17) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(Date.parse(moved.json().codeValidUntil)).toBe(Date.parse(at(14, 17)));
    expect(moved.json().code).toBe(r.code);
    expect((await call('PUT', `/reservations/${r.id}`, resident, { notes: 'x' })).statusCode).toBe(403);
    await t.sql(
      "update reservations set starts_at = now() - interval '1 hour', ends_at = now() + interval '1 hour' where id = ?",
      [r.id],
    );
    const late = await call('POST', `/reservations/${r.id}/cancel`, resident, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('La reserva ya empezó y no se puede cancelar.');
  });

  it("answers the bell's pending count and the 5 newest", async () => {
    const res = await call('GET', '/reservations/pending', admin);
    expect(res.statusCode).toBe(200);
    const { count, latest } = res.json();
    expect(count).toBeGreaterThan(0);
    expect(latest.length).toBe(Math.min(5, count));
    expect((await call('GET', '/reservations/pending', resident)).statusCode).toBe(403);
  });
});

describe('codes at the gate', () => {
  it("validates a code in its window, refuses it outside, and adds it to the gate's timeline", async () => {
    const area = await newArea();
    const r = (await book(admin, area.id, at(15, 10), at(15, 12), { unitId: residentUnit })).json();
    const early = await call('POST', '/reservations/validate', guard, { code: r.code });
    expect(early.json()).toMatchObject({ valid: false, message: 'El código QR no es válido en este horario.' });
    await t.sql(
      "update reservations set code_valid_from = now() - interval '10 minutes', code_valid_until = now() + interval '1 hour' where id = ?",
      [r.id],
    );
    const ok = await call('POST', '/reservations/validate', guard, { code: r.code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ valid: true, reservation: { id: r.id, areaName: area.name } });
    const unknown = await call('POST', '/reservations/validate', guard, {
      code: '00000000' === r.code ? '00000001' : '00000000',
    });
    expect(unknown.json()).toMatchObject({ valid: false, message: 'Código QR no válido.', reservation: null });
    expect((await call('POST', '/reservations/validate', guard, { code: '1234' })).statusCode).toBe(400);
    expect((await call('POST', '/reservations/validate', resident, { code: r.code })).statusCode).toBe(403);
    // The gate hears the validations as domain events; a dispatch already under way may deliver them a moment later.
    await t.app.domainEvents.dispatch();
    const details = async () => {
      await t.app.domainEvents.dispatch();
      const rows = await t.sql<{ detail: string }>(
        "select detail from gate_timeline where kind = 'reserva' and ref_id = ? order by occurred_at",
        [r.id],
      );
      return rows.map((x) => x.detail);
    };
    await expect
      .poll(details)
      .toEqual(['Código QR rechazado: El código QR no es válido en este horario.', `Código QR válido: ${area.name}`]);
  });
});

describe("the spec's qrcode/qr_area paths", () => {
  it('registers, moves and deletes a code by the complex in the body or the query', async () => {
    // An area without QR takes no code.
    const plain = await newArea({ allowQr: false });
    const noQr = (await book(admin, plain.id, at(16, 10), at(16, 12), { unitId: residentUnit })).json();
    expect(noQr.code).toBeNull();
    const payload = {
      conjunto: alamos,
      code: '48213377',
      direction: 'in',
      date_from: at(16, 9),
      date_until: at(16, 12),
      area: plain.id,
      reserva: noQr.id,
      user: 'residente',
    };
    const refusedQr = await t.app.inject({ method: 'POST', url: '/api/qrcode/qr_area/', headers: admin, payload });
    expect(refusedQr.statusCode).toBe(409);
    expect(refusedQr.json().message).toBe('El área no permite códigos QR.');
    // A QR area's reservation (the office's booking is approved with a code) takes the client's code instead.
    const area = await newArea({ allowQr: true });
    const r = (await book(admin, area.id, at(16, 10), at(16, 12), { unitId: residentUnit })).json();
    expect(r.code).toMatch(/^\d{8}$/);
    Object.assign(payload, { area: area.id, reserva: r.id });
    const created = await t.app.inject({ method: 'POST', url: '/api/qrcode/qr_area/', headers: admin, payload });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ code: '48213377', hash: r.hash });
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/qrcode/qr_area/update_code/${r.hash}/?conjunto=${alamos}`,
      headers: admin,
      payload: { date_from: at(16, 11), date_until: at(16, 13) },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(Date.parse(moved.json().date_until)).toBe(Date.parse(at(16, 13)));
    // Another complex's id names another complex: the reservation is not there.
    const bosque = await t.complexId('bosque');
    const elsewhere = await t.app.inject({
      method: 'DELETE',
      url: `/api/qrcode/qr_area/delete_code/${r.hash}/?conjunto=${bosque}`,
      headers: admin,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/qrcode/qr_area/', headers: guard, payload })).statusCode).toBe(403);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/qrcode/qr_area/delete_code/${r.hash}/?conjunto=${alamos}`,
      headers: admin,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', `/reservations/${r.id}`, admin)).json().code).toBeNull();
  });

  it('gives one code to one reservation when two clients register it at once', async () => {
    const area = await newArea({ allowQr: true });
    const both = [
      (await book(admin, area.id, at(17, 10), at(17, 11), { unitId: residentUnit })).json(),
      (await book(admin, area.id, at(17, 12), at(17, 13), { unitId: residentUnit })).json(),
    ];
    const answers = await Promise.all(
      both.map((r) =>
        t.app.inject({
          method: 'POST',
          url: '/api/qrcode/qr_area/',
          headers: admin,
          payload: {
            conjunto: alamos,
            code: '59012345',
            direction: 'in',
            date_from: at(17, 9),
            date_until: at(17, 14),
            area: area.id,
            reserva: r.id,
            user: 'residente',
          },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().message).toBe('El código ya está asignado a otra reserva.');
  });
});

describe('tenancy and visibility', () => {
  it("shows a resident only their unit's reservations, and another complex's as not found", async () => {
    const mine = (await call('GET', '/reservations?range=[0,999]', resident)).json();
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r: { unitId: string }) => r.unitId === residentUnit)).toBe(true);
    const [other] = await t.sql<{ id: string }>('select id from reservations where complex_id = ? and unit_id <> ? limit 1', [
      alamos,
      residentUnit,
    ]);
    expect((await call('GET', `/reservations/${other.id}`, resident)).statusCode).toBe(404);
    expect((await call('POST', `/reservations/${other.id}/cancel`, resident, {})).statusCode).toBe(404);
    const [foreign] = await t.sql<{ id: string }>('select id from reservations where complex_id <> ? limit 1', [alamos]);
    expect((await call('GET', `/reservations/${foreign.id}`, admin)).statusCode).toBe(404);
    const guardList = (await call('GET', '/reservations?range=[0,999]', guard)).json();
    expect(guardList.every((r: { status: string; code: null }) => r.status === 'aprobada' && r.code === null)).toBe(true);
  });
});

describe('ReservasEmail', () => {
  it('e-mails the administrators each request, naming the resident and the unit, and the resident each decision', async () => {
    const superadmin = await t.login('superadmin@demo.test');
    expect((await call('PUT', '/modules', superadmin, { ReservasEmail: true })).statusCode).toBe(200);
    const area = await newArea();
    const r = (await book(resident, area.id, at(19, 10), at(19, 11))).json();
    await call('POST', `/reservations/${r.id}/approve`, admin);
    expect((await call('PUT', '/modules', superadmin, { ReservasEmail: false })).statusCode).toBe(200);
    const mails = await t.sql<{ subject: string; text_body: string; category: string }>(
      "select subject, text as text_body, category from mail_outbox where category like 'reservations.%' and subject like ?",
      [`%${area.name}%`],
    );
    const [{ name }] = await t.sql<{ name: string }>("select first_name || ' ' || last_name as name from users where id = ?", [
      residentId,
    ]);
    const request = mails.find((m) => m.category === 'reservations.requested');
    expect(request?.subject).toBe(`Nueva reserva por aprobar: ${area.name}`);
    expect(request?.text_body).toContain(`${name} (U.H. Casa 1)`);
    expect(mails.find((m) => m.category === 'reservations.aprobada')?.subject).toBe(`Reserva aprobada: ${area.name}`);
  });
});

describe('a retried request', () => {
  it('answers the first booking again with the same Idempotency-Key, instead of "slot taken"', async () => {
    const area = await newArea();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `${base()}/reservations`,
        headers: { ...resident, 'idempotency-key': 'reserva-retry-1' },
        payload: { areaId: area.id, startsAt: at(18, 10), endsAt: at(18, 11) },
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(await t.sql('select 1 from reservations where area_id = ?', [area.id])).toHaveLength(1);
  });
});

describe('no double booking under concurrent requests', () => {
  it('lets exactly one of 40 simultaneous requests for one slot through', async () => {
    const area = await newArea();
    const units = await t.sql<{ id: string }>('select id from units where complex_id = ? and is_active limit 40', [alamos]);
    const answers = await Promise.all(units.map((u) => book(admin, area.id, at(17, 18), at(17, 20), { unitId: u.id })));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(answers.length - 1);
    const live = await t.sql("select 1 from reservations where area_id = ? and status in ('pendiente', 'aprobada')", [area.id]);
    expect(live).toHaveLength(1);
  });
});

describe('evening reminder (Recordatorios)', () => {
  it("pushes (and mails) tomorrow's approved reservations once from the 18:00 schedule, and nothing with the switch off", async () => {
    const staff = await t.login('superadmin@demo.test');
    const modules = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/complexes/${alamos}/modules`, headers: staff, payload });
    const area = await newArea();
    // The complex's one daily schedule, at 18:00 in Guayaquil (23:00 UTC).
    const rows = await t.sql<{ rrule: string; next: Date }>(
      "select rrule, next_run_at as next from host_schedules where complex_id = ? and plugin = 'reservations'",
      [alamos],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].rrule).toBe('FREQ=DAILY');
    const next = new Date(rows[0].next);
    expect(next.getUTCHours()).toBe(23);
    // The day after the occurrence's, in Guayaquil.
    const day = new Date(next.getTime() + DAY - 5 * 3_600_000).toISOString().slice(0, 10);
    const slot = (hour: number) =>
      [instantOf(day, hour * 60).toISOString(), instantOf(day, (hour + 1) * 60).toISOString()] as const;
    const ids: string[] = [];
    for (const hour of [12, 14, 16]) {
      const res = await book(resident, area.id, ...slot(hour));
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    expect((await call('POST', `/reservations/${ids[0]}/approve`, admin)).statusCode).toBe(200);
    expect((await call('POST', `/reservations/${ids[2]}/reject`, admin, { reason: 'Ocupada' })).statusCode).toBe(200);
    const run = async () => {
      await t.sql("update host_schedules set next_run_at = ? where complex_id = ? and plugin = 'reservations'", [next, alamos]);
      expect((await t.app.schedules.tick(new Date(next.getTime() + 1000))).submitted).toBeGreaterThan(0);
      const deadline = Date.now() + 20_000;
      for (;;) {
        const [{ n }] = await t.sql<{ n: number }>(
          "select count(*)::int as n from pgboss.job where name = 'reservations.reminders' and state in ('created', 'retry', 'active')",
        );
        if (n === 0 || Date.now() > deadline) return;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const count = async (table: string, column: string) =>
      (
        await t.sql<{ n: number }>(
          `select count(*)::int as n from ${table} where category = 'reservations.recordatorio' and ${column} like ?`,
          [`%${area.name}%`],
        )
      )[0].n;
    const [{ n: approvalMails }] = await t.sql<{ n: number }>(
      "select count(*)::int as n from mail_outbox where category = 'reservations.aprobada' and subject like ?",
      [`%${area.name}%`],
    );
    await modules({ Recordatorios: false });
    await run();
    expect(await count('push_outbox', 'body')).toBe(0);
    await modules({ Recordatorios: true });
    await run();
    // The approved one only (not the pending nor the rejected one), once; e-mailed as its approval was.
    expect(await count('push_outbox', 'body')).toBe(1);
    expect(await count('mail_outbox', 'subject')).toBe(approvalMails);
    const [push] = await t.sql<{ title: string; body: string }>(
      "select title, body from push_outbox where category = 'reservations.recordatorio' and body like ?",
      [`%${area.name}%`],
    );
    expect(push.title).toBe('Recordatorio de reserva');
    expect(push.body).toContain('12:00');
    // A second run of the same occurrence (a retry) sends nothing again.
    await run();
    expect(await count('push_outbox', 'body')).toBe(1);
    expect(await count('mail_outbox', 'subject')).toBe(approvalMails);
  });

  it('gives a complex whose areas predate the schedule its schedule with the next approval', async () => {
    const area = await newArea();
    await t.sql("delete from host_schedules where complex_id = ? and plugin = 'reservations'", [alamos]);
    const res = await book(resident, area.id, at(20, 10), at(20, 11));
    expect(res.statusCode, res.body).toBe(201);
    expect((await call('POST', `/reservations/${res.json().id}/approve`, admin)).statusCode).toBe(200);
    const rows = await t.sql<{ rrule: string; job: string }>(
      "select rrule, job from host_schedules where complex_id = ? and plugin = 'reservations'",
      [alamos],
    );
    expect(rows).toEqual([{ rrule: 'FREQ=DAILY', job: 'reminders' }]);
  });
});
