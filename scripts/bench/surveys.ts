// Case "surveys list": the admin's survey list (sort + filter + range) of plugins/surveys, and its baseline.
import type { FastifyInstance } from 'fastify';
import type { BenchCase } from './cases.ts';
import type { PgPool } from './lib.ts';

export const SURVEYS = 20_000;
export const ANSWERS = 100_000;

/** The page the admin opens: newest first, inactive ones, first 25 (ra-data-simple-rest parameters). */
const QUERY = new URLSearchParams({
  sort: JSON.stringify(['createdAt', 'DESC']),
  range: JSON.stringify([0, 24]),
  filter: JSON.stringify({ isActive: false }),
});

// The SQL the app runs for that page (MikroORM's findAndCount: both queries at once; captured with debug on).
// The app inlines the values; the baseline binds them.
const COUNT_SQL = 'select count(*)::int as count from surveys s where s.complex_id = $1 and s.is_active = $2';
const PAGE_SQL = (
  order: 'asc' | 'desc',
) => `select s.*, (select count(*)::int from survey_answers a where a.survey_id = s.id) as answer_count
   from surveys s where s.complex_id = $1 and s.is_active = $2
  order by s.created_at ${order}, s.id ${order} limit $3 offset $4`;

interface SurveyRow {
  id: string;
  title: string;
  display_days: number;
  is_active: boolean;
  answer_count: number;
  created_at: Date;
}

export const surveysCase: BenchCase = {
  name: 'surveys list',
  compareHeaders: ['content-range'],

  async seed(db, world) {
    const existing = async (table: string) =>
      (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0].n;
    // Surveys spread round-robin over the complexes, one every 47 minutes going back ~650 days; titles unique.
    const { rowCount: surveys } = await db.query(
      `insert into surveys (id, complex_id, title, display_days, is_active, created_at)
       select bench_uuid7(t.ts), c.ids[1 + n % cardinality(c.ids)], format('Encuesta %s: ¿Aprueba la propuesta %s de la directiva?', n, n),
              1 + n % 30, false, t.ts
         from (select $2::uuid[] as ids) c
        cross join generate_series(1, $1::int) n
        cross join lateral (select now() - make_interval(mins => n * 47) as ts) t`,
      [SURVEYS - (await existing('surveys')), world.complexIds],
    );
    // Exactly one active survey per complex: the newest, where the demo has not set one.
    await db.query(
      `update surveys set is_active = true where id in (
         select distinct on (complex_id) id from surveys
          where complex_id not in (select complex_id from surveys where is_active)
          order by complex_id, created_at desc)`,
    );
    // Answers: 0..12 candidate residents per survey (each resident once), 100,000 of them kept at random.
    const { rowCount: answers } = await db.query(
      `with residents as (
         select residence_complex_id as complex_id, id as user_id,
                row_number() over (partition by residence_complex_id order by id) - 1 as slot,
                count(*) over (partition by residence_complex_id) as total
           from users where roles ? 'residente' and residence_complex_id is not null),
       bench as (
         select s.*, row_number() over (order by s.created_at) as n
           from surveys s where not exists (select 1 from survey_answers a where a.survey_id = s.id)),
       candidates as (
         select b.id as survey_id, b.complex_id, b.created_at, b.display_days, r.user_id
           from bench b
          cross join lateral generate_series(0, (b.n * 7919) % 13 - 1) j
           join residents r on r.complex_id = b.complex_id and r.slot = (b.n + j) % r.total
          order by random()
          limit $1)
       insert into survey_answers (id, complex_id, survey_id, user_id, confirm, answered_at)
       select bench_uuid7(t.at), complex_id, survey_id, user_id, random() < 0.65, t.at
         from candidates cross join lateral (select created_at + random() * make_interval(days => display_days) as at) t`,
      [ANSWERS - (await existing('survey_answers'))],
    );
    return `${surveys} surveys (${await existing('surveys')} in all), ${answers} answers (${await existing('survey_answers')} in all)`;
  },

  bareRoutes(app: FastifyInstance, pool: PgPool) {
    app.get('/bare/complexes/:complexId/surveys', async (request, reply) => {
      const { complexId } = request.params as { complexId: string };
      const query = request.query as { sort?: string; range?: string; filter?: string };
      const [, order] = JSON.parse(query.sort ?? '["createdAt","DESC"]') as [string, string];
      const [from, to] = JSON.parse(query.range ?? '[0,24]') as [number, number];
      const { isActive } = JSON.parse(query.filter ?? '{}') as { isActive?: boolean };
      const params = [complexId, isActive ?? false];
      const [count, page] = await Promise.all([
        pool.query<{ count: number }>(COUNT_SQL, params),
        pool.query<SurveyRow>(PAGE_SQL(order === 'ASC' ? 'asc' : 'desc'), [...params, to - from + 1, from]),
      ]);
      const total = count.rows[0].count;
      const rows = page.rows;
      reply.header('Content-Range', rows.length ? `surveys ${from}-${from + rows.length - 1}/${total}` : `surveys */${total}`);
      return rows.map((s) => ({
        id: s.id,
        title: s.title,
        displayDays: s.display_days,
        isActive: s.is_active,
        answerCount: s.answer_count,
        createdAt: s.created_at.toISOString(),
      }));
    });
  },

  paths: (world) =>
    world.complexIds.map((id) => ({
      app: `/api/complexes/${id}/surveys?${QUERY}`,
      bare: `/bare/complexes/${id}/surveys?${QUERY}`,
    })),
};
