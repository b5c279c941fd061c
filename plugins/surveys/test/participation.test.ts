// GET /surveys/participation (the dashboard's figure): units that answered the active survey of the active units.
import { startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { percentage } from '../server/surveys.ts';

let t: TestServer;
let complexId: string;
let url: string;
beforeAll(async () => {
  t = await startTestServer();
  complexId = await t.complexId('bosque');
  url = `/api/complexes/${complexId}/surveys`;
});
afterAll(() => t?.close());

const get = async (email = 'admin@demo.test', complex = complexId) =>
  t.app.inject({ method: 'GET', url: `/api/complexes/${complex}/surveys/participation`, headers: await t.login(email) });

describe('active survey participation', () => {
  it('counts each unit once, by its holder or a resident living there', async () => {
    const admin = await t.login('admin@demo.test');
    const created = await t.app.inject({
      method: 'POST',
      url,
      headers: admin,
      payload: { title: 'Participación de prueba', isActive: true },
    });
    expect(created.statusCode).toBe(201);
    const survey = created.json();
    // Two active units with a holder, and a resident who lives in the first one without holding it.
    const [a, b] = await t.sql<{ id: string; holder_id: string }>(
      `select id, coalesce(owner_id, tenant_id) as holder_id from units
        where complex_id = ? and is_active and coalesce(owner_id, tenant_id) is not null order by number_sort limit 2`,
      [complexId],
    );
    const [lodger] = await t.sql<{ id: string }>(
      'select id from users where id <> ? and id <> ? and id not in (select coalesce(owner_id, tenant_id) from units where coalesce(owner_id, tenant_id) is not null) limit 1',
      [a.holder_id, b.holder_id],
    );
    await t.sql('update users set unit_id = ? where id = ?', [a.id, lodger.id]);
    for (const userId of [a.holder_id, lodger.id, b.holder_id])
      await t.sql(
        'insert into survey_answers (id, complex_id, survey_id, user_id, confirm) values (gen_random_uuid(), ?, ?, ?, true)',
        [complexId, survey.id, userId],
      );
    const [{ n: eligible }] = await t.sql<{ n: number }>(
      'select count(*)::int as n from units where complex_id = ? and is_active',
      [complexId],
    );
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      survey: { id: survey.id, title: 'Participación de prueba' },
      answeredUnits: 2,
      eligibleUnits: eligible,
      percentage: percentage(2, eligible),
      answers: 3,
    });
    expect(eligible).toBeGreaterThan(2);
  });

  it('answers no survey and zero when none is active', async () => {
    await t.sql('update surveys set is_active = false where complex_id = ?', [complexId]);
    const body = (await get()).json();
    expect(body).toMatchObject({ survey: null, answeredUnits: 0, percentage: 0, answers: 0 });
  });

  it("is for the office: not the guard, nor another complex's administrator", async () => {
    expect((await get('guardia@demo.test', await t.complexId('alamos'))).statusCode).toBe(403);
    expect([403, 404]).toContain((await get('admin2@demo.test')).statusCode);
  });
});
