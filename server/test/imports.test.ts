// The host's import (issue 12, "Bulk load and generic import"): templates, previews with each row's errors and its
// sheet row number, the all-or-nothing confirm, the file guards (zip bomb, oversize, a last row of 1,048,576,
// 10,000 rows of junk), the background job above the threshold, Idempotency-Key, and the platform's tools on a
// complex (cargardatos, newuser, unidadesH) with their tenancy.
import { IMPORT_CHUNK_ROWS, IMPORT_JOB_THRESHOLD } from '@conjunto/core';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostSheets } from '../src/files/sheet.ts';
import { lieAboutZipSizes, listQuery, multipart, startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
let alamos: string;
let bosque: string;
let base: string;
let admin: { authorization: string };
let staff: { authorization: string };
let seq = 0;
const unique = () => `${Date.now() % 100000}${++seq}`;

beforeAll(async () => {
  t = await startTestServer();
  alamos = await t.complexId('alamos');
  bosque = await t.complexId('bosque');
  base = `/api/complexes/${alamos}`;
  admin = await t.login('admin@demo.test');
  staff = await t.login('superadmin@demo.test');
}, 60_000);
afterAll(() => t?.close());

const csv = (rows: (string | number)[][]) =>
  Buffer.from(rows.map((r) => r.map((c) => `"${String(c).replace(/"/g, '""')}"`).join(',')).join('\r\n'));

async function xlsx(rows: (string | number | null)[][], at?: { row: number; values: (string | number)[] }) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Hoja');
  rows.forEach((r, i) => {
    r.forEach((v, j) => {
      if (v !== null) sheet.getCell(i + 1, j + 1).value = v;
    });
  });
  if (at)
    at.values.forEach((v, j) => {
      sheet.getCell(at.row, j + 1).value = v;
    });
  return Buffer.from(await book.xlsx.writeBuffer());
}

const upload = (
  url: string,
  data: Buffer,
  filename = 'datos.csv',
  headers: Record<string, string> = admin,
  fields: Record<string, string> = {},
) => {
  const body = multipart([
    { name: 'file', filename, data },
    ...Object.entries(fields).map(([name, value]) => ({ name, data: value })),
  ]);
  return t.app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
};

const countUnits = async (complexId = alamos) =>
  Number((await t.sql<{ n: number }>('select count(*)::int as n from units where complex_id = ?', [complexId]))[0].n);

type Job = { state: string; progress: unknown; output: Record<string, unknown> | null };
/** The job followed to its end (GET <complex base>/jobs/:id). */
async function finished(complexBase: string, jobId: string, headers: Record<string, string>): Promise<Job> {
  let job: Job | undefined;
  for (let i = 0; i < 600; i++) {
    job = (await t.app.inject({ method: 'GET', url: `${complexBase}/jobs/${jobId}`, headers })).json();
    if (['completed', 'failed', 'cancelled'].includes(job!.state)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return job!;
}

const UNIT_HEADER = ['Número', 'Alícuota', 'Tipo', 'Subconjunto'];
const RESIDENT_HEADER = ['Nombre', 'Apellido', 'Correo', 'Teléfono', 'Cédula', 'Unidad', 'Relación'];

describe('templates', () => {
  it('answers the columns as the header row, in CSV and in .xlsx, with the example row', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${base}/residents/import/template?format=csv`, headers: admin });
    expect(res.statusCode).toBe(200);
    const [header, example] = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(RESIDENT_HEADER.map((h) => `"${h}"`).join(','));
    expect(example).toContain('"juan.perez@ejemplo.com"');
    const book = await t.app.inject({ method: 'GET', url: `${base}/units/import/template?format=xlsx`, headers: admin });
    expect(book.statusCode).toBe(200);
    const sheet = await hostSheets.read(book.rawPayload);
    expect(sheet.rows[0].cells).toEqual(UNIT_HEADER);
    // Uploaded as it comes, the template's example row is skipped: nothing to import.
    const again = await upload(`${base}/units/import/preview`, book.rawPayload, 'plantilla.xlsx');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('El archivo no tiene filas para importar.');
  });

  it('is for administrators: a guard is refused (403), another complex answers 404', async () => {
    const guard = await t.login('guardia@demo.test');
    expect((await t.app.inject({ method: 'GET', url: `${base}/units/import/template`, headers: guard })).statusCode).toBe(403);
    const colina = await t.complexId('colina');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/complexes/${colina}/units/import/template`, headers: admin })).statusCode,
    ).toBe(404);
  });
});

