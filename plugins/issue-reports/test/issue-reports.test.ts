import { listQuery, multipart, startTestServer, type TestServer } from '@conjunto/server/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let t: TestServer;
let complexId: string;
let base: string;
let admin: { authorization: string };
let resident: { authorization: string };
let me: { id: string; unitId: string };
let otherUnitReport: string;

beforeAll(async () => {
  t = await startTestServer();
  complexId = await t.complexId('alamos');
  base = `/api/complexes/${complexId}/issue-reports`;
  admin = await t.login('admin@demo.test');
  resident = await t.login('residente@demo.test');
  [me] = await t.sql<{ id: string; unitId: string }>(
    `select id, unit_id as "unitId" from users where email = 'residente@demo.test'`,
  );
  [{ id: otherUnitReport }] = await t.sql<{ id: string }>(
    'select id from issue_reports where complex_id = ? and unit_id <> ? limit 1',
    [complexId, me.unitId],
  );
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, headers: { authorization: string }, payload?: object) =>
  t.app.inject({ method, url: `${base}${path}`, headers, payload });
const file = (headers: { authorization: string }, detail = 'Se rompió la baldosa de la entrada.', category = 2) =>
  call('POST', '', headers, { category, detail });
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

describe('issue reports (spec 000 §3, 002 §4)', () => {
  it('a resident files a report for their own unit: Pendiente, rating 0, audited, and the bell counts it', async () => {
    const before = (await call('GET', '/pending', admin)).json();
    const res = await file(resident);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      unitId: me.unitId,
      residentId: me.id,
      status: 0,
      rating: 0,
      category: 2,
      hasPhoto: false,
    });
    const after = (await call('GET', '/pending', admin)).json();
    expect(after.count).toBe(before.count + 1);
    expect(after.latest[0]).toMatchObject({ id: res.json().id, title: expect.stringContaining('Reclamos') });
    expect(after.latest.length).toBeLessThanOrEqual(5);
    const log = await t.sql('select action from audit_logs where resource = ? and record_id = ?', [
      'issue-reports',
      res.json().id,
    ]);
    expect(log.map((r) => r.action)).toEqual(['create']);
  });

  it('validates the body: category 1..6, detail required and bounded, closed, no NUL', async () => {
    const cases: [object, string][] = [
      [{ detail: 'x' }, 'category'],
      [{ category: 7, detail: 'x' }, 'category'],
      [{ category: 0, detail: 'x' }, 'category'],
      [{ category: 1 }, 'detail'],
      [{ category: 1, detail: '   ' }, 'detail'],
      [{ category: 1, detail: 'x'.repeat(1001) }, 'detail'],
      [{ category: 1, detail: 'a\u0000b' }, 'detail'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', '', resident, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(payload)).toContain(field);
    }
    // The office must name a unit of the complex.
    expect((await call('POST', '', admin, { category: 1, detail: 'x' })).statusCode).toBe(400);
    const colinaUnit = (
      await t.sql<{ id: string }>('select id from units where complex_id = ? limit 1', [await t.complexId('colina')])
    )[0].id;
    expect((await call('POST', '', admin, { category: 1, detail: 'x', unitId: colinaUnit })).statusCode).toBe(400);
    expect((await call('POST', '', admin, { category: 1, detail: 'x', unitId: me.unitId })).statusCode).toBe(201);
  });

  it('moves forward only, Pendiente → En progreso → Completado, with observations, pushing the resident each time', async () => {
    const { id } = (await file(resident, 'Foco quemado en la escalera.')).json();
    expect((await call('POST', `/${id}/status`, admin, { status: 3 })).statusCode).toBe(400);
    expect((await call('POST', `/${id}/status`, admin, { status: 0 })).statusCode).toBe(400);
    const started = await call('POST', `/${id}/status`, admin, { status: 1 });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ status: 1, startedAt: expect.any(String) });
    expect((await call('POST', `/${id}/status`, admin, { status: 1 })).statusCode).toBe(409);
    const done = await call('POST', `/${id}/status`, admin, { status: 2, observations: 'Se cambió el foco.' });
    expect(done.json()).toMatchObject({ status: 2, observations: 'Se cambió el foco.', completedAt: expect.any(String) });
    const back = await call('POST', `/${id}/status`, admin, { status: 1 });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe('El estado del reporte solo puede avanzar: Pendiente, En progreso, Completado.');
    // Pendiente straight to Completado is forward too.
    const other = (await file(resident, 'Otro')).json();
    expect((await call('POST', `/${other.id}/status`, admin, { status: 2 })).json().status).toBe(2);
    const pushes = await t.sql<{ title: string; user_id: string }>(
      "select title, user_id from push_outbox where category = 'issue-reports.status' and data->>'reportId' = ? order by created_at",
      [id],
    );
    expect(pushes.map((p) => p.title)).toEqual(['Reporte en progreso', 'Reporte completado']);
    expect(new Set(pushes.map((p) => p.user_id))).toEqual(new Set([me.id]));
    // A resident cannot move states.
    expect([403, 404]).toContain((await call('POST', `/${other.id}/status`, resident, { status: 2 })).statusCode);
    const log = await t.sql('select action from audit_logs where resource = ? and record_id = ? order by at', [
      'issue-reports',
      id,
    ]);
    expect(log.map((r) => r.action)).toEqual(['create', 'status', 'status']);
  });

  it('the resident rates once, only when completed: 1..5, and the report becomes Calificado', async () => {
    const { id } = (await file(resident, 'Puerta del ascensor golpea.')).json();
    const early = await call('POST', `/${id}/rating`, resident, { rating: 4 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Solo se puede calificar un reporte completado.');
    await call('POST', `/${id}/status`, admin, { status: 2 });
    for (const rating of [0, 6, 2.5]) expect((await call('POST', `/${id}/rating`, resident, { rating })).statusCode).toBe(400);
    // The office does not rate for the resident.
    expect([403, 404]).toContain((await call('POST', `/${id}/rating`, admin, { rating: 5 })).statusCode);
    const rated = await call('POST', `/${id}/rating`, resident, { rating: 4 });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.json()).toMatchObject({ status: 3, rating: 4, ratedAt: expect.any(String) });
    const again = await call('POST', `/${id}/rating`, resident, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este reporte ya fue calificado.');
    expect((await call('POST', `/${id}/status`, admin, { status: 2 })).statusCode).toBe(409);
    // The database refuses a rating without Calificado.
    await expect(
      t
        .sql('update issue_reports set rating = 3 where id = ? and status = 3', [id])
        .then(() => t.sql('update issue_reports set status = 2 where id = ?', [id])),
    ).rejects.toThrow();
  });

  it('a resident sees, reads and rates only their unit’s reports (another unit: 404, never listed)', async () => {
    const list = await call('GET', listQuery({ range: [0, 99] }), resident);
    expect(list.statusCode).toBe(200);
    expect(list.json().length).toBeGreaterThan(0);
    for (const r of list.json()) expect(r.unitId).toBe(me.unitId);
    expect((await call('GET', `/${otherUnitReport}`, resident)).statusCode).toBe(404);
    expect((await call('POST', `/${otherUnitReport}/rating`, resident, { rating: 5 })).statusCode).toBe(404);
    expect((await call('GET', `/${otherUnitReport}`, admin)).statusCode).toBe(200);
    // Naming another unit files nothing for it.
    const [other] = await t.sql<{ id: string }>('select id from units where complex_id = ? and id <> ? limit 1', [
      complexId,
      me.unitId,
    ]);
    expect((await call('POST', '', resident, { category: 1, detail: 'x', unitId: other.id })).statusCode).toBe(404);
    // The office's own list and the bell are not the resident's.
    expect([403, 404]).toContain((await call('GET', '/pending', resident)).statusCode);
  });

  it('tenancy: another complex’s administrator gets 404; a record through another complex 404', async () => {
    expect((await call('GET', listQuery({}), await t.login('admin2@demo.test'))).statusCode).toBe(404);
    const bosque = await t.complexId('bosque');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/complexes/${bosque}/issue-reports/${otherUnitReport}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(404);
  });

  it('takes a photo (image only, re-encoded, at most 5 MB) while pending for the resident', async () => {
    const { id } = (await file(resident, 'Con foto')).json();
    const notImage = multipart([{ name: 'photo', filename: 'x.png', contentType: 'image/png', data: 'not an image' }]);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `${base}/${id}/photo`,
      headers: { ...resident, ...notImage.headers },
      payload: notImage.payload,
    });
    expect(bad.statusCode).toBe(400);
    const svg = multipart([{ name: 'photo', filename: 'x.svg', contentType: 'image/svg+xml', data: '<svg/>' }]);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `${base}/${id}/photo`,
          headers: { ...resident, ...svg.headers },
          payload: svg.payload,
        })
      ).statusCode,
    ).toBeGreaterThanOrEqual(400);
    const big = multipart([
      { name: 'photo', filename: 'x.jpg', contentType: 'image/jpeg', data: Buffer.alloc(5 * 1024 * 1024 + 10) },
    ]);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `${base}/${id}/photo`,
          headers: { ...resident, ...big.headers },
          payload: big.payload,
        })
      ).statusCode,
    ).toBe(413);
    const ok = multipart([{ name: 'photo', filename: 'foto.png', contentType: 'image/png', data: await png() }]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `${base}/${id}/photo`,
      headers: { ...resident, ...ok.headers },
      payload: ok.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ hasPhoto: true, photoUrl: expect.any(String) });
    const image = await t.app.inject({ method: 'GET', url: res.json().photoUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/jpeg');
    // Three uploads at once: each replaces the photo before it, so no stored file of the report is left behind.
    const stored = () => t.sql("select id from files where category = 'issue-report' and complex_id = ?", [complexId]);
    const before = (await stored()).length;
    const again = await Promise.all(
      [1, 2, 3].map(() =>
        t.app.inject({ method: 'PUT', url: `${base}/${id}/photo`, headers: { ...resident, ...ok.headers }, payload: ok.payload }),
      ),
    );
    expect(again.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await stored()).toHaveLength(before);
    await call('POST', `/${id}/status`, admin, { status: 1 });
    const locked = await t.app.inject({
      method: 'PUT',
      url: `${base}/${id}/photo`,
      headers: { ...resident, ...ok.headers },
      payload: ok.payload,
    });
    expect(locked.statusCode).toBe(409);
  });

  it('filters and exports; the demo has every state with ratings', async () => {
    const states = await t.sql<{ status: number; rated: number }>(
      'select status, count(*) filter (where rating > 0)::int as rated from issue_reports where complex_id = ? group by status order by status',
      [complexId],
    );
    expect(states.map((s) => s.status)).toEqual([0, 1, 2, 3]);
    expect(states[3].rated).toBeGreaterThan(0);
    const pending = (await call('GET', listQuery({ filter: { status: 0 }, range: [0, 99] }), admin)).json();
    expect(pending.every((r: { status: number }) => r.status === 0)).toBe(true);
    const csv = await call('GET', '/export?format=csv', admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Pendiente');
    expect(csv.body).toContain('Calificación');
  });

  it('the switch InformeProblemas off answers 404', async () => {
    const staff = await t.login('superadmin@demo.test');
    const url = `/api/complexes/${complexId}/modules`;
    await t.app.inject({ method: 'PUT', url, headers: staff, payload: { InformeProblemas: false } });
    expect((await call('GET', listQuery({}), admin)).statusCode).toBe(404);
    await t.app.inject({ method: 'PUT', url, headers: staff, payload: { InformeProblemas: true } });
    expect((await call('GET', listQuery({}), admin)).statusCode).toBe(200);
  });
});
