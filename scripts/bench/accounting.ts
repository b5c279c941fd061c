// Cases "accounting": the incomes list of plugins/accounting (one account, newest first) at page 1 and at a deep
// page, and a reconciliation of an account with 50,000 unreconciled records; each against its bare baseline.
// 1,000,000 incomes across 200 complexes, seeded set-based.
import { businessDay, contentRange } from '@conjunto/core';
import type { FastifyInstance } from 'fastify';
import type { BenchCase, BenchWorld } from './cases.ts';
import type { PgPool, Queryable } from './lib.ts';
import { linkAdmin, seedUnits } from './world.ts';

export const ACCOUNTING_COMPLEXES = 200;
export const INCOMES = 1_000_000;
export const UNITS_PER_COMPLEX = 40;
/** The account the reconciliation case marks: this many unreconciled incomes and expenses. */
export const RECONCILE_INCOMES = 45_000;
export const RECONCILE_EXPENSES = 5_000;
const DEEP_RANGE: [number, number] = [4000, 4024];

/** What the seed made, for the paths (filled in the process that seeds; paths are asked after seeding). */
interface Seeded {
  complexIds: string[];
  mainAccounts: string[];
  reconcile: { complexId: string; accountId: string };
  summary: string;
}
let seeding: Promise<Seeded> | undefined;
let seeded: Seeded | undefined;

const MONTHS =
  "array['enero','febrero','marzo','abril','mayo','junio','julio','agosto','septiembre','octubre','noviembre','diciembre']";