describe('preview', () => {
  it("answers each row's errors with its sheet row number, writes nothing", async () => {
    const [held] = await t.sql<{ id_number: string; number: string }>(
      `select u.id_number, un.number from users u join units un on un.owner_id = u.id
        where un.complex_id = ? and u.id_number is not null limit 1`,
      [alamos],
    );
    const free = `Lote ${unique()}`;
    await t.app.inject({ method: 'POST', url: `${base}/units`, headers: admin, payload: { number: free } });
    const mail = `nueva.${unique()}@correo.test`;
    const file = csv([
      RESIDENT_HEADER,
      ['Ana', 'Vera', mail, '', '', free, 'Propietario'], // 2 valid
      ['Luis', 'Mora', 'admin@demo.test', '', '', '', ''], // 3 e-mail taken
      ['Eva', 'Paz', mail.toUpperCase(), '', '', '', ''], // 4 same e-mail as row 2
      ['Iván', 'Ruiz', `i.${unique()}@correo.test`, '', '17-12a', '', ''], // 5 C.I. format
      ['Olga', 'Sosa', `o.${unique()}@correo.test`, '', held.id_number, '', ''], // 6 C.I. taken
      ['Raúl', 'Tapia', `r.${unique()}@correo.test`, '', '', 'No existe 999', 'Propietario'], // 7 unknown unit
      ['Sara', 'Ulloa', `s.${unique()}@correo.test`, '', '', held.number, 'Propietario'], // 8 unit has an owner
      ['', 'Vaca', `v.${unique()}@correo.test`, '', '', '', ''], // 9 first name missing
      ['', '', '', '', '', '', ''], // 10 blank: skipped
      ['Teo', 'Yépez', 'no-es-correo', '', '', '', ''], // 11 invalid e-mail
      ['Uma', 'Zurita', `u.${unique()}@correo.test`, '', '', free, 'Jefe'], // 12 relation
    ]);
    const before = await t.sql('select count(*)::int as n from users');
    const res = await upload(`${base}/residents/import/preview`, file);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 10, valid: 1, invalid: 9 });
    expect(body.errores).toEqual(
      [
        { fila: 3, errores: ['¡Correo ya registrado!'] },
        { fila: 4, errores: ['¡Correo ya registrado!'] },
        { fila: 5, errores: ['¡Solo se permiten números, + y /!'] },
        { fila: 6, errores: ['¡C.I. o RUC ya registrado!'] },
        { fila: 7, errores: ['¡La U.H. no existe en este conjunto!'] },
        { fila: 8, errores: ['¡Esta U.H. ya tiene un propietario registrado!'] },
        { fila: 9, errores: ['Nombre: ¡Se requiere este campo!'] },
        { fila: 11, errores: ['¡Correo inválido!'] },
        { fila: 12, errores: ['Relación: use Propietario o Inquilino.'] },
      ].map((e) => expect.objectContaining(e)) as never,
    );
    expect(body.errores).toHaveLength(9);
    expect(await t.sql('select count(*)::int as n from users')).toEqual(before);
  });

  it('refuses residents past the complex user limit, counting the file in order', async () => {
    const [{ n }] = await t.sql<{ n: number }>(
      `select count(*)::int as n from users where residence_complex_id = ? and is_active and roles @> '["residente"]'::jsonb`,
      [bosque],
    );
    await t.sql('update complexes set trust_limit = ? where id = ?', [n + 1, bosque]);
    try {
      const res = await upload(
        `/api/complexes/${bosque}/residents/import/preview`,
        csv([RESIDENT_HEADER, ['A', 'B', `a.${unique()}@correo.test`], ['C', 'D', `c.${unique()}@correo.test`]]),
      );
      expect(res.json()).toMatchObject({
        valid: 1,
        errores: [{ fila: 3, errores: ['Ha alcanzado el límite de usuarios permitidos'] }],
      });
    } finally {
      await t.sql('update complexes set trust_limit = null where id = ?', [bosque]);
    }
  });

  it('keeps formula-looking CSV cells as text and refuses NUL bytes and other files', async () => {
    const number = `=HYPERLINK("x";"${unique()}")`;
    const res = await upload(`${base}/units/import`, csv([UNIT_HEADER, [number, '1,5', 'casa', '']]));
    expect(res.statusCode, res.body).toBe(200);
    const [unit] = await t.sql<{ number: string; aliquot: string; type: string }>(
      'select number, aliquot, type from units where complex_id = ? and number = ?',
      [alamos, number],
    );
    expect(unit).toMatchObject({ number, type: 'CASA' });
    expect(Number(unit.aliquot)).toBe(1.5);
    const nul = await upload(`${base}/units/import/preview`, Buffer.from('Número\nCasa\u0000 9\n'));
    expect(nul.statusCode).toBe(400);
    expect((await upload(`${base}/units/import/preview`, Buffer.from('x'), 'datos.pdf')).statusCode).toBe(415);
    const missing = await upload(`${base}/units/import/preview`, csv([['Tipo'], ['CASA']]));
    expect(missing.json().message).toBe('Faltan columnas en la hoja: Número.');
    // Excel in Spanish saves ';' and Windows-1252.
    const latin = Buffer.from(`Número;Tipo\r\nCasa ñ ${unique()};dúplex\r\n`, 'latin1');
    const semi = await upload(`${base}/units/import/preview`, latin);
    expect(semi.json()).toMatchObject({ total: 1, valid: 1 });
  });
});

