// Case "residents: bulk load": issue 12's "import of 10,000 units+residents from XLSX: rows/s and peak RSS,
// against a bare COPY of the same rows". A generated .xlsx (one unit and its owner per row, unique e-mails and
// C.I.) goes through the platform's bulk load (cargardatos, server/src/directory/imports.ts bulkImport) into a
// fresh complex, as platform staff: preview, then the import (a background job above IMPORT_JOB_THRESHOLD rows)
// followed to its end. The app's RSS is sampled meanwhile. The baseline writes the same rows into another fresh
// complex with bare SQL: pg-copy-streams is not a dependency (node-postgres has no COPY FROM STDIN of its own), so
// it is one multi-row INSERT ... SELECT FROM unnest(...) per table plus the owner link, in one transaction: the
// floor of what storing these rows costs, without parsing, checks, audit or invitation e-mails.
//
// Env: BENCH_BULK_ROWS (default 10000, the import's row limit), BENCH_BULK_TIMEOUT (seconds, default 900).
import { IMPORT_JOB_THRESHOLD, newId } from '@conjunto/core';
import { naturalSortKey } from '../../server/src/directory/unit.entity.ts';
import { DEMO_PASSWORD } from '../../server/src/seed/demo.ts';
import type { BenchCase, BenchScenario, ScenarioContext, ScenarioReport } from './cases.ts';
import { processStats, type Queryable, table } from './lib.ts';
import { FIRST, LAST } from './world.ts';

const ROWS = Math.max(IMPORT_JOB_THRESHOLD + 1, Math.min(10_000, Math.floor(Number(process.env.BENCH_BULK_ROWS || 10_000))));
const TIMEOUT_MS = Number(process.env.BENCH_BULK_TIMEOUT || 900) * 1000;
const STAFF_EMAIL = 'superadmin@demo.test';
const APP_COMPLEX = 'Carga Masiva App';
const BARE_COMPLEX = 'Carga Masiva SQL';
/** The bulk load's columns (imports.ts BULK_COLUMNS), in the template's order. */
const HEADER = ['Unidad', 'Alícuota', 'Tipo', 'Subconjunto', 'Nombre', 'Apellido', 'Correo', 'Teléfono', 'Cédula', 'Relación'];

interface BulkRow {
  unit: string;
  aliquot: string;
  type: string;
  subComplex: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  idNumber: string;
}

/** Row n: unit 'Torre T - n', its owner with an e-mail and C.I. no other user has (12 digits, 5550... / 5551...). */
const rowsFor = (tag: string): BulkRow[] =>
  Array.from({ length: ROWS }, (_, i) => {
    const n = i + 1;
    return {
      unit: `Torre ${1 + (i % 20)} - ${n}`,
      aliquot: (100 / ROWS).toFixed(4),
      type: i % 4 === 0 ? 'casa' : 'departamento',
      subComplex: `etapa ${1 + (i % 3)}`,
      firstName: FIRST[i % FIRST.length],
      lastName: LAST[(i * 5) % LAST.length],
      email: `carga${n}.${tag}@bulk.bench`,
      phone: `09${String(n).padStart(8, '0')}`,
      idNumber: `${tag === 'app' ? 5550 : 5551}${String(n).padStart(8, '0')}`,
    };
  });

let complexes: { app: string; bare: string } | undefined;

async function seed(db: Queryable): Promise<string> {
  const make = async (name: string) =>
    (
      await db.query<{ id: string }>(
        `insert into complexes (id, name, city, province, address, contact_name, contact_email, modules, created_at)
         values (bench_uuid7(now()), $1, 'Quito', 'Pichincha', 'Av. Amazonas 100', 'Administración', 'carga@bulk.bench', '{}', now())
         returning id`,
        [name],
      )
    ).rows[0].id;
  complexes = { app: await make(APP_COMPLEX), bare: await make(BARE_COMPLEX) };
  return `2 empty complexes ('${APP_COMPLEX}' for the app, '${BARE_COMPLEX}' for the bare SQL), ${ROWS} rows each`;
}