async function seedAccounting(db: Queryable): Promise<Seeded> {
  const count = async (sql: string, params: unknown[] = []) => (await db.query<{ n: number }>(sql, params)).rows[0].n;
  // Complexes up to 200, every one with the Contabilidad switch on and the demo administrator linked.
  const { rowCount: newComplexes } = await db.query(
    `insert into complexes (id, name, city, province, address, contact_name, contact_email, modules, created_at)
     select bench_uuid7(now() - make_interval(days => 800 - i)), format('Conjunto Bench Contable %s', lpad(i::text, 3, '0')),
            'Quito', 'Pichincha', format('Calle %s', i), 'Administración', format('admin@contable%s.demo', i), '{}', now() - make_interval(days => 800 - i)
       from generate_series(1, $1::int) i`,
    [Math.max(0, ACCOUNTING_COMPLEXES - (await count('select count(*)::int as n from complexes')))],
  );
  await db.query(`update complexes set modules = modules || '{"Contabilidad": true}'::jsonb`);
  await linkAdmin(db);
  await seedUnits(db, UNITS_PER_COMPLEX);
  // Three accounts per complex (current, savings, cash box), and the one to reconcile in the first bench complex.
  await db.query(
    `insert into bank_accounts (id, complex_id, method_type, name, number, id_type, account_type, bank_id, initial_balance, cutoff_date, created_at)
     select bench_uuid7(c.created_at), c.id, a.method_type, a.name, a.number, a.id_type, a.account_type,
            (select b.id from banks b where b.name = a.bank), 0, current_date - 1100, c.created_at
       from complexes c
      cross join (values ('Cuenta Bancaria', 'Bench corriente', '2100123456', 'Ruc', 'Corriente', 'Banco Pichincha'),
                         ('Cuenta Bancaria', 'Bench ahorros', '1205123456', 'Ruc', 'Ahorros', 'Produbanco'),
                         ('Caja', 'Bench caja', null, null, null, null)) a(method_type, name, number, id_type, account_type, bank)`,
  );
  const { rows: complexes } = await db.query<{ id: string; main: string }>(
    `select c.id, a.id as main from complexes c join bank_accounts a on a.complex_id = c.id and a.name = 'Bench corriente'
      order by c.created_at, c.name`,
  );
  const reconcileComplex = complexes.find((_, i) => i >= 3) ?? complexes[0];
  const {
    rows: [{ id: reconcileAccount }],
  } = await db.query<{ id: string }>(
    `insert into bank_accounts (id, complex_id, method_type, name, number, id_type, account_type, bank_id, initial_balance, cutoff_date)
     values (bench_uuid7(now()), $1, 'Cuenta Bancaria', 'Bench conciliación', '3300123456', 'Ruc', 'Corriente',
             (select id from banks where name = 'Banco Guayaquil'), 0, current_date - 800) returning id`,
    [reconcileComplex.id],
  );

  // Incomes: 90% to the current account, 5% each to the savings account and the cash box; dates over three
  // years, the older than 60 days reconciled; receipt numbers continue each complex's own.
  const existing = await count('select count(*)::int as n from incomes');
  const spread = INCOMES - existing - RECONCILE_INCOMES;
  const per = Math.floor(spread / complexes.length);
  const { rowCount: incomes } = await db.query(
    `with c as (
       select c.id, row_number() over (order by c.created_at, c.name) as ci,
              max(a.id::text) filter (where a.name = 'Bench corriente')::uuid as main,
              max(a.id::text) filter (where a.name = 'Bench ahorros')::uuid as savings,
              max(a.id::text) filter (where a.name = 'Bench caja')::uuid as cash,
              (select array_agg(u.id order by u.number_sort) from units u where u.complex_id = c.id) as units,
              (select array_agg(u.number order by u.number_sort) from units u where u.complex_id = c.id) as numbers,
              coalesce((select max(receipt_number) from incomes i where i.complex_id = c.id), 0) as base
         from complexes c join bank_accounts a on a.complex_id = c.id group by c.id)
     insert into incomes (id, complex_id, account_id, receipt_number, date, description, method, amount, unit_id, payer_name,
                          transaction_reference, reconciled, created_at)
     select bench_uuid7(t.at), c.id, case when n % 20 < 18 then c.main when n % 20 = 18 then c.savings else c.cash end,
            c.base + n, t.day, format('Pago expensa %s %s', (${MONTHS})[extract(month from t.day)::int], extract(year from t.day)),
            case when n % 20 = 19 then 'Efectivo' when n % 2 = 0 then 'Transferencia' else 'Deposito' end,
            20 + (n * 7919 % 20000) / 100.0, case when n % 50 = 7 then null else c.units[1 + n % cardinality(c.units)] end,
            case when n % 50 = 7 then null else format('Propietario %s', c.numbers[1 + n % cardinality(c.numbers)]) end,
            case when n % 20 = 19 then null else lpad((n * 104729 % 100000000)::text, 8, '0') end,
            t.day < current_date - 60, t.at
       from c cross join generate_series(1, $1::int + case when c.ci <= $2::int then 1 else 0 end) n
      cross join lateral (select current_date - ((n * 7919 + c.ci * 131) % 1095)::int as day) d
      cross join lateral (select d.day as day, d.day + make_interval(hours => 8, secs => n % 36000) as at) t`,
    [per, spread - per * complexes.length],
  );
  // The account to reconcile: nothing of it reconciled yet, all of it dated before today.
  const reconcileBase = async (table: string) =>
    count(`select coalesce(max(receipt_number), 0)::int as n from ${table} where complex_id = $1`, [reconcileComplex.id]);
  await db.query(
    `insert into incomes (id, complex_id, account_id, receipt_number, date, description, method, amount, payer_name, transaction_reference, created_at)
     select bench_uuid7(t.at), $1, $2, $3::int + n, t.at::date, 'Depósito de expensas', 'Deposito', 10 + (n * 7919 % 30000) / 100.0,
            'Residente', lpad(n::text, 8, '0'), t.at
       from generate_series(1, $4::int) n cross join lateral (select now() - interval '2 days' - make_interval(mins => n * 23) as at) t`,
    [reconcileComplex.id, reconcileAccount, await reconcileBase('incomes'), RECONCILE_INCOMES],
  );
  await db.query(
    `insert into expenses (id, complex_id, account_id, receipt_number, date, description, method, amount, payee_name, created_at)
     select bench_uuid7(t.at), $1, $2, $3::int + n, t.at::date, 'Pago a proveedor', 'Transferencia', 5 + (n * 7919 % 50000) / 100.0,
            'Proveedor', t.at
       from generate_series(1, $4::int) n cross join lateral (select now() - interval '2 days' - make_interval(mins => n * 211) as at) t`,
    [reconcileComplex.id, reconcileAccount, await reconcileBase('expenses'), RECONCILE_EXPENSES],
  );
  const total = await count('select count(*)::int as n from incomes');
  return {
    complexIds: complexes.map((c) => c.id),
    mainAccounts: complexes.map((c) => c.main),
    reconcile: { complexId: reconcileComplex.id, accountId: reconcileAccount },
    summary:
      `${newComplexes} more complexes (${complexes.length} with accounting), ${incomes} + ${RECONCILE_INCOMES} incomes (${total} in all), ` +
      `${RECONCILE_EXPENSES} expenses; ~${per} incomes per complex, 90% on its current account`,
  };
}