describe('confirm', () => {
  it('writes every row in one transaction: a row the database refuses leaves nothing written (409 naming the row)', async () => {
    const tag = unique();
    await t.sql(`alter table units add constraint test_no_boom check (number <> 'Boom ${tag}')`);
    try {
      const before = await countUnits();
      const res = await upload(
        `${base}/units/import`,
        csv([UNIT_HEADER, [`A ${tag}`], [`B ${tag}`], [`Boom ${tag}`], [`C ${tag}`]]),
      );
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'IMPORT_CONFLICT', errores: [{ fila: 4 }] });
      expect(res.json().message).toMatch(/^Fila 4: .*No se importó ninguna fila\.$/);
      expect(await countUnits()).toBe(before);
    } finally {
      await t.sql('alter table units drop constraint test_no_boom');
    }
  });

  it('refuses a file with row errors (422, nothing written) unless skipInvalid, then writes the valid rows', async () => {
    const tag = unique();
    const file = csv([UNIT_HEADER, [`Ok ${tag}`], [`Ok ${tag}`], [`Ok2 ${tag}`, 'mucho']]);
    const before = await countUnits();
    const refused = await upload(`${base}/units/import`, file);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'IMPORT_ROWS_INVALID',
      valid: 1,
      errores: [
        { fila: 3, errores: ['¡Esta U.H. ya existe!'] },
        { fila: 4, errores: ['Alícuota: debe ser un número entre 0 y 100 con máximo 4 decimales.'] },
      ],
    });
    expect(await countUnits()).toBe(before);
    const partial = await upload(`${base}/units/import`, file, 'datos.csv', admin, { skipInvalid: 'true' });
    expect(partial.json()).toEqual({ created: 1, total: 3 });
    expect(await countUnits()).toBe(before + 1);
  });

  it('creates residents with the single create: unit link, audit and the invitation e-mail', async () => {
    const unit = `Depto ${unique()}`;
    await t.app.inject({ method: 'POST', url: `${base}/units`, headers: admin, payload: { number: unit } });
    const owner = `dueno.${unique()}@correo.test`;
    const tenant = `inqui.${unique()}@correo.test`;
    const res = await upload(
      `${base}/residents/import`,
      await xlsx([
        RESIDENT_HEADER,
        ['Marta', 'León', owner, '0991112223', '', unit, 'Propietario'],
        ['Pablo', 'Cruz', tenant, '', '', unit, 'inquilino'],
      ]),
      'residentes.xlsx',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 2, total: 2 });
    const [u] = await t.sql<{ owner: string; tenant: string; rented: boolean }>(
      `select o.email as owner, i.email as tenant, un.rented from units un left join users o on o.id = un.owner_id
        left join users i on i.id = un.tenant_id where un.complex_id = ? and un.number = ?`,
      [alamos, unit],
    );
    expect(u).toEqual({ owner, tenant, rented: true });
    const mails = await t.sql<{ to: string[] }>(
      `select to_addresses as to from mail_outbox where complex_id = ? and category = 'auth.password-invite' and (to_addresses @> jsonb_build_array(?::text) or to_addresses @> jsonb_build_array(?::text))`,
      [alamos, owner, tenant],
    );
    expect(mails).toHaveLength(2);
    const audit = await t.sql(
      `select 1 from audit_logs where complex_id = ? and resource = 'residents' and action = 'create' and description = 'Marta León'`,
      [alamos],
    );
    expect(audit).toHaveLength(1);
  });

  it('writes once for a retried POST with the same Idempotency-Key', async () => {
    const tag = unique();
    const file = csv([UNIT_HEADER, [`Idem ${tag}`]]);
    const headers = { ...admin, 'idempotency-key': `imp-${tag}` };
    const first = await upload(`${base}/units/import`, file, 'datos.csv', headers);
    const second = await upload(`${base}/units/import`, file, 'datos.csv', headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotency-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    const rows = await t.sql('select 1 from units where complex_id = ? and number = ?', [alamos, `Idem ${tag}`]);
    expect(rows).toHaveLength(1);
  });

  it(`runs above ${IMPORT_JOB_THRESHOLD} rows as a job with progress, and writes every row`, async () => {
    const tag = unique();
    const n = IMPORT_JOB_THRESHOLD + 20;
    const before = await countUnits();
    const res = await upload(
      `${base}/units/import`,
      csv([UNIT_HEADER, ...Array.from({ length: n }, (_, i) => [`Job ${tag}-${i + 1}`, '0.5'])]),
    );
    expect(res.statusCode, res.body).toBe(202);
    const job = await finished(base, res.json().jobId, admin);
    expect(job).toMatchObject({
      state: 'completed',
      progress: { done: n, total: n },
      output: { created: n, total: n },
    });
    expect(await countUnits()).toBe(before + n);
  }, 60_000);
});

