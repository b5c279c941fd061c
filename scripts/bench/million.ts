// Case "million list": the audit log of one complex with 1,000,000 entries, newest first, page 1 and a deep page
// read by keyset (`after`). The total is exact up to 10,000 rows and PostgreSQL's estimate above (the host's list
// helper, server/src/list.ts); the baseline runs the same three statements (bounded count, EXPLAIN, page).
import { contentRange, EXACT_COUNT_LIMIT } from '@conjunto/core';
import type { FastifyInstance } from 'fastify';
import type { BenchCase, BenchWorld } from './cases.ts';
import type { PgPool } from './lib.ts';

export const MILLION = 1_000_000;

const query = (after?: string) => {
  const q = new URLSearchParams({ sort: JSON.stringify(['at', 'DESC']), range: JSON.stringify([0, 24]) });
  if (after) q.set('after', after);
  return q;
};

const WHERE = 'from audit_logs t where t.complex_id = $1';
const PAGE_SQL = (keyset: boolean) => `select t.id, t.at, t.user_id, t.user_name, t.resource, t.record_id, t.action, t.changes,
          t.description, t.count, t.first_at
   ${WHERE}${keyset ? ' and (t.at <= $3 and (t.at < $3 or t.id < $4))' : ''}
  order by t.at desc, t.id desc limit $2`;

interface AuditRow {
  id: string;
  at: Date;
  user_id: string | null;
  user_name: string;
  resource: string;
  record_id: string;
  action: string;
  changes: unknown;
  description: string | null;
  count: number;
  first_at: Date | null;
}

/** The keyset cursor the app answers for a row (server/src/list.ts): [sort value as text, id], base64url JSON. */
let deepCursor = '';

export const millionCase: BenchCase = {
  name: 'million list: audit log of 1,000,000',
  compareHeaders: ['content-range'],

  async seed(db, world) {
    const complexId = world.complexIds[0];
    const { rowCount } = await db.query(
      `insert into audit_logs (id, complex_id, user_name, at, resource, record_id, action)
       select bench_uuid7(t.at), $1, 'Administración Bench', t.at, 'incomes', n::text, case when n % 5 = 0 then 'update' else 'create' end
         from generate_series(1, $2::int) n cross join lateral (select now() - make_interval(secs => n * 7) as at) t`,
      [complexId, MILLION],
    );
    await db.query('analyze audit_logs');
    // The deep page: the 500,000th entry's position, as a client paging by keyset would reach it.
    const {
      rows: [row],
    } = await db.query<{ at: string; id: string }>(
      'select at::text as at, id from audit_logs where complex_id = $1 order by at desc, id desc offset 500000 limit 1',
      [complexId],
    );
    deepCursor = Buffer.from(JSON.stringify([row.at, row.id])).toString('base64url');
    return `${rowCount} audit entries in one complex`;
  },

  bareRoutes(app: FastifyInstance, pool: PgPool) {
    app.get('/bare/complexes/:complexId/audit-logs', async (request, reply) => {
      const { complexId } = request.params as { complexId: string };
      const { after } = request.query as { after?: string };
      const keyset = after ? (JSON.parse(Buffer.from(after, 'base64url').toString()) as [string, string]) : undefined;
      const [count, page] = await Promise.all([
        (async () => {
          const { rows } = await pool.query<{ n: number }>(
            `select count(*)::int as n from (select 1 ${WHERE} limit ${EXACT_COUNT_LIMIT + 1}) c`,
            [complexId],
          );
          if (rows[0].n <= EXACT_COUNT_LIMIT) return rows[0].n;
          const plan = await pool.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
            `explain (format json) select 1 ${WHERE}`,
            [complexId],
          );
          return Math.max(rows[0].n, Math.round(plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows']));
        })(),
        pool.query<AuditRow>(PAGE_SQL(!!keyset), [complexId, 25, ...(keyset ?? [])]),
      ]);
      reply.header('Content-Range', contentRange('audit-logs', 0, page.rows.length, count));
      return page.rows.map((a) => ({
        id: a.id,
        at: a.at.toISOString(),
        userId: a.user_id,
        userName: a.user_name,
        resource: a.resource,
        recordId: a.record_id,
        action: a.action,
        changes: a.changes ?? null,
        description: a.description,
        count: a.count,
        firstAt: a.first_at?.toISOString() ?? null,
      }));
    });
  },

  paths: (world: BenchWorld) =>
    [undefined, deepCursor].map((after) => ({
      app: `/api/complexes/${world.complexIds[0]}/audit-logs?${query(after)}`,
      bare: `/bare/complexes/${world.complexIds[0]}/audit-logs?${query(after)}`,
    })),
};
