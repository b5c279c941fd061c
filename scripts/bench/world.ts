// The data every case shares: 50 complexes (the demo's 3 plus 47), residents in each, and the demo
// administrator (admin@demo.test) linked to all of them so one token reads every complex.
import type { BenchWorld } from './cases.ts';
import type { Queryable } from './lib.ts';

export const COMPLEXES = 50;
export const RESIDENTS_PER_COMPLEX = 40;
export const ADMIN_EMAIL = 'admin@demo.test';

export const FIRST = [
  'María',
  'José',
  'Ana',
  'Luis',
  'Carmen',
  'Jorge',
  'Lucía',
  'Diego',
  'Sofía',
  'Andrés',
  'Valeria',
  'Carlos',
];
export const LAST = [
  'Andrade',
  'Benítez',
  'Castillo',
  'Delgado',
  'Espinoza',
  'Guerrero',
  'Herrera',
  'Jaramillo',
  'López',
  'Mora',
  'Ortiz',
];
/** A SQL array literal of names (no quotes inside: the lists above). */
export const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(', ')}]`;

export async function seedWorld(db: Queryable): Promise<BenchWorld & { summary: string }> {
  // UUID v7 as the app makes them (core/ids.ts), from a given time: rows land in index order as in production.
  await db.query(`create function bench_uuid7(ts timestamptz) returns uuid language sql volatile as $$
    select encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
      placing substring(int8send(floor(extract(epoch from ts) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid
  $$`);
  const { rows: existing } = await db.query<{ n: number }>('select count(*)::int as n from complexes');
  await db.query(
    `insert into complexes (id, name, city, province, address, resident_count, contact_name, contact_email, modules, created_at)
     select bench_uuid7(now() - make_interval(days => 400 - i)), format('Conjunto Bench %s', lpad(i::text, 2, '0')),
            (array['Quito', 'Guayaquil', 'Cuenca'])[1 + i % 3], (array['Pichincha', 'Guayas', 'Azuay'])[1 + i % 3],
            format('Av. Principal %s', 100 + i * 7), $2, 'Administración', format('admin@bench%s.demo', i), '{}', now() - make_interval(days => 400 - i)
       from generate_series(1, $1::int) i`,
    [COMPLEXES - existing[0].n, RESIDENTS_PER_COMPLEX],
  );
  const { rows: complexes } = await db.query<{ id: string }>('select id from complexes order by created_at, name');

  // Residents of the new complexes (the demo's complexes have theirs): no password, as the demo's residents.
  const { rowCount: residents } = await db.query(
    `insert into users (id, first_name, last_name, email, roles, residence_complex_id, legal_accepted, created_at)
     select bench_uuid7(c.created_at), (${sqlArray(FIRST)})[1 + (j * 7 + c.n) % ${FIRST.length}],
            (${sqlArray(LAST)})[1 + (j * 5 + c.n) % ${LAST.length}], format('res%s.c%s@residentes.bench', j, c.n),
            '["residente"]'::jsonb, c.id, true, c.created_at
       from (select id, created_at, row_number() over (order by name) as n from complexes where name like 'Conjunto Bench %') c
      cross join generate_series(1, $1::int) j`,
    [RESIDENTS_PER_COMPLEX],
  );
  const links = await linkAdmin(db);
  return {
    complexIds: complexes.map((c) => c.id),
    summary: `${complexes.length} complexes, ${residents} more residents, ${ADMIN_EMAIL} linked to ${links} more complexes`,
  };
}

/** Links the demo administrator to every complex (one token reads them all); answers how many links are new. */
export async function linkAdmin(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(
    `insert into user_complexes (user_id, complex_id)
     select u.id, c.id from users u cross join complexes c where lower(u.email) = $1 on conflict do nothing`,
    [ADMIN_EMAIL],
  );
  return rowCount ?? 0;
}

/** Units 'Casa 1' .. 'Casa <perComplex>' in each complex that has none (the demo's have theirs), or only in `complexId`. */
export async function seedUnits(db: Queryable, perComplex: number, complexId?: string): Promise<void> {
  await db.query(
    `insert into units (id, complex_id, number, number_sort, aliquot, type, created_at)
     select bench_uuid7(c.created_at), c.id, 'Casa ' || j, 'casa ' || lpad(j::text, 10, '0'), 2.5, 'CASA', c.created_at
       from complexes c cross join generate_series(1, $1::int) j
      where ($2::uuid is null or c.id = $2) and not exists (select 1 from units u where u.complex_id = c.id)`,
    [perComplex, complexId ?? null],
  );
}