describe('hostile files', () => {
  it('refuses a zip bomb (413) and an oversize file (413) before reading rows', async () => {
    const bomb = new JSZip();
    bomb.file('[Content_Types].xml', '<Types/>');
    bomb.file('xl/worksheets/sheet1.xml', Buffer.alloc(30 * 1024 * 1024, 32));
    const bytes = lieAboutZipSizes(await bomb.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }), 1024);
    const res = await upload(`${base}/units/import/preview`, bytes, 'bomba.xlsx');
    expect(res.statusCode).toBe(413);
    const big = await upload(`${base}/units/import/preview`, Buffer.alloc(6 * 1024 * 1024, 65), 'grande.csv');
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('El archivo es demasiado pesado.');
  });

  it('reads a sheet whose last row is 1,048,576 as the rows it has, at once', async () => {
    const tag = unique();
    const started = Date.now();
    const res = await upload(
      `${base}/units/import/preview`,
      await xlsx([UNIT_HEADER, [`Arriba ${tag}`]], { row: 1_048_576, values: [`Arriba ${tag}`] }),
      'lejos.xlsx',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      total: 2,
      valid: 1,
      invalid: 1,
      errores: [{ fila: 1_048_576, errores: ['¡Esta U.H. ya existe!'] }],
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('answers 10,000 rows of junk with row errors (the list capped, the counts exact) and writes nothing; 10,001 rows 413', async () => {
    const junk = Array.from({ length: 10_000 }, (_, i) => [`x${i}`, '', `basura-${i}`, '', 'abc', '', '']);
    const before = await t.sql('select count(*)::int as n from users');
    const preview = await upload(`${base}/residents/import/preview`, csv([RESIDENT_HEADER, ...junk]));
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ total: 10_000, valid: 0, invalid: 10_000 });
    expect(preview.json().errores).toHaveLength(1000);
    expect(preview.json().errores[0]).toEqual({
      fila: 2,
      errores: ['Apellido: ¡Se requiere este campo!'],
    });
    const confirm = await upload(`${base}/residents/import`, csv([RESIDENT_HEADER, ...junk]), 'datos.csv', admin, {
      skipInvalid: 'true',
    });
    expect(confirm.statusCode).toBe(422);
    expect(await t.sql('select count(*)::int as n from users')).toEqual(before);
    const over = await upload(
      `${base}/units/import/preview`,
      csv([UNIT_HEADER, ...Array.from({ length: 10_001 }, (_, i) => [`u${i}`])]),
    );
    expect(over.statusCode).toBe(413);
  }, 60_000);
});