/** Seeds once for the three cases, whichever runs first; answers whether this call seeded. */
async function ensureSeeded(db: Queryable): Promise<boolean> {
  const first = !seeding;
  seeding ??= seedAccounting(db);
  seeded = await seeding;
  return first;
}
const seededNow = (): Seeded => {
  if (!seeded) throw new Error('accounting bench: paths asked before seeding');
  return seeded;
};

// The SQL the app runs for the list (MikroORM's findAndCount, captured from the app): the count and the page
// at once, the account name and unit number as correlated subqueries (the entity's formulas).
const COUNT_SQL = 'select count(*) as "count" from "incomes" as "i0" where "i0"."complex_id" = $1 and "i0"."account_id" = $2';
const PAGE_SQL = (order: 'asc' | 'desc', offset: boolean) =>
  `select "i0".*, (select a.name from bank_accounts a where a.id = i0.account_id) as "account_name",
          (select u.number from units u where u.id = i0.unit_id) as "unit_number"
     from "incomes" as "i0" where "i0"."complex_id" = $1 and "i0"."account_id" = $2
    order by "i0"."date" ${order}, "i0"."id" ${order} limit $3${offset ? ' offset $4' : ''}`;

interface IncomeRow {
  id: string;
  account_id: string;
  account_name: string | null;
  receipt_number: number | null;
  date: Date;
  description: string;
  method: string;
  amount: string;
  discount: string;
  balance: string;
  is_advance: boolean;
  is_initial_balance: boolean;
  unit_id: string | null;
  unit_number: string | null;
  user_id: string | null;
  payer_name: string | null;
  transaction_reference: string | null;
  reconciled: boolean;
  annulled_at: Date | null;
  created_at: Date;
}
const pad = (n: number) => String(n).padStart(2, '0');
/** pg answers a date column as local midnight. */
const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** toIncome of plugins/accounting/server/incomes.ts, on pg's rows. */
const toIncome = (i: IncomeRow) => ({
  id: i.id,
  accountId: i.account_id,
  accountName: i.account_name ?? '',
  receiptNumber: i.receipt_number,
  date: day(i.date),
  description: i.description,
  method: i.method,
  amount: Number(i.amount),
  discount: Number(i.discount),
  balance: Number(i.balance),
  isAdvance: i.is_advance,
  isInitialBalance: i.is_initial_balance,
  unitId: i.unit_id,
  unitNumber: i.unit_number,
  userId: i.user_id,
  payerName: i.payer_name,
  transactionReference: i.transaction_reference,
  reconciled: i.reconciled,
  annulled: i.annulled_at != null,
  createdAt: i.created_at.toISOString(),
});

/** Both list cases share the route: registered once per app. */
const withList = new WeakSet<FastifyInstance>();
function bareListRoute(app: FastifyInstance, pool: PgPool) {
  if (withList.has(app)) return;
  withList.add(app);
  app.get('/bare/complexes/:complexId/incomes', async (request, reply) => {
    const { complexId } = request.params as { complexId: string };
    const query = request.query as { sort?: string; range?: string; filter?: string };
    const [, order] = JSON.parse(query.sort ?? '["date","DESC"]') as [string, string];
    const [from, to] = JSON.parse(query.range ?? '[0,24]') as [number, number];
    const { accountId } = JSON.parse(query.filter ?? '{}') as { accountId: string };
    const params = [complexId, accountId];
    const [count, page] = await Promise.all([
      pool.query<{ count: string }>(COUNT_SQL, params),
      pool.query<IncomeRow>(PAGE_SQL(order === 'ASC' ? 'asc' : 'desc', from > 0), [
        ...params,
        to - from + 1,
        ...(from > 0 ? [from] : []),
      ]),
    ]);
    reply.header('Content-Range', contentRange('incomes', from, page.rows.length, Number(count.rows[0].count)));
    return page.rows.map(toIncome);
  });
}

