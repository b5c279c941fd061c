// Case "residents list": the administrator's residents list (search + filter + sort, host directory) over
// 200,000 residents in 500 complexes, and its baseline: the same SQL on a bare Fastify + pg route.
import type { FastifyInstance } from 'fastify';
import type { BenchCase } from './cases.ts';
import type { PgPool, Queryable } from './lib.ts';
import { FIRST, LAST, linkAdmin, sqlArray } from './world.ts';

export const RESIDENTS = 200_000;
export const COMPLEXES = 500;
/** Units of each complex this case adds: residents 1..UNITS own one, the next UNITS / 2 rent one, the rest have none. */
const UNITS = 200;
const PREFIX = 'Conjunto Residentes ';

/** The complexes this case added (the pages cycle over them). */
let added: string[] = [];

/** The pages an administrator opens: a name searched among owners, by surname; and the active ones by unit. */
const QUERIES = [
  { sort: ['lastName', 'ASC'], filter: { q: 'an', relation: 'owner' } },
  { sort: ['unitNumber', 'DESC'], filter: { isActive: true } },
].map(({ sort, filter }) =>
  new URLSearchParams({ sort: JSON.stringify(sort), range: JSON.stringify([0, 24]), filter: JSON.stringify(filter) }).toString(),
);

// The SQL the app runs for those pages (server/src/directory/residents.ts through server/src/list.ts), with the
// count as a second query run alongside instead of the app's subquery.
const RESIDENTS_SQL = `(select u.id, u.first_name, u.last_name, u.email, u.phone, u.id_number, u.unit_id, u.vip,
    u.payment_agreement, u.prepaid_guarantee, u.notification_emails, u.groups, u.is_active, u.residence_complex_id,
    u.created_at, un.number as unit_number, un.number_sort as unit_number_sort, coalesce(un.locked, false) as unit_locked,
    case when un.owner_id = u.id then 'owner' when un.tenant_id = u.id then 'tenant' end as relation
  from users u left join units un on un.id = u.unit_id and un.complex_id = u.residence_complex_id) t`;
const SORTS: Record<string, string> = { lastName: 't.last_name', unitNumber: 't.unit_number_sort' };

interface ResidentRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  id_number: string | null;
  unit_id: string | null;
  unit_number: string | null;
  relation: 'owner' | 'tenant' | null;
  unit_locked: boolean;
  vip: boolean;
  payment_agreement: boolean;
  prepaid_guarantee: boolean;
  notification_emails: string[];
  groups: string[];
  is_active: boolean;
}

const count = async (db: Queryable, sql: string) => (await db.query<{ n: number }>(sql)).rows[0].n;

