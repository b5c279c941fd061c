import { listQuery, startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let t: TestServer;
let base: string;
let admin: { authorization: string };
let complexId: string;
beforeAll(async () => {
  t = await startTestServer();
  complexId = await t.complexId('bosque');
  base = `/api/complexes/${complexId}/surveys`;
  admin = await t.login('admin@demo.test');
});
afterAll(() => t?.close());

const create = (payload: object) => t.app.inject({ method: 'POST', url: base, headers: admin, payload });
const activeIds = async () =>
  (await t.sql<{ id: string }>('select id from surveys where complex_id = ? and is_active', [complexId])).map((r) => r.id);

describe('survey rules (spec 000 §4, §5, §9)', () => {
  it('creates an inactive survey with 30 display days by default', async () => {
    const res = await create({ title: '¿Cambiamos el horario de la piscina?' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: '¿Cambiamos el horario de la piscina?',
      displayDays: 30,
      isActive: false,
      answerCount: 0,
    });
  });

  it("rejects a duplicate title in the same complex, ignoring case and spaces: 'Ya existe una encuesta con ese nombre'", async () => {
    await create({ title: 'Encuesta repetida' });
    const res = await create({ title: '  ENCUESTA REPETIDA ' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Ya existe una encuesta con ese nombre',
      code: 'SURVEY_TITLE_TAKEN',
      errors: { title: 'Ya existe una encuesta con ese nombre' },
    });
    // Another complex may use the same title.
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/complexes/${await t.complexId('alamos')}/surveys`,
      headers: admin,
      payload: { title: 'Encuesta repetida' },
    });
    expect(other.statusCode).toBe(201);
    // Renaming onto an existing title is refused too.
    const mine = (await create({ title: 'Otra encuesta' })).json();
    const rename = await t.app.inject({
      method: 'PUT',
      url: `${base}/${mine.id}`,
      headers: admin,
      payload: { title: 'encuesta repetida' },
    });
    expect(rename.statusCode).toBe(409);
  });

  it('validates the title (required, at most 100) and the days (integer 1..30)', async () => {
    const cases: [object, Record<string, string>][] = [
      [{}, { title: '¡Este campo es requerido!' }],
      [{ title: '' }, { title: '¡Este campo es requerido!' }],
      [{ title: 'x'.repeat(101) }, { title: 'Límite max. 100 caracter(es).' }],
      [{ title: 'ok', displayDays: 0 }, { displayDays: 'Debe ser mayor o igual a 1.' }],
      [{ title: 'ok', displayDays: 31 }, { displayDays: 'Debe ser menor o igual a 30.' }],
      [{ title: 'ok', displayDays: 2.5 }, { displayDays: 'Debe ser un número entero.' }],
    ];
    for (const [payload, errors] of cases) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    expect((await create({ title: 'x'.repeat(100), displayDays: 1 })).statusCode).toBe(201);
  });

  it('keeps only one active survey: creating or enabling one switches the current one off', async () => {
    const first = (await create({ title: 'Primera activa', isActive: true })).json();
    expect(await activeIds()).toEqual([first.id]);
    const second = (await create({ title: 'Segunda activa', isActive: true })).json();
    expect(await activeIds()).toEqual([second.id]);
    const enabled = await t.app.inject({ method: 'POST', url: `${base}/${first.id}/enable`, headers: admin });
    expect(enabled.json().isActive).toBe(true);
    expect(await activeIds()).toEqual([first.id]);
    const viaPut = await t.app.inject({
      method: 'PUT',
      url: `${base}/${second.id}`,
      headers: admin,
      payload: { isActive: true },
    });
    expect(viaPut.json().isActive).toBe(true);
    expect(await activeIds()).toEqual([second.id]);
    await t.app.inject({ method: 'POST', url: `${base}/${second.id}/disable`, headers: admin });
    expect(await activeIds()).toEqual([]);
    // The switched-off survey is in the audit log.
    const log = await t.sql(
      "select action, description from audit_logs where resource = 'surveys' and record_id = ? order by at",
      [second.id],
    );
    expect(log.map((r) => r.action)).toEqual(['create', 'disable', 'update', 'disable']);
    // Each entry names the survey by its title.
    expect(new Set(log.map((r) => r.description))).toEqual(new Set([second.title]));
  });

  it('is guaranteed by the database, not only by code', async () => {
    const ids = (await t.sql<{ id: string }>('select id from surveys where complex_id = ? limit 2', [complexId])).map(
      (r) => r.id,
    );
    await expect(t.sql('update surveys set is_active = true where id in (?, ?)', ids)).rejects.toThrow();
  });

  it('ends with exactly one active survey under concurrent enables', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push((await create({ title: `Concurrente ${i}` })).json().id);
    const results = await Promise.all(
      ids.map((id) => t.app.inject({ method: 'POST', url: `${base}/${id}/enable`, headers: admin })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    expect(await activeIds()).toHaveLength(1);
  });

  it('deletes a survey with its answers', async () => {
    const survey = (await create({ title: 'Para borrar', isActive: true })).json();
    const resident = await t.sql<{ id: string }>('select id from users where residence_complex_id = ? limit 1', [complexId]);
    await t.sql(
      'insert into survey_answers (id, complex_id, survey_id, user_id, confirm) values (gen_random_uuid(), ?, ?, ?, true)',
      [complexId, survey.id, resident[0].id],
    );
    const res = await t.app.inject({ method: 'DELETE', url: `${base}/${survey.id}`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(await t.sql('select 1 from survey_answers where survey_id = ?', [survey.id])).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `${base}/${survey.id}`, headers: admin })).statusCode).toBe(404);
  });
});

describe('answers and results', () => {
  it('lets a resident answer the active survey once, and reports counts, percentages and participants', async () => {
    const alamos = await t.complexId('alamos');
    const url = `/api/complexes/${alamos}/surveys`;
    const survey = (
      await t.app.inject({ method: 'POST', url, headers: admin, payload: { title: '¿Votamos el presupuesto?', isActive: true } })
    ).json();
    // Residents sign in through the app client (the back office refuses them).
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'residente@demo.test', password: 'demo1234', client: 'app' },
    });
    expect(session.statusCode).toBe(200);
    const residentId = session.json().user.id;
    const residentHeaders = { authorization: `Bearer ${session.json().token}` };

    const active = await t.app.inject({ method: 'GET', url: `${url}/active`, headers: residentHeaders });
    expect(active.json()).toMatchObject({ survey: { id: survey.id }, answered: false });
    const answer = await t.app.inject({
      method: 'POST',
      url: `${url}/${survey.id}/answers`,
      headers: residentHeaders,
      payload: { confirm: true },
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ surveyId: survey.id, userId: residentId, confirm: true });
    const again = await t.app.inject({
      method: 'POST',
      url: `${url}/${survey.id}/answers`,
      headers: residentHeaders,
      payload: { confirm: false },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('SURVEY_ALREADY_ANSWERED');
    expect((await t.app.inject({ method: 'GET', url: `${url}/active`, headers: residentHeaders })).json().answered).toBe(true);
    // A resident cannot manage surveys.
    expect((await t.app.inject({ method: 'GET', url, headers: residentHeaders })).statusCode).toBe(403);

    // Two more answers by the board and the administrator: 2 yes, 1 no.
    await t.app.inject({
      method: 'POST',
      url: `${url}/${survey.id}/answers`,
      headers: await t.login('directiva@demo.test'),
      payload: { confirm: false },
    });
    await t.app.inject({ method: 'POST', url: `${url}/${survey.id}/answers`, headers: admin, payload: { confirm: true } });
    const results = (await t.app.inject({ method: 'GET', url: `${url}/${survey.id}/results`, headers: admin })).json();
    expect(results.total).toBe(3);
    expect(
      results.options.map((o: { label: string; count: number; percentage: number }) => [o.label, o.count, o.percentage]),
    ).toEqual([
      ['Sí', 2, 66.67],
      ['No', 1, 33.33],
    ]);
    expect(results.options[1].participants.map((p: { name: string }) => p.name)).toEqual(['Diana Directiva']);
    const listed = (
      await t.app.inject({ method: 'GET', url: `${url}${listQuery({ filter: { q: 'presupuesto' } })}`, headers: admin })
    ).json();
    expect(listed[0].answerCount).toBe(3);
  });

  it('keeps one answer per user when the same user answers concurrently', async () => {
    const survey = (await create({ title: 'Respuestas simultáneas', isActive: true })).json();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.app.inject({ method: 'POST', url: `${base}/${survey.id}/answers`, headers: admin, payload: { confirm: i % 2 === 0 } }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().message === 'Ya respondiste esta encuesta.')).toBe(
      true,
    );
    expect(await t.sql('select count(*)::int as n from survey_answers where survey_id = ?', [survey.id])).toEqual([{ n: 1 }]);
  });

  it('refuses answers to an inactive survey', async () => {
    const survey = (await create({ title: 'Inactiva' })).json();
    const res = await t.app.inject({
      method: 'POST',
      url: `${base}/${survey.id}/answers`,
      headers: admin,
      payload: { confirm: true },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('La encuesta no está activa.');
  });

  it('sorts and filters the list', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${base}${listQuery({ sort: ['title', 'ASC'], range: [0, 4], filter: { isActive: false } })}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const titles = res.json().map((s: { title: string }) => s.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'es')));
    expect(res.headers['content-range']).toMatch(/^surveys 0-4\/\d+$/);
  });
});