function bareReconcileRoute(app: FastifyInstance, pool: PgPool) {
  // reconcile() of plugins/accounting/server/reconciliations.ts in one transaction, then the row as the app answers it.
  app.post('/bare/complexes/:complexId/reconciliations', async (request, reply) => {
    const { complexId } = request.params as { complexId: string };
    const { accountId, untilDate } = request.body as { accountId: string; untilDate: string };
    const client = await (pool as PgPool & { connect(): Promise<Queryable & { release(): void }> }).connect();
    let id: string;
    try {
      await client.query('begin');
      const account = await client.query(
        'select id, method_type, name from bank_accounts where id = $1 and complex_id = $2 for update',
        [accountId, complexId],
      );
      if (!account.rows.length) throw new Error('account not found');
      const inserted = await client.query<{ id: string }>(
        `insert into reconciliations (id, complex_id, account_id, until_date, income_count, expense_count, user_id, user_name)
         values (gen_random_uuid(), $1, $2, $3, 0, 0, null, 'Bench') returning id`,
        [complexId, accountId, untilDate],
      );
      id = inserted.rows[0].id;
      for (const table of ['incomes', 'expenses']) {
        const prefix = table === 'incomes' ? 'income' : 'expense';
        await client.query(
          `with marked as (
             update ${table} set reconciled = true, reconciliation_id = $1
              where account_id = $2 and complex_id = $3 and not reconciled and date <= $4 returning amount)
           update reconciliations set ${prefix}_count = (select count(*) from marked), ${prefix}_total = (select coalesce(sum(amount), 0) from marked) where id = $1`,
          [id, accountId, complexId, untilDate],
        );
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
    const { rows } = await pool.query<{ income_count: number; expense_count: number }>(
      `select r.*, (select a.name from bank_accounts a where a.id = r.account_id) as account_name from reconciliations r where r.id = $1`,
      [id],
    );
    return reply.status(201).send({ id, incomeCount: rows[0].income_count, expenseCount: rows[0].expense_count });
  });
}

const listQuery = (accountId: string, range: [number, number]) =>
  new URLSearchParams({
    sort: JSON.stringify(['date', 'DESC']),
    range: JSON.stringify(range),
    filter: JSON.stringify({ accountId }),
  });

const listCase = (name: string, range: [number, number]): BenchCase => ({
  name,
  compareHeaders: ['content-range'],
  async seed(db: Queryable) {
    return (await ensureSeeded(db)) ? seededNow().summary : 'seeded above';
  },
  bareRoutes: bareListRoute,
  paths(_world: BenchWorld) {
    const s = seededNow();
    return s.complexIds.map((id, i) => ({
      app: `/api/complexes/${id}/incomes?${listQuery(s.mainAccounts[i], range)}`,
      bare: `/bare/complexes/${id}/incomes?${listQuery(s.mainAccounts[i], range)}`,
    }));
  },
});

export const accountingCases: BenchCase[] = [
  listCase('accounting: incomes page 1', [0, 24]),
  listCase(`accounting: incomes page ${DEEP_RANGE[0] / 25 + 1}`, DEEP_RANGE),
  {
    name: 'accounting: reconciliation of 50,000',
    compareHeaders: [],
    async seed(db: Queryable) {
      return (await ensureSeeded(db))
        ? seededNow().summary
        : `account with ${RECONCILE_INCOMES} incomes and ${RECONCILE_EXPENSES} expenses unreconciled`;
    },
    bareRoutes: bareReconcileRoute,
    operation: {
      runs: Number(process.env.BENCH_OPERATION_RUNS || 3),
      request(target) {
        const { reconcile } = seededNow();
        const prefix = target === 'app' ? '/api' : '/bare';
        return {
          method: 'POST',
          path: `${prefix}/complexes/${reconcile.complexId}/reconciliations`,
          body: { accountId: reconcile.accountId, untilDate: businessDay() },
        };
      },
      check(status, body) {
        const b = body as { incomeCount?: number; expenseCount?: number };
        if (status !== 201 || b.incomeCount !== RECONCILE_INCOMES || b.expenseCount !== RECONCILE_EXPENSES) {
          throw new Error(`reconciliation answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
        }
      },
      // Every run finds the same 50,000 unreconciled records, the dead rows vacuumed away (as autovacuum would) and
      // a checkpoint just taken: the run's WAL (full-page images after a checkpoint) is then alike on both sides.
      async reset(db: Queryable) {
        const { reconcile } = seededNow();
        for (const table of ['incomes', 'expenses']) {
          await db.query(
            `update ${table} set reconciled = false, reconciliation_id = null where account_id = $1 and reconciled`,
            [reconcile.accountId],
          );
        }
        await db.query('delete from reconciliations where account_id = $1', [reconcile.accountId]);
        await db.query('vacuum (analyze) incomes, expenses, reconciliations');
        await db.query('checkpoint').catch(() => {}); // needs superuser or pg_checkpoint; only for fairness
      },
    },
  },
];