export const residentsCase: BenchCase = {
  name: 'residents list',
  compareHeaders: ['content-range'],

  async seed(db) {
    const complexesBefore = await count(db, 'select count(*)::int as n from complexes');
    await db.query(
      `insert into complexes (id, name, city, province, address, contact_name, contact_email, modules, created_at)
       select bench_uuid7(now() - make_interval(days => 900 - i)), format('${PREFIX}%s', lpad(i::text, 3, '0')), 'Quito',
              'Pichincha', format('Calle %s', i), 'Administración', format('admin@residentes%s.demo', i), '{}',
              now() - make_interval(days => 900 - i)
         from generate_series(1, $1::int) i`,
      [COMPLEXES - complexesBefore],
    );
    const { rows } = await db.query<{ id: string }>(`select id from complexes where name like '${PREFIX}%' order by name`);
    added = rows.map((r) => r.id);
    await db.query(
      `insert into units (id, complex_id, number, number_sort, aliquot, type, created_at)
       select bench_uuid7(c.created_at), c.id, 'Casa ' || j, 'casa ' || lpad(j::text, 10, '0'), 0.5, 'CASA', c.created_at
         from complexes c cross join generate_series(1, $1::int) j where c.name like '${PREFIX}%'`,
      [UNITS],
    );
    // Residents spread over the added complexes; the k-th of a complex owns unit k, rents unit k - UNITS, or has none.
    const residentsBefore = await count(db, 'select count(*)::int as n from users where residence_complex_id is not null');
    await db.query(
      `insert into users (id, first_name, last_name, email, id_number, phone, roles, residence_complex_id, unit_id,
                          is_active, vip, legal_accepted, created_at)
       select bench_uuid7(c.created_at), (${sqlArray(FIRST)})[1 + (n * 7) % ${FIRST.length}],
              (${sqlArray(LAST)})[1 + (n * 5) % ${LAST.length}], format('r%s@residentes.bench', n),
              case when n % 3 = 0 then null else lpad(n::text, 10, '0') end, format('09%s', lpad(n::text, 8, '0')),
              '["residente"]'::jsonb, c.id, un.id, n % 17 <> 0, n % 41 = 0, true, c.created_at
         from generate_series(1, $1::int) n
         join lateral (select $2::uuid[] as ids) a on true
         join complexes c on c.id = a.ids[1 + n % cardinality(a.ids)]
         left join units un on un.complex_id = c.id
              and un.number = 'Casa ' || (case when n / cardinality(a.ids) < ${UNITS} then 1 + n / cardinality(a.ids)
                                              else 1 + n / cardinality(a.ids) - ${UNITS} end)
              and n / cardinality(a.ids) < ${UNITS + UNITS / 2}`,
      [RESIDENTS - residentsBefore, added],
    );
    // The links, as the residents routes keep them: the first of a unit owns it, the second rents it.
    await db.query(
      `update units un set owner_id = o.id
         from (select distinct on (unit_id) id, unit_id from users
                where unit_id is not null and email like '%@residentes.bench'
                order by unit_id, split_part(substring(email from 2), '@', 1)::int) o
        where un.id = o.unit_id and un.owner_id is null`,
    );
    await db.query(
      `update units un set tenant_id = u.id, rented = true
         from users u where u.unit_id = un.id and u.id <> un.owner_id and un.tenant_id is null
          and u.email like '%@residentes.bench'`,
    );
    await db.query('analyze users; analyze units');
    await linkAdmin(db);
    const total = await count(db, 'select count(*)::int as n from users where residence_complex_id is not null');
    return `${added.length} complexes (${await count(db, 'select count(*)::int as n from complexes')} in all), ${total} residents in all`;
  },

  bareRoutes(app: FastifyInstance, pool: PgPool) {
    app.get('/bare/complexes/:complexId/residents', async (request, reply) => {
      const { complexId } = request.params as { complexId: string };
      const query = request.query as { sort: string; range: string; filter: string };
      const [field, order] = JSON.parse(query.sort) as [string, 'ASC' | 'DESC'];
      const [from, to] = JSON.parse(query.range) as [number, number];
      const filter = JSON.parse(query.filter) as { q?: string; relation?: string; isActive?: boolean };
      const params: unknown[] = [complexId];
      const where = ['t.residence_complex_id = $1'];
      if (filter.q) {
        params.push(`%${filter.q}%`);
        const p = `$${params.length}`;
        where.push(`(t.first_name ilike ${p} or t.last_name ilike ${p} or t.email ilike ${p} or t.id_number ilike ${p})`);
      }
      if (filter.relation) {
        params.push(filter.relation);
        where.push(`t.relation = $${params.length}`);
      }
      if (filter.isActive !== undefined) {
        params.push(filter.isActive);
        where.push(`t.is_active = $${params.length}`);
      }
      const direction = order === 'DESC' ? 'desc' : 'asc';
      const conditions = where.join(' and ');
      const [total, page] = await Promise.all([
        pool.query<{ n: number }>(`select count(*)::int as n from ${RESIDENTS_SQL} where ${conditions}`, params),
        pool.query<ResidentRow>(
          `select * from ${RESIDENTS_SQL} where ${conditions}
            order by ${SORTS[field]} ${direction}, t.id ${direction} limit $${params.length + 1} offset $${params.length + 2}`,
          [...params, to - from + 1, from],
        ),
      ]);
      const rows = page.rows;
      const n = total.rows[0].n;
      reply.header('Content-Range', rows.length ? `residents ${from}-${from + rows.length - 1}/${n}` : `residents */${n}`);
      return rows.map((r) => ({
        id: r.id,
        firstName: r.first_name,
        lastName: r.last_name,
        email: r.email,
        phone: r.phone,
        idNumber: r.id_number,
        unitId: r.unit_id,
        unitNumber: r.unit_number,
        relation: r.relation,
        unitLocked: r.unit_locked,
        vip: r.vip,
        paymentAgreement: r.payment_agreement,
        prepaidGuarantee: r.prepaid_guarantee,
        notificationEmails: r.notification_emails,
        groups: r.groups,
        isActive: r.is_active,
      }));
    });
  },

  paths: () =>
    added.flatMap((id) =>
      QUERIES.map((q) => ({ app: `/api/complexes/${id}/residents?${q}`, bare: `/bare/complexes/${id}/residents?${q}` })),
    ),
};