describe('platform staff on a complex (cargardatos, newuser, unidadesH)', () => {
  const platform = (complexId: string) => `/api/platform/complexes/${complexId}`;
  const BULK = ['Unidad', 'Alícuota', 'Tipo', 'Subconjunto', 'Nombre', 'Apellido', 'Correo', 'Teléfono', 'Cédula', 'Relación'];

  it('loads units and their residents from one file, invitations queued', async () => {
    const tag = unique();
    const owner = `p.${tag}@correo.test`;
    const tenant = `i.${tag}@correo.test`;
    const res = await upload(
      `${platform(bosque)}/bulk-load/import`,
      csv([
        BULK,
        [`Torre ${tag}-1`, '2.5', 'depto', 'torre a', 'Ana', 'Paz', owner, '', '', ''],
        [`Torre ${tag}-1`, '', '', '', 'Leo', 'Ron', tenant, '', '', 'Inquilino'],
        [`Torre ${tag}-2`, '2.5', 'depto', 'torre a', '', '', '', '', '', ''],
      ]),
      'carga.csv',
      staff,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 3, total: 3 });
    const units = await t.sql<{ number: string; type: string; owner: string | null; tenant: string | null }>(
      `select un.number, un.type, o.email as owner, i.email as tenant from units un left join users o on o.id = un.owner_id
        left join users i on i.id = un.tenant_id where un.complex_id = ? and un.number like ? order by un.number`,
      [bosque, `Torre ${tag}-%`],
    );
    expect(units).toEqual([
      { number: `Torre ${tag}-1`, type: 'DEPTO', owner, tenant },
      { number: `Torre ${tag}-2`, type: 'DEPTO', owner: null, tenant: null },
    ]);
    const mails = await t.sql(
      `select 1 from mail_outbox where complex_id = ? and (to_addresses @> jsonb_build_array(?::text) or to_addresses @> jsonb_build_array(?::text))`,
      [bosque, owner, tenant],
    );
    expect(mails).toHaveLength(2);
    const list = await t.app.inject({
      method: 'GET',
      url: `${platform(bosque)}/units${listQuery({ filter: { q: `Torre ${tag}` } })}`,
      headers: staff,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((u: { number: string }) => u.number)).toEqual([`Torre ${tag}-1`, `Torre ${tag}-2`]);
  });

  // Above IMPORT_CHUNK_ROWS rows: two chunks of writeRows (multi-row SQL), the second linking a tenant to a unit of the first.
  const bulkRows = (tag: string, n: number) =>
    Array.from({ length: n }, (_, i) =>
      i % 10 === 9
        ? [`Bloque ${tag}-${i}`, '0.1', 'casa', `etapa ${tag}`, '', '', '', '', '', '']
        : [`Bloque ${tag}-${i}`, '0.1', 'casa', `etapa ${tag}`, 'Ana', `Paz ${i}`, `b${i}.${tag}@bulk.test`, `09${i}`, '', ''],
    );

  it(`bulk-loads above ${IMPORT_CHUNK_ROWS} rows in chunks with every effect of the single create`, async () => {
    const tag = unique();
    const n = IMPORT_CHUNK_ROWS + 20;
    const tenant = `inq.${tag}@bulk.test`;
    const rows = [...bulkRows(tag, n), [`Bloque ${tag}-0`, '', '', '', 'Leo', 'Ron', tenant, '', '', 'Inquilino']];
    const res = await upload(`${platform(bosque)}/bulk-load/import`, csv([BULK, ...rows]), 'carga.csv', staff);
    expect(res.statusCode, res.body).toBe(202);
    const job = await finished(platform(bosque), res.json().jobId, staff);
    expect(job).toMatchObject({ state: 'completed', output: { created: n + 1, total: n + 1 } });
    const people = n - Math.floor(n / 10) + 1;
    const users = await t.sql<{ id: string; email: string; unit: string; owner: boolean; tenant: boolean }>(
      `select u.id, u.email, un.number as unit, un.owner_id = u.id as owner, un.tenant_id = u.id as tenant
         from users u join units un on un.id = u.unit_id
        where u.email like ? and u.residence_complex_id = ? and u.roles = '["residente"]'::jsonb and u.is_active`,
      [`%.${tag}@bulk.test`, bosque],
    );
    expect(users).toHaveLength(people);
    expect(users.filter((u) => u.owner)).toHaveLength(people - 1);
    expect(users.find((u) => u.email === tenant)).toMatchObject({ unit: `Bloque ${tag}-0`, tenant: true });
    const [{ rented }] = await t.sql<{ rented: boolean }>('select rented from units where complex_id = ? and number = ?', [
      bosque,
      `Bloque ${tag}-0`,
    ]);
    expect(rented).toBe(true);
    const [{ units }] = await t.sql<{ units: number }>(
      `select count(*)::int as units from units where complex_id = ? and number like ? and type = 'CASA' and number_sort <> ''`,
      [bosque, `Bloque ${tag}-%`],
    );
    expect(units).toBe(n);
    expect(await t.sql('select 1 from sub_complexes where complex_id = ? and name = ?', [bosque, `ETAPA ${tag}`])).toHaveLength(
      1,
    );
    // One audit entry per record (and the import's own), one invitation with its link per resident.
    const audit = await t.sql<{ resource: string; n: number }>(
      `select resource, count(*)::int as n from audit_logs where complex_id = ? and action = 'create'
          and (record_id in (select id::text from units where number like ?) or record_id in (select id::text from users where email like ?))
        group by resource order by resource`,
      [bosque, `Bloque ${tag}-%`, `%.${tag}@bulk.test`],
    );
    expect(audit).toEqual([
      { resource: 'residents', n: people },
      { resource: 'units', n },
    ]);
    const [{ mails, links }] = await t.sql<{ mails: number; links: number }>(
      `select (select count(*)::int from mail_outbox m join users u on m.to_addresses = jsonb_build_array(u.email)
                where u.email like ? and m.category = 'auth.password-invite' and m.complex_id = ?) as mails,
              (select count(*)::int from password_links l join users u on u.id = l.user_id
                where u.email like ? and l.purpose = 'invite' and l.used_at is null) as links`,
      [`%.${tag}@bulk.test`, bosque, `%.${tag}@bulk.test`],
    );
    expect({ mails, links }).toEqual({ mails: people, links: people });
    // The columns the single create stores, the same as the form's resident's.
    const single = await t.app.inject({
      method: 'POST',
      url: `${base}/residents`,
      headers: admin,
      payload: { firstName: 'Uno', lastName: 'Solo', email: `solo.${tag}@correo.test` },
    });
    expect(single.statusCode, single.body).toBe(201);
    const columns = `roles, is_active, vip, payment_agreement, prepaid_guarantee, notification_emails,
      groups, legal_accepted, legal_accepted_at, password_hash, company_id, token_version`;
    const [fromForm] = await t.sql(`select ${columns} from users where id = ?`, [single.json().id]);
    const [fromImport] = await t.sql(`select ${columns} from users where id = ?`, [users[0].id]);
    expect(fromImport).toEqual(fromForm);
  }, 120_000);

  it('rolls every chunk back when a row clashes in the middle of one, naming that row', async () => {
    const tag = unique();
    const n = IMPORT_CHUNK_ROWS + 100;
    const rows = bulkRows(tag, n);
    // A unique index the checks do not know: the second chunk's multi-row insert fails as a whole.
    const [first, clash] = [IMPORT_CHUNK_ROWS + 10, IMPORT_CHUNK_ROWS + 50];
    rows[first][7] = rows[clash][7] = `77${tag}`;
    await t.sql(`create unique index test_phone_${tag} on users (phone) where phone = '77${tag}'`);
    try {
      const res = await upload(`${platform(bosque)}/bulk-load/import`, csv([BULK, ...rows]), 'carga.csv', staff);
      expect(res.statusCode, res.body).toBe(202);
      const job = await finished(platform(bosque), res.json().jobId, staff);
      // The file's header is row 1.
      expect(job).toMatchObject({
        state: 'completed',
        output: { code: 'IMPORT_CONFLICT', created: 0, errores: [{ fila: clash + 2 }] },
      });
      expect(String(job.output?.message)).toMatch(new RegExp(`^Fila ${clash + 2}: `));
      const [left] = await t.sql<{ units: number; users: number; mails: number }>(
        `select (select count(*)::int from units where complex_id = ? and number like ?) as units,
                (select count(*)::int from users where email like ?) as users,
                (select count(*)::int from mail_outbox where complex_id = ? and to_addresses::text like ?) as mails`,
        [bosque, `Bloque ${tag}-%`, `%.${tag}@bulk.test`, bosque, `%.${tag}@bulk.test%`],
      );
      expect(left).toEqual({ units: 0, users: 0, mails: 0 });
    } finally {
      await t.sql(`drop index test_phone_${tag}`);
    }
  }, 120_000);

  it('creates an administrator of the complex, linked and invited; a taken e-mail 409', async () => {
    const email = `admin.${unique()}@correo.test`;
    const res = await t.app.inject({
      method: 'POST',
      url: `${platform(bosque)}/administrators`,
      headers: staff,
      payload: { firstName: 'Nora', lastName: 'Ibarra', email, complexId: alamos, roles: ['superAdministrador'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [user] = await t.sql<{ roles: string[]; linked: string[]; audited: number }>(
      `select u.roles, (select json_agg(complex_id) from user_complexes where user_id = u.id) as linked,
              (select count(*)::int from audit_logs where resource = 'administrators' and action = 'create'
                 and complex_id = ? and record_id = u.id::text) as audited
         from users u where email = ?`,
      [bosque, email],
    );
    expect(user).toEqual({ roles: ['administrador'], linked: [bosque], audited: 1 });
    expect(
      await t.sql(`select 1 from mail_outbox where complex_id = ? and to_addresses @> jsonb_build_array(?::text)`, [
        bosque,
        email,
      ]),
    ).toHaveLength(1);
    const list = await t.app.inject({ method: 'GET', url: `${platform(bosque)}/administrators`, headers: staff });
    expect(list.json().some((a: { email: string }) => a.email === email)).toBe(true);
    const again = await t.app.inject({
      method: 'POST',
      url: `${platform(bosque)}/administrators`,
      headers: staff,
      payload: { firstName: 'Otra', lastName: 'Vez', email },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('¡Correo ya registrado!');
  });

  it('is for platform staff only: an administrator gets 403 on their complex and 404 on another; an unknown complex 404', async () => {
    const file = csv([BULK, [`Nada ${unique()}`]]);
    expect((await upload(`${platform(alamos)}/bulk-load/import`, file, 'c.csv', admin)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${platform(alamos)}/units`, headers: admin })).statusCode).toBe(403);
    const colina = await t.complexId('colina');
    expect((await t.app.inject({ method: 'GET', url: `${platform(colina)}/units`, headers: admin })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${platform(colina)}/administrators`,
          headers: admin,
          payload: { firstName: 'X', lastName: 'Y', email: `x.${unique()}@correo.test` },
        })
      ).statusCode,
    ).toBe(404);
    const unknown = '01900000-0000-7000-8000-000000000000';
    expect((await upload(`${platform(unknown)}/bulk-load/import`, file, 'c.csv', staff)).statusCode).toBe(404);
  });
});
