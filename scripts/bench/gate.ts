// Cases "gate": the guard console's log at scale. 2,000,000 entries in 300 complexes (one busy complex with 300,000
// over the last 90 days; the rest spread over a year), their timeline rows and black lists, generated in bulk by SQL.
// Measured against bare Fastify + pg routes running the same SQL, in the same run:
// - the timeline's first page (the host's list helper: keyset order (occurred_at, id), its count or estimate);
// - the hourly visit report over 31 days of the busy complex (24 buckets counted by PostgreSQL);
// - registering an entry under 50 connections (the open-entry and black-list checks, the insert, its audit entry, its
//   timeline row and live events, then the read-back), a scenario: each request a new visitor, both sides.
import { contentRange, EXACT_COUNT_LIMIT } from '@conjunto/core';
import type { FastifyInstance } from 'fastify';
import { VISIT_TYPE_NAMES } from '../../plugins/gate/gate.ts';
import { timelineBackfill } from '../../plugins/gate/server/timeline-sql.ts';
import type { BenchCase, BenchWorld, ScenarioContext, ScenarioReport } from './cases.ts';
import { load, type PgPool, type Queryable, type Sample, summarize, table } from './lib.ts';
import { FIRST, LAST, linkAdmin, sqlArray } from './world.ts';

export const GATE_ENTRIES = 2_000_000;
export const GATE_COMPLEXES = 300;
const BUSY_ENTRIES = 300_000;
const BUSY_DAYS = 90;
const LISTED_PER_COMPLEX = 20;
const PREFIX = 'Conjunto Garita ';

let seeding: Promise<string> | undefined;
let busy = '';
/** Complexes the timeline pages cycle over: the busy one and some quiet ones. */
let pages: string[] = [];

const post = (complex: string, n: 1 | 2) => `md5(${complex}::text || 'garita${n}')::uuid`;

async function seedGate(db: Queryable, world: BenchWorld): Promise<string> {
  const started = performance.now();
  const [{ n: before }] = (await db.query<{ n: number }>('select count(*)::int as n from complexes')).rows;
  await db.query(
    `insert into complexes (id, name, city, province, address, contact_name, contact_email, modules, created_at)
     select bench_uuid7(now() - make_interval(days => 800 - i)), format('${PREFIX}%s', lpad(i::text, 3, '0')), 'Guayaquil',
            'Guayas', format('Km %s vía a la costa', i), 'Administración', format('admin@garita%s.demo', i), '{}',
            now() - make_interval(days => 800 - i)
       from generate_series(1, greatest($1::int, 0)) i`,
    [GATE_COMPLEXES - before],
  );
  await linkAdmin(db);
  const { rows } = await db.query<{ id: string }>('select id from complexes order by created_at, name limit $1', [
    GATE_COMPLEXES,
  ]);
  const ids = rows.map((r) => r.id);
  busy = world.complexIds[0];
  const quiet = ids.filter((id) => id !== busy);
  pages = [busy, ...quiet.slice(0, 19)];
  // Two posts per complex with known ids (the entries name them without a lookup); the demo's own posts stay.
  for (const n of [1, 2] as const)
    await db.query(
      `insert into gate_posts (id, complex_id, name) select ${post('c.id', n)}, c.id, 'Garita bench ${n}'
         from unnest($1::uuid[]) c(id) on conflict do nothing`,
      [ids],
    );
  const entry = (complex: string, at: string, postSql: string) => `
    insert into gate_entries (id, complex_id, place, id_number, first_name, last_name, plate, visit_type, post_id,
                              entered_at, exited_at, source, created_at)
    select bench_uuid7(${at}), ${complex}, 'Casa ' || (1 + n % 150), 'G' || lpad((n % 99999989)::text, 9, '0'),
           (${sqlArray(FIRST)})[1 + n % ${FIRST.length}], (${sqlArray(LAST)})[1 + (n / 7) % ${LAST.length}],
           case when n % 3 = 0 then 'GBA' || lpad((n % 9973)::text, 4, '0') end,
           (${sqlArray([...VISIT_TYPE_NAMES])})[1 + n % ${VISIT_TYPE_NAMES.length}], ${postSql},
           ${at}, ${at} + make_interval(mins => 5 + n % 120), 'guardia', ${at}`;
  // Visits crowd the day's hours as at a real gate: mostly 07:00-21:00 Guayaquil, some at night.
  const hourOf = (n: string) => `(case when ${n} % 10 < 8 then 7 + ${n} % 15 else ${n} % 24 end)`;
  const busyAt = `(date_trunc('day', now() at time zone 'America/Guayaquil') at time zone 'America/Guayaquil'
      - make_interval(days => 1 + n % ${BUSY_DAYS}) + make_interval(hours => ${hourOf('(n / 90)')}, mins => n % 60))`;
  await db.query(
    `${entry('$1::uuid', busyAt, `case when n % 2 = 0 then ${post('$1::uuid', 1)} else ${post('$1::uuid', 2)} end`)}
       from generate_series(1, $2::int) n`,
    [busy, BUSY_ENTRIES],
  );
  const quietAt = `(now() - make_interval(days => 1 + (n / ${quiet.length}) % 365) + make_interval(hours => ${hourOf('n')}))`;
  await db.query(
    `${entry('q.ids[1 + n % cardinality(q.ids)]', quietAt, post('q.ids[1 + n % cardinality(q.ids)]', 1))}
       from generate_series(1, $2::int) n cross join (select $1::uuid[] as ids) q`,
    [quiet, GATE_ENTRIES - BUSY_ENTRIES],
  );
  // Black lists: cédulas that do not come, so every registration runs the check and finds nothing (the usual case).
  await db.query(
    `insert into gate_lists (id, complex_id, kind, id_number, name, reason)
     select gen_random_uuid(), c.id, 'negra', 'N' || lpad(j::text, 8, '0'), 'Visitante vetado', 'Bench'
       from unnest($1::uuid[]) c(id) cross join generate_series(1, $2::int) j
     on conflict do nothing`,
    [ids, LISTED_PER_COMPLEX],
  );
  // Their timeline: one 'entrada' row per entry (2,000,000), as the gate writes it.
  const [entries] = timelineBackfill('true');
  await db.query(entries);
  await db.query('analyze gate_entries; analyze gate_timeline; analyze gate_lists');
  const [{ n: total }] = (await db.query<{ n: number }>('select count(*)::int as n from gate_entries')).rows;
  const [{ n: rowsOfTimeline }] = (await db.query<{ n: number }>('select count(*)::int as n from gate_timeline')).rows;
  return `${total} entries, ${rowsOfTimeline} timeline rows in ${ids.length} complexes (busy: ${BUSY_ENTRIES} entries in the last ${BUSY_DAYS} days); ${((performance.now() - started) / 1000).toFixed(0)} s`;
}