async function workbook(rows: BulkRow[]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Carga');
  sheet.addRow(HEADER);
  for (const r of rows)
    sheet.addRow([r.unit, r.aliquot, r.type, r.subComplex, r.firstName, r.lastName, r.email, r.phone, r.idNumber, 'Propietario']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;

async function staffLogin(appUrl: string): Promise<string> {
  const res = await fetch(`${appUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: STAFF_EMAIL, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`Login as ${STAFF_EMAIL} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

interface Job {
  state: string;
  progress: { done: number; total: number; detail?: string } | null;
  output: Record<string, unknown> | null;
}

/** The app's side: preview, import, the job followed to its end. Answers the times (ms) and the job. */
async function viaApp(ctx: ScenarioContext, complexId: string, book: Buffer) {
  const auth = { authorization: `Bearer ${await staffLogin(ctx.appUrl)}` };
  const base = `${ctx.appUrl}/api/platform/complexes/${complexId}`;
  const send = (path: string) => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(book)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
      'carga.xlsx',
    );
    return fetch(base + path, { method: 'POST', headers: auth, body: form });
  };
  const started = performance.now();
  const preview = await send('/bulk-load/import/preview');
  const previewBody = (await preview.json()) as { total: number; valid: number; invalid: number; errores: unknown[] };
  const previewMs = performance.now() - started;
  if (preview.status !== 200 || previewBody.valid !== ROWS)
    throw new Error(`preview answered ${preview.status}: ${JSON.stringify(previewBody).slice(0, 500)}`);
  console.log(`  preview: ${previewBody.valid}/${previewBody.total} valid in ${secs(previewMs)}`);
  const importStart = performance.now();
  const res = await send('/bulk-load/import');
  const text = await res.text();
  const postMs = performance.now() - importStart;
  if (res.status !== 202) throw new Error(`import answered ${res.status}: ${text.slice(0, 500)}`);
  const { jobId } = JSON.parse(text) as { jobId: string };
  console.log(`  import: 202 after ${secs(postMs)}, job ${jobId}`);
  let job: Job | undefined;
  let lastPrint = performance.now();
  let lastDone = 0;
  for (;;) {
    await sleep(250);
    const poll = await fetch(`${base}/jobs/${jobId}`, { headers: auth });
    if (poll.status !== 200) throw new Error(`job answered ${poll.status}: ${(await poll.text()).slice(0, 300)}`);
    job = (await poll.json()) as Job;
    if (['completed', 'failed', 'cancelled'].includes(job.state)) break;
    const now = performance.now();
    if (now - lastPrint >= 10_000) {
      // The rate of the last interval shows whether writing slows down as the transaction grows.
      const done = job.progress?.detail === 'Guardando filas' ? job.progress.done : 0;
      console.log(
        `  ${secs(now - importStart)}: ${job.state}, ${job.progress?.detail ?? ''} ${job.progress?.done}/${job.progress?.total}` +
          (done ? `, ${((done - lastDone) / ((now - lastPrint) / 1000)).toFixed(1)} rows/s since the last line` : ''),
      );
      lastPrint = now;
      lastDone = done;
    }
    if (now - importStart > TIMEOUT_MS) throw new Error(`import not done after ${secs(TIMEOUT_MS)}: ${JSON.stringify(job)}`);
  }
  const importMs = performance.now() - importStart;
  return { previewMs, postMs, importMs, totalMs: performance.now() - started, job };
}

/** The baseline: the same rows, already in memory, written with bare SQL in one transaction. */
async function viaSql(db: Queryable, complexId: string, rows: BulkRow[]): Promise<number> {
  const unitIds = rows.map(() => newId());
  const userIds = rows.map(() => newId());
  const col = (f: (r: BulkRow, i: number) => string) => rows.map(f);
  const started = performance.now();
  await db.query('begin');
  try {
    await db.query(
      `insert into units (id, complex_id, number, number_sort, aliquot, type, sub_complex, created_at)
       select id, $1, number, sort, aliquot::numeric, type, sub, now()
         from unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) as x(id, number, sort, aliquot, type, sub)`,
      [
        complexId,
        unitIds,
        col((r) => r.unit),
        col((r) => naturalSortKey(r.unit)),
        col((r) => r.aliquot),
        col((r) => r.type.toUpperCase()),
        col((r) => r.subComplex.toUpperCase()),
      ],
    );
    await db.query(
      `insert into users (id, first_name, last_name, email, phone, id_number, roles, residence_complex_id, unit_id, created_at)
       select id, first, last, email, phone, id_number, '["residente"]'::jsonb, $1, unit_id, now()
         from unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::uuid[])
           as x(id, first, last, email, phone, id_number, unit_id)`,
      [
        complexId,
        userIds,
        col((r) => r.firstName),
        col((r) => r.lastName),
        col((r) => r.email),
        col((r) => r.phone),
        col((r) => r.idNumber),
        unitIds,
      ],
    );
    await db.query(
      `update units un set owner_id = x.owner from unnest($1::uuid[], $2::uuid[]) as x(id, owner) where un.id = x.id`,
      [unitIds, userIds],
    );
    await db.query('commit');
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
  return performance.now() - started;
}

const counts = async (db: Queryable, complexId: string) =>
  (
    await db.query<{ units: number; owned: number; residents: number }>(
      `select (select count(*)::int from units where complex_id = $1) as units,
              (select count(*)::int from units where complex_id = $1 and owner_id is not null) as owned,
              (select count(*)::int from users where residence_complex_id = $1) as residents`,
      [complexId],
    )
  ).rows[0];

async function run(ctx: ScenarioContext): Promise<ScenarioReport> {
  if (!complexes) throw new Error('bulk load bench: run before seeding');
  const appRows = rowsFor('app');
  let started = performance.now();
  const book = await workbook(appRows);
  console.log(`  ${ROWS} rows written to .xlsx (${(book.length / 1024).toFixed(0)} KB) in ${secs(performance.now() - started)}`);

  const before = await processStats(ctx.appPid);
  let peakKb = before?.rssKb ?? 0;
  const sampler = setInterval(() => {
    void processStats(ctx.appPid).then((s) => {
      if (s) peakKb = Math.max(peakKb, s.rssKb);
    });
  }, 100);
  let app: Awaited<ReturnType<typeof viaApp>>;
  try {
    app = await viaApp(ctx, complexes.app, book);
  } finally {
    clearInterval(sampler);
  }
  const after = await processStats(ctx.appPid);
  peakKb = Math.max(peakKb, after?.rssKb ?? 0);

  started = performance.now();
  const bareMs = await viaSql(ctx.db, complexes.bare, rowsFor('sql'));
  console.log(
    `  bare SQL: ${ROWS} units + ${ROWS} residents in ${secs(bareMs)} (${secs(performance.now() - started)} with the ids)`,
  );

  const [appCount, bareCount] = [await counts(ctx.db, complexes.app), await counts(ctx.db, complexes.bare)];
  const problems: string[] = [];
  const output = app.job.output ?? {};
  if (app.job.state !== 'completed' || output.created !== ROWS)
    problems.push(`job ${app.job.state}: ${JSON.stringify(output).slice(0, 300)}`);
  for (const [side, c] of [
    ['app', appCount],
    ['bare', bareCount],
  ] as const)
    if (c.units !== ROWS || c.owned !== ROWS || c.residents !== ROWS)
      problems.push(`${side}: ${c.units} units, ${c.owned} owned, ${c.residents} residents (expected ${ROWS} each)`);

  const rate = (ms: number) => ROWS / (ms / 1000);
  const appRate = rate(app.totalMs);
  const bareRate = rate(bareMs);
  const lines = [
    table(
      ['bulk load (cargardatos) of units + residents', 'value'],
      [
        ['rows (one unit + its owner each)', `${ROWS.toLocaleString('en-US')} in .xlsx of ${(book.length / 1024).toFixed(0)} KB`],
        ['app: preview (upload, parse, checks)', secs(app.previewMs)],
        ['app: import POST (upload, parse, checks, 202)', secs(app.postMs)],
        ['app: import POST to job completed', secs(app.importMs)],
        ['app: preview + import, end to end', secs(app.totalMs)],
        ['app rows/s (end to end, preview included)', appRate.toFixed(0)],
        ['app rows/s (import only, POST to completed)', rate(app.importMs).toFixed(0)],
        ['bare SQL (unnest INSERTs + owner link, 1 transaction)', secs(bareMs)],
        ['bare SQL rows/s', bareRate.toFixed(0)],
        ['rows/s bare/app (end to end)', `${(bareRate / appRate).toFixed(0)}x`],
        [
          'app RSS before / peak during (100 ms samples) / after',
          `${mb(before?.rssKb ?? 0)} / ${mb(peakKb)} / ${mb(after?.rssKb ?? 0)}`,
        ],
        ['app VmHWM (peak since start, seeding included)', mb(after?.hwmKb ?? 0)],
      ],
    ),
  ];
  if (problems.length) lines.push(...problems.map((p) => `PROBLEM: ${p}`));
  return {
    title: `Bulk load of ${ROWS.toLocaleString('en-US')} units + residents from XLSX, app vs bare SQL`,
    lines,
    ok: !problems.length,
  };
}

const scenario: BenchScenario = { run };

export const bulkLoadCase: BenchCase = {
  name: 'residents: bulk load from XLSX',
  compareHeaders: [],
  seed,
  bareRoutes() {},
  scenario,
};
