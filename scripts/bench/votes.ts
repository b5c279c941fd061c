// Case "vote results": the results and live quorum of a weighted vote with 5,000 ballots (plugins/votes: what the
// results screen reloads on each ballot, GET /votes/:id/results?lists=false), against a bare route that runs the
// same two aggregate statements and the same integer arithmetic (resultsOf), with no auth, tenancy, ORM or schemas.
import type { FastifyInstance } from 'fastify';
import { resultsOf } from '../../plugins/votes/server/votes.ts';
import type { BenchCase } from './cases.ts';
import type { PgPool } from './lib.ts';

export const VOTE_UNITS = 5_000;
/** A fixed id (UUID v7 shape), so that the paths know the vote without a lookup. */
const VOTE_ID = '01900000-0000-7000-8000-0000000b07e5';
const QUESTIONS = [
  { text: '¿Aprueba el presupuesto anual?', options: ['Sí', 'No', 'Me abstengo'] },
  { text: '¿Qué obra se hace primero?', options: ['Fachadas', 'Cámaras', 'Juegos infantiles', 'Piscina'] },
  { text: '¿Aprueba la cuota extraordinaria?', options: ['Sí', 'No'] },
];

/** The bench's vote lives in the last bench complex (its own 5,000 units, named 'Votante N'). */
const complexOf = (world: { complexIds: string[] }) => world.complexIds[world.complexIds.length - 1];

// The statements of plugins/votes/server/votes.ts tally(), with numbered parameters.
const TALLY_SQL = `select a.q::int as q, a.o::int as o, count(*)::int as n, sum(b.weight)::bigint::text as w
   from vote_ballots b cross join lateral unnest(b.answers) with ordinality as a(o, q)
  where b.complex_id = $1 and b.vote_id = $2
  group by a.q, a.o`;
const QUORUM_SQL = `with eligible as (
     select u.id, round(u.aliquot * 10000)::bigint as w
       from directory_units u
      where u.complex_id = $1 and u.is_active
        and not exists (select 1 from vote_exclusions e where e.vote_id = $2 and e.unit_id = u.id)),
   voted as (
     select count(*)::int as ballots, count(el.id)::int as units,
            coalesce(sum(b.weight) filter (where el.id is not null), 0)::bigint::text as weight
       from vote_ballots b left join eligible el on el.id = b.unit_id
      where b.complex_id = $1 and b.vote_id = $2),
   present as (
     select count(*)::int as units, coalesce(sum(el.w), 0)::bigint::text as weight
       from vote_attendance a join eligible el on el.id = a.unit_id
      where a.vote_id = $2 and not exists (select 1 from vote_ballots b where b.vote_id = $2 and b.unit_id = a.unit_id))
   select v.ballots, v.units as voted, v.weight as voted_weight, p.units as present, p.weight as present_weight,
          (select count(*)::int from eligible) as eligible,
          (select coalesce(sum(w), 0)::bigint::text from eligible) as eligible_weight,
          (select count(*)::int from vote_exclusions e where e.vote_id = $2) as excluded
     from voted v, present p`;

export const votesCase: BenchCase = {
  name: 'vote results',
  compareHeaders: [],

  async seed(db, world) {
    const complexId = complexOf(world);
    // Units with unequal aliquots (0.0100 .. 0.0340 %), then one ballot per unit, answers spread by a hash.
    const { rowCount: units } = await db.query(
      `insert into units (id, complex_id, number, number_sort, aliquot, type, created_at)
       select bench_uuid7(now() - make_interval(days => 300) + make_interval(secs => j)), $1, 'Votante ' || j,
              'votante ' || lpad(j::text, 10, '0'), round(0.01 + (j % 13) * 0.002, 4), 'CASA', now() - interval '300 days'
         from generate_series(1, $2::int) j`,
      [complexId, VOTE_UNITS],
    );
    await db.query(
      `insert into votes (id, complex_id, title, questions, ends_at, weighted, created_at)
       values ($1, $2, 'Asamblea general (bench)', $3::jsonb, now() + interval '30 days', true, now() - interval '1 day')`,
      [VOTE_ID, complexId, JSON.stringify(QUESTIONS)],
    );
    const { rowCount: ballots } = await db.query(
      `insert into vote_ballots (id, complex_id, vote_id, unit_id, answers, weight, cast_at, updated_at)
       select bench_uuid7(now() - interval '1 hour'), u.complex_id, $1, u.id,
              array[abs(hashtext(u.id::text)) % 3, abs(hashtext(u.id::text || 'b')) % 4, abs(hashtext(u.id::text || 'c')) % 2]::smallint[],
              round(u.aliquot * 10000)::int, now() - interval '1 hour', now() - interval '1 hour'
         from units u where u.complex_id = $2 and u.number like 'Votante %'`,
      [VOTE_ID, complexId],
    );
    return `${units} units and ${ballots} ballots of one weighted vote (3 questions) in one complex`;
  },

  bareRoutes(app: FastifyInstance, pool: PgPool) {
    app.get('/bare/complexes/:complexId/votes/:id/results', async (request) => {
      const { complexId, id } = request.params as { complexId: string; id: string };
      const [vote, rows, quorum] = await Promise.all([
        pool.query<{
          id: string;
          title: string;
          questions: { text: string; options: string[] }[];
          ends_at: Date;
          weighted: boolean;
        }>('select id, title, questions, ends_at, weighted from votes where id = $1 and complex_id = $2', [id, complexId]),
        pool.query<{ q: number; o: number; n: number; w: string }>(TALLY_SQL, [complexId, id]),
        pool.query<{
          ballots: number;
          voted: number;
          voted_weight: string;
          present: number;
          present_weight: string;
          eligible: number;
          eligible_weight: string;
          excluded: number;
        }>(QUORUM_SQL, [complexId, id]),
      ]);
      const v = vote.rows[0];
      const q = quorum.rows[0];
      return resultsOf(
        { id: v.id, title: v.title, questions: v.questions, weighted: v.weighted, endsAt: v.ends_at },
        {
          tallies: rows.rows.map((r) => ({ question: r.q - 1, option: r.o, count: r.n, weight: Number(r.w) })),
          ballots: Number(q.ballots),
          votedUnits: Number(q.voted),
          votedWeight: Number(q.voted_weight),
          presentUnits: Number(q.voted) + Number(q.present),
          presentWeight: Number(q.voted_weight) + Number(q.present_weight),
          eligibleUnits: Number(q.eligible),
          eligibleWeight: Number(q.eligible_weight),
          excluded: Number(q.excluded),
        },
      );
    });
  },

  paths: (world) => [
    {
      app: `/api/complexes/${complexOf(world)}/votes/${VOTE_ID}/results?lists=false`,
      bare: `/bare/complexes/${complexOf(world)}/votes/${VOTE_ID}/results`,
    },
  ],
};