const seedOnce = (db: Queryable, world: BenchWorld) => {
  seeding ??= seedGate(db, world);
  return seeding.then((summary) => summary);
};

// ---------------------------------------------------------------- the timeline's first page

const TIMELINE_WHERE = 'from "gate_timeline" t where t.complex_id = $1';
const TIMELINE_PAGE = `select t.id, t.occurred_at, t.kind, t.post_id, (select g.name from gate_posts g where g.id = t.post_id) as post_name,
    t.place, t.subject, t.detail, t.unit_number, t.ref_id
  ${TIMELINE_WHERE} order by t.occurred_at desc, t.id desc limit 25`;

interface TimelineRow {
  id: string;
  occurred_at: Date;
  kind: string;
  post_id: string | null;
  post_name: string | null;
  place: string | null;
  subject: string;
  detail: string | null;
  unit_number: string | null;
  ref_id: string | null;
}

export const gateTimelineCase: BenchCase = {
  name: 'gate timeline: first page of 2,000,000 rows',
  compareHeaders: ['content-range'],
  seed: seedOnce,
  bareRoutes(app: FastifyInstance, pool: PgPool) {
    app.get('/bare/complexes/:complexId/gate-timeline', async (request, reply) => {
      const { complexId } = request.params as { complexId: string };
      const [count, page] = await Promise.all([
        (async () => {
          const { rows } = await pool.query<{ n: number }>(
            `select count(*)::int as n from (select 1 ${TIMELINE_WHERE} limit ${EXACT_COUNT_LIMIT + 1}) c`,
            [complexId],
          );
          if (rows[0].n <= EXACT_COUNT_LIMIT) return rows[0].n;
          const plan = await pool.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
            `explain (format json) select 1 ${TIMELINE_WHERE}`,
            [complexId],
          );
          return Math.max(rows[0].n, Math.round(plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows']));
        })(),
        pool.query<TimelineRow>(TIMELINE_PAGE, [complexId]),
      ]);
      reply.header('Content-Range', contentRange('gate-timeline', 0, page.rows.length, count));
      return page.rows.map((r) => ({
        id: r.id,
        occurredAt: r.occurred_at.toISOString(),
        kind: r.kind,
        postId: r.post_id,
        postName: r.post_name,
        place: r.place,
        subject: r.subject,
        detail: r.detail,
        unitNumber: r.unit_number,
        refId: r.ref_id,
      }));
    });
  },
  paths: () =>
    pages.map((id) => ({
      app: `/api/complexes/${id}/gate-timeline?range=${encodeURIComponent('[0,24]')}`,
      bare: `/bare/complexes/${id}/gate-timeline`,
    })),
};

// ---------------------------------------------------------------- the hourly report of 31 days

const reportDays = () => {
  const today = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${today}T12:00:00Z`) - 31 * 86_400_000).toISOString().slice(0, 10);
  return { from, to: today };
};
const HOURLY_SQL = `select h.hour, coalesce(c.visits, 0)::int as visits
   from generate_series(0, 23) as h(hour)
   left join (
     select extract(hour from entered_at at time zone 'America/Guayaquil')::int as hour, count(*)::int as visits
       from gate_entries
      where complex_id = $1 and entered_at >= $2::timestamptz and entered_at < $3::timestamptz and not rejected
      group by 1
   ) c on c.hour = h.hour
  order by h.hour`;

export const gateHourlyCase: BenchCase = {
  name: 'gate hourly report: 31 days of the busy complex',
  compareHeaders: [],
  seed: async (db, world) => {
    await seedOnce(db, world);
    return 'seeded with the timeline case';
  },
  bareRoutes(app: FastifyInstance, pool: PgPool) {
    app.get('/bare/complexes/:complexId/gate-reports/hourly', async (request) => {
      const { complexId } = request.params as { complexId: string };
      const { from, to } = request.query as { from: string; to: string };
      const next = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const { rows } = await pool.query<{ hour: number; visits: number }>(HOURLY_SQL, [
        complexId,
        `${from}T00:00:00-05:00`,
        `${next}T00:00:00-05:00`,
      ]);
      return { from, to, total: rows.reduce((sum, b) => sum + b.visits, 0), buckets: rows };
    });
  },
  paths: () => {
    const q = new URLSearchParams(reportDays());
    return [{ app: `/api/complexes/${busy}/gate-reports/hourly?${q}`, bare: `/bare/complexes/${busy}/gate-reports/hourly?${q}` }];
  },
};

// ---------------------------------------------------------------- registering an entry under load

/** The app's read-back of an entry (GateEntry with its formulas). */
const ENTRY_READ = `select e.*, (select u.number from directory_units u where u.id = e.unit_id) as unit_number,
    (select pp.name from directory_people pp where pp.id = e.resident_id) as resident_name,
    (select g.name from gate_posts g where g.id = e.post_id) as post_name,
    (select pp.name from directory_people pp where pp.id = e.registered_by) as registered_by_name
  from gate_entries e where e.id = $1 and e.complex_id = $2`;

let visitor = 0;
/** A new visitor each request: the one-open-entry rule would refuse a second entry of the same person. */
const nextBody = (side: 'A' | 'B', postId: string) => ({
  place: 'Casa 12',
  idNumber: `${side}${process.pid % 1000}-${++visitor}`,
  firstName: 'Visitante',
  lastName: 'Bench',
  plate: `PB${visitor % 100000}`,
  visitType: 'Visita',
  expectedStay: '1',
  postId,
});

export const gateRegisterCase: BenchCase = {
  name: 'gate register entry (black-list check) under load',
  compareHeaders: [],
  seed: async (db, world) => {
    await seedOnce(db, world);
    return 'seeded with the timeline case';
  },
  bareRoutes(app: FastifyInstance, pool: PgPool) {
    app.post('/bare/complexes/:complexId/gate-entries', async (request, reply) => {
      const { complexId } = request.params as { complexId: string };
      const b = request.body as ReturnType<typeof nextBody>;
      const client = await pool.connect();
      let id = '';
      try {
        const post = await client.query('select id from gate_posts where id = $1 and complex_id = $2', [b.postId, complexId]);
        if (!post.rows.length) return reply.status(400).send({ message: 'post' });
        await client.query('begin');
        const open = await client.query(
          'select id from gate_entries where complex_id = $1 and id_number = $2 and exited_at is null limit 1',
          [complexId, b.idNumber],
        );
        if (open.rows.length) {
          await client.query('rollback');
          return reply.status(409).send({ message: 'open' });
        }
        const hit = await client.query<{ kind: string }>(
          `select kind from gate_lists where complex_id = $1 and (id_number = $2 or (plate is not null and plate = $3))
            order by (kind = 'negra') desc limit 1`,
          [complexId, b.idNumber, b.plate],
        );
        const listHit = hit.rows[0]?.kind ?? null;
        const inserted = await client.query<{ id: string }>(
          `insert into gate_entries (id, complex_id, place, id_number, first_name, last_name, plate, visit_type, valid_until,
                                     expected_stay, expected_exit_at, post_id, entered_at, list_hit, source, created_at)
           values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, null, $8, now() + interval '1 hour', $9, now(), $10, 'guardia', now())
           returning id`,
          [complexId, b.place, b.idNumber, b.firstName, b.lastName, b.plate, b.visitType, b.expectedStay, b.postId, listHit],
        );
        id = inserted.rows[0].id;
        await client.query(
          `insert into audit_logs (id, complex_id, user_id, user_name, at, resource, record_id, action, changes, description)
           values (gen_random_uuid(), $1, null, 'Bench', now(), 'gate-entries', $2, 'create', $3::jsonb, $4)`,
          [complexId, id, JSON.stringify(b), `${b.firstName} ${b.lastName} (${b.idNumber})`],
        );
        await client.query(`select pg_notify('conjunto_events', $1)`, [
          JSON.stringify({ complexId, topic: 'gate.entry.created', payload: { id, postId: b.postId, notice: 'other' } }),
        ]);
        await client.query(
          `insert into gate_timeline (id, complex_id, occurred_at, kind, post_id, subject, detail, ref_id)
           values (gen_random_uuid(), $1, now(), 'entrada', $2, $3, $4, $5)`,
          [complexId, b.postId, `${b.firstName} ${b.lastName} (${b.idNumber})`, `${b.visitType} · ${b.plate}`, id],
        );
        await client.query(`select pg_notify('conjunto_events', $1)`, [
          JSON.stringify({ complexId, topic: 'gate.timeline.added', payload: { id, kind: 'entrada', postId: b.postId } }),
        ]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
      const { rows } = await pool.query(ENTRY_READ, [id, complexId]);
      return reply.status(201).send(rows[0]);
    });
  },
  scenario: {
    async run(ctx: ScenarioContext): Promise<ScenarioReport> {
      const [postId] = (
        await ctx.db.query<{ id: string }>('select id from gate_posts where complex_id = $1 order by name limit 1', [busy])
      ).rows.map((r) => r.id);
      const target = (side: 'A' | 'B') => {
        const url = side === 'A' ? ctx.appUrl : ctx.bareUrl;
        const path = side === 'A' ? `/api/complexes/${busy}/gate-entries` : `/bare/complexes/${busy}/gate-entries`;
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (side === 'A') headers.authorization = `Bearer ${ctx.token}`;
        return {
          url,
          headers,
          requests: [
            {
              method: 'POST',
              path,
              setupRequest: (r: Record<string, unknown>) => ({ ...r, body: JSON.stringify(nextBody(side, postId)) }),
            },
          ],
        };
      };
      const rounds = 2;
      const samples: Record<'A' | 'B', Sample[]> = { A: [], B: [] };
      for (const side of ['A', 'B'] as const) await load({ ...target(side), connections: 50, duration: ctx.warmup });
      for (let round = 1; round <= rounds; round++)
        for (const side of ['A', 'B'] as const)
          samples[side].push(await load({ ...target(side), connections: 50, duration: ctx.duration / rounds }));
      const [app, bare] = [summarize(samples.A), summarize(samples.B)];
      const ratio = (a: number, b: number) => (b ? `${(a / b).toFixed(2)}x` : 'n/a');
      const lines = table(
        ['side', 'req/s', 'p50 ms', 'p99 ms', 'failures', 'req/s app/bare', 'p99 app/bare'],
        [
          [
            'app',
            String(Math.round(app.reqPerSec)),
            app.p50.toFixed(1),
            app.p99.toFixed(1),
            String(app.failures),
            ratio(app.reqPerSec, bare.reqPerSec),
            ratio(app.p99, bare.p99),
          ],
          ['bare', String(Math.round(bare.reqPerSec)), bare.p50.toFixed(1), bare.p99.toFixed(1), String(bare.failures), '', ''],
        ],
      ).split('\n');
      return {
        title: `Registering an entry at the busy complex (open-entry and black-list checks, audit, timeline, live events), 50 connections, ${ctx.warmup} s warm-up, ${rounds} x ${ctx.duration / rounds} s per side`,
        lines,
        ok: app.failures === 0 && bare.failures === 0 && app.completed > 0 && bare.completed > 0,
      };
    },
  },
};

export const gateCases = [gateTimelineCase, gateHourlyCase, gateRegisterCase];
