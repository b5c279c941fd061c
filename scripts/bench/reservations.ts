// Case "community: reservation race": 50 residents of one complex ask for the same Saturday slot of one area at the
// same instant, through the real API (their own sign-ins, the residents' path: their unit, the area's rules, the
// insert the exclusion constraint guards). Exactly one must win and 49 be told the slot is taken, every round. The
// baseline: a bare route that runs only the insert, 50 at once on the same pool size. Prints each side's time for a
// whole race (all 50 answered) and the ratio. Env: BENCH_RACE_ROUNDS (default 20).
import type { FastifyInstance } from 'fastify';
import type { BenchCase, ScenarioContext, ScenarioReport } from './cases.ts';
import { type PgPool, table } from './lib.ts';

const RESIDENTS = 50;
const ROUNDS = Number(process.env.BENCH_RACE_ROUNDS ?? 20);
const AREA = 'Bench: salón de eventos';

interface Racer {
  token: string;
  unitId: string;
  userId: string;
}

/** The Saturday `weeks` weeks from the next one, 10:00-12:00 Guayaquil (UTC-5). */
function saturday(weeks: number): { startsAt: string; endsAt: string } {
  const now = new Date();
  const days = ((6 - now.getUTCDay() + 7) % 7 || 7) + weeks * 7;
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days));
  const at = (hour: number) => new Date(day.getTime() + (hour + 5) * 3_600_000).toISOString();
  return { startsAt: at(10), endsAt: at(12) };
}

async function race(requests: (() => Promise<number>)[]): Promise<{ ms: number; statuses: number[] }> {
  const started = performance.now();
  const statuses = await Promise.all(requests.map((send) => send()));
  return { ms: performance.now() - started, statuses };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** The demo's Los Álamos: its units are the racers' homes. */
const complexOf = async (db: ScenarioContext['db']) =>
  (await db.query<{ id: string }>("select id from complexes where name = 'Conjunto Los Álamos'")).rows[0].id;

async function run(ctx: ScenarioContext): Promise<ScenarioReport> {
  const complexId = await complexOf(ctx.db);
  const [{ id: areaId }] = (
    await ctx.db.query<{ id: string }>('select id from reservation_areas where complex_id = $1 and name = $2', [complexId, AREA])
  ).rows;
  const people = (
    await ctx.db.query<{ id: string; email: string; unit_id: string }>(
      "select id, email, unit_id from users where residence_complex_id = $1 and email like 'race%@residentes.bench' order by email",
      [complexId],
    )
  ).rows;
  const racers: Racer[] = [];
  for (const p of people) {
    const res = await fetch(`${ctx.appUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: p.email, password: 'demo1234', client: 'app' }),
    });
    if (res.status !== 200) throw new Error(`Login of ${p.email} answered ${res.status}: ${await res.text()}`);
    racers.push({ token: ((await res.json()) as { token: string }).token, unitId: p.unit_id, userId: p.id });
  }
  const app: number[] = [];
  const bare: number[] = [];
  const wrong: string[] = [];
  const failures: string[] = [];
  const check = (side: string, round: number, statuses: number[]) => {
    const won = statuses.filter((s) => s === 201).length;
    const taken = statuses.filter((s) => s === 409).length;
    if (won !== 1 || taken !== RESIDENTS - 1)
      wrong.push(`${side} round ${round}: ${won} won, ${taken} refused, ${statuses.join(',')}`);
  };
  for (let round = 0; round < ROUNDS; round++) {
    // Alternating sides, each on a Saturday of its own (a fresh slot for every race).
    const appSlot = saturday(2 * round);
    const appRace = await race(
      racers.map((r) => async () => {
        const res = await fetch(`${ctx.appUrl}/api/complexes/${complexId}/reservations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${r.token}` },
          body: JSON.stringify({ areaId, ...appSlot }),
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    check('app', round, appRace.statuses);
    app.push(appRace.ms);
    const bareSlot = saturday(2 * round + 1);
    const bareRace = await race(
      racers.map((r) => async () => {
        const res = await fetch(`${ctx.bareUrl}/bench/reservations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ complexId, areaId, unitId: r.unitId, userId: r.userId, ...bareSlot }),
        });
        const text = await res.text();
        if (res.status === 500 && !failures.length) failures.push(text);
        return res.status;
      }),
    );
    check('bare', round, bareRace.statuses);
    bare.push(bareRace.ms);
  }
  const row = (label: string, values: number[]) => [
    label,
    `${percentile(values, 50).toFixed(1)} ms`,
    `${percentile(values, 95).toFixed(1)} ms`,
  ];
  const p50 = percentile(app, 50) / percentile(bare, 50);
  return {
    title: `community: reservation race (${RESIDENTS} residents, one Saturday slot, ${ROUNDS} rounds)`,
    lines: [
      table(['side', 'race p50', 'race p95'], [row('app (residents through the API)', app), row('bare (the insert only)', bare)]),
      `ratio app/bare (p50 of a whole race): ${p50.toFixed(2)}x`,
      wrong.length
        ? `WRONG: ${wrong.join('; ')}`
        : `every race: exactly 1 booking won, ${RESIDENTS - 1} told the slot is taken (409)`,
    ],
    ok: wrong.length === 0,
  };
}

export const reservationRaceCase: BenchCase = {
  name: 'community: reservation race',
  compareHeaders: [],

  async seed(db) {
    const complexId = await complexOf(db);
    await db.query('delete from reservation_areas where complex_id = $1 and name = $2', [complexId, AREA]);
    await db.query(
      `insert into reservation_areas (id, complex_id, name, enabled, allow_qr, mode, opens_minute, closes_minute, slot_minutes,
         max_slots, min_notice_hours)
       values (gen_random_uuid(), $1, $2, true, true, 'horas', 480, 1320, 60, 4, 0)`,
      [complexId, AREA],
    );
    // The racers: 50 residents living in the complex's units (a unit has several: its owner's family), with the demo
    // password, terms accepted and a payment agreement (the demo's units carry debts; the arrears rule has its tests).
    const { rowCount } = await db.query(
      `insert into users (id, first_name, last_name, email, roles, residence_complex_id, unit_id, password_hash,
         legal_accepted, legal_accepted_at, payment_agreement)
       select gen_random_uuid(), 'Residente', format('Carrera %s', n), format('race%s@residentes.bench', lpad(n::text, 2, '0')),
              '["residente"]'::jsonb, $1, u.ids[1 + n % cardinality(u.ids)],
              (select password_hash from users where email = 'residente@demo.test'), true, now(), true
         from generate_series(1, $2::int) n
        cross join (select array_agg(id order by number_sort) as ids from units where complex_id = $1 and is_active) u
       on conflict do nothing`,
      [complexId, RESIDENTS],
    );
    return `1 area, ${rowCount} racing residents`;
  },

  bareRoutes(app: FastifyInstance, pool: PgPool) {
    app.post('/bench/reservations', async (request, reply) => {
      const b = request.body as Record<string, string>;
      try {
        await pool.query(
          `insert into reservations (id, complex_id, area_id, unit_id, user_id, starts_at, ends_at, status, hash)
           values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, 'pendiente', substr(md5(random()::text), 1, 15))`,
          [b.complexId, b.areaId, b.unitId, b.userId, b.startsAt, b.endsAt],
        );
        return reply.status(201).send({});
      } catch (error) {
        if (String((error as Error).message).includes('reservations_no_overlap')) return reply.status(409).send({});
        return reply.status(500).send({ message: String((error as Error).message) });
      }
    });
  },

  scenario: { run },
};
