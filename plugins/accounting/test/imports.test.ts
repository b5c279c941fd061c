// Import of charges from Excel (spec 002 §2.5 screen 9, §5): template, preview with row errors, all-or-nothing
// import of the selected units, the file rules (.xls/.xlsx, one file, size) and tenancy.

import { lieAboutZipSizes, type MultipartPart, multipart } from '@conjunto/server/testing';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ledger, startLedger } from './api.ts';

let l: Ledger;
let units: { id: string; number: string }[];
beforeAll(async () => {
  l = await startLedger();
  units = await l.units();
});
afterAll(() => l?.t.close());

const HEADERS = ['Casa', 'Nombre', 'Descripción', 'Rubro', 'SubRubro', 'Valor', 'Fecha límite'];

async function xlsx(rows: unknown[][], headers = HEADERS, sheetName = 'Cobros'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

type Part = MultipartPart;

async function upload(parts: Part[], email = 'admin@demo.test', complexId = l.complexId) {
  const body = multipart(parts);
  const res = await l.t.app.inject({
    method: 'POST',
    url: `/api/complexes/${complexId}/receivables/import`,
    headers: { ...(await l.t.login(email)), ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

const file = (data: Buffer, filename = 'cobros.xlsx'): Part => ({
  name: 'file',
  filename,
  contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  data,
});
const preview = (data: Buffer, filename?: string) => upload([{ name: 'dryRun', data: 'true' }, file(data, filename)]);
const confirm = (data: Buffer, unitIds: string[]) => upload([file(data), { name: 'unitIds', data: JSON.stringify(unitIds) }]);
const imported = async () =>
  (
    await l.t.sql<{ n: number }>("select count(*)::int as n from receivables where complex_id = ? and kind = 'imported'", [
      l.complexId,
    ])
  )[0].n;

describe('template', () => {
  it('is an .xlsx with the import columns, the rubros, the units and the instructions', async () => {
    const res = await l.t.app.inject({
      method: 'GET',
      url: `/api/complexes/${l.complexId}/receivables/import-template.xlsx`,
      headers: await l.t.login('admin@demo.test'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('filename="plantilla-importacion-cobros.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as never);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Cobros', 'Rubros', 'Casas', 'Instrucciones']);
    expect((workbook.getWorksheet('Cobros')!.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    const rubros = workbook.getWorksheet('Rubros')!.getColumn(1).values.slice(2);
    expect(rubros).toEqual(['Ingresos Extraordinarios', 'Ingresos Ordinarios', 'Saldos Iniciales']);
    expect(workbook.getWorksheet('Casas')!.getCell('A2').value).toBe(units[0].number);
    // The template itself imports: an empty sheet is refused with a clear message, not a crash.
    const empty = await preview(res.rawPayload);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('El archivo no tiene filas para importar.');
    expect(
      (
        await l.t.app.inject({
          method: 'GET',
          url: `/api/complexes/${l.complexId}/receivables/import-template.xlsx`,
          headers: await l.t.login('directiva@demo.test'),
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('preview and import', () => {
  it('lists the errors of every bad row and creates nothing while any row fails', async () => {
    const data = await xlsx([
      [
        units[0].number,
        'Cuota pintura',
        'Fachada',
        'Ingresos Extraordinarios',
        'Cuota extraordinaria',
        45.5,
        new Date(Date.UTC(2026, 11, 15)),
      ],
      ['Casa 999', 'Cuota pintura', null, 'Inventado', null, 10, '15/12/2026'],
      [units[1].number, '', null, 'Ingresos Extraordinarios', 'No existe', -3, '31/02/2026'],
      [units[2].number, 'Multa', null, 'ingresos ordinarios', 'multas', 12.345, 'mañana'],
      [],
      [units[3].number, 'Cuota', null, 'Ingresos Ordinarios', null, 'diez', 46371],
    ]);
    const before = await imported();
    const res = await preview(data);
    expect(res.status).toBe(200);
    expect(res.body.rows).toHaveLength(5);
    expect(res.body.rowErrors).toEqual([
      {
        fila: 3,
        errores: ['Casa: la unidad «Casa 999» no existe.', 'Rubro: «Inventado» no es un rubro de ingresos del conjunto.'],
      },
      {
        fila: 4,
        errores: [
          'Nombre: ¡Este campo es requerido!',
          'SubRubro: «No existe» no pertenece al rubro.',
          'Valor: debe ser mayor que 0.',
          'Fecha límite: fecha inválida (use dd/mm/aaaa).',
        ],
      },
      { fila: 5, errores: ['Valor: Solo se aceptan valores con 2 decimales', 'Fecha límite: fecha inválida (use dd/mm/aaaa).'] },
      { fila: 7, errores: ['Valor: debe ser un número.'] },
    ]);
    // Names are matched without case or accents and answered as the complex spells them.
    expect(res.body.rows[3]).toMatchObject({ fila: 5, rubro: 'Ingresos Ordinarios', subrubro: 'Multas' });
    expect(res.body.rows[4]).toMatchObject({ fila: 7, fechaLimite: '2026-12-15' }); // Excel serial 46371
    const refused = await confirm(data, [units[0].id]);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      'El archivo tiene errores: no se importó ningún cobro. Corrija las filas indicadas y vuelva a subirlo.',
    );
    expect(refused.body.rowErrors).toHaveLength(4);
    expect(await imported()).toBe(before);
  });

  it("creates the good rows of the selected units as 'imported' receivables, with an audit entry each", async () => {
    const [a, b] = [units[5], units[6]];
    const data = await xlsx([
      [a.number, 'Cuota ascensor', 'Cambio de cables', 'Ingresos Extraordinarios', 'Cuota extraordinaria', 120.25, '10/12/2026'],
      [a.number.toUpperCase(), 'Multa ruido', null, 'Ingresos Ordinarios', 'Multas', '15,50', '2026-12-20'],
      [b.number, 'Cuota ascensor', null, 'Ingresos Extraordinarios', null, 80, new Date(Date.UTC(2026, 11, 10))],
    ]);
    const shown = await preview(data);
    expect(shown.body.rowErrors).toEqual([]);
    expect(shown.body.units).toEqual([
      expect.objectContaining({ unitId: a.id, casa: a.number, rows: 2, total: 135.75 }),
      expect.objectContaining({ unitId: b.id, casa: b.number, rows: 1, total: 80 }),
    ]);
    // Nothing is written by the preview.
    expect(await l.t.sql("select 1 from receivables where unit_id in (?, ?) and kind = 'imported'", [a.id, b.id])).toEqual([]);

    const none = await confirm(data, []);
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({ unitIds: 'Seleccione al menos un usuario.' });
    const missing = await upload([file(data)]);
    expect(missing.body.errors).toEqual({ unitIds: 'Seleccione al menos un usuario.' });

    const queued = await confirm(data, [a.id]);
    expect(queued.status).toBe(202);
    const res = { body: (await l.job(queued.body.jobId)).output };
    expect(res.body).toMatchObject({ created: 2, total: 135.75 });
    const rows = await l.t.sql<{
      name: string;
      kind: string;
      original_amount: string;
      balance: string;
      due_date: string;
      category: string;
      subcategory: string | null;
      user_id: string;
    }>(
      "select name, kind, original_amount::text, balance::text, due_date::text, category, subcategory, user_id from receivables where unit_id = ? and kind = 'imported' order by name",
      [a.id],
    );
    expect(rows.map(({ user_id, ...r }) => r)).toEqual([
      {
        name: 'Cuota ascensor',
        kind: 'imported',
        original_amount: '120.25',
        balance: '120.25',
        due_date: '2026-12-10',
        category: 'Ingresos Extraordinarios',
        subcategory: 'Cuota extraordinaria',
      },
      {
        name: 'Multa ruido',
        kind: 'imported',
        original_amount: '15.50',
        balance: '15.50',
        due_date: '2026-12-20',
        category: 'Ingresos Ordinarios',
        subcategory: 'Multas',
      },
    ]);
    expect(rows[0].user_id).not.toBeNull();
    expect(await l.t.sql("select 1 from receivables where unit_id = ? and kind = 'imported'", [b.id])).toEqual([]);
    const audit = await l.t.sql(
      "select record_id from audit_logs where resource = 'receivables' and action = 'import' and record_id in (?)",
      [res.body.ids],
    );
    expect(audit).toHaveLength(2);
    // The API lists them with the others.
    const listed = await l.call(
      'GET',
      `/receivables?filter=${encodeURIComponent(JSON.stringify({ unitId: a.id, kind: 'imported' }))}`,
    );
    expect(listed.body).toHaveLength(2);
  });

  it('reads the sheet Cobros, headers in any order, and refuses a sheet without the required columns', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Instrucciones').addRow(['léame']);
    const sheet = workbook.addWorksheet('cobros');
    sheet.addRow(['valor', 'FECHA LIMITE', 'casa', 'nombre', 'rubro']);
    sheet.addRow([5, '01/12/2026', units[7].number, 'Cuota', 'Ingresos Extraordinarios']);
    const ok = await preview(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(ok.body.rowErrors).toEqual([]);
    expect(ok.body.rows[0]).toMatchObject({
      casa: units[7].number,
      valor: 5,
      fechaLimite: '2026-12-01',
      subrubro: null,
      descripcion: null,
    });
    const bad = await preview(await xlsx([[1, 2]], ['Casa', 'Monto']));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ file: 'Faltan columnas en la hoja: Nombre, Rubro, Valor, Fecha límite.' });
  });
});

describe('file rules', () => {
  it('accepts only .xls/.xlsx: a .txt is refused, a .xls gets a clear Spanish message, a broken .xlsx too', async () => {
    const txt = await upload([
      { name: 'dryRun', data: 'true' },
      { name: 'file', filename: 'cobros.txt', contentType: 'text/plain', data: 'Casa;Valor' },
    ]);
    expect(txt.status).toBe(415);
    expect(txt.body.errors).toEqual({ file: 'Solo se aceptan archivos Excel (.xls o .xlsx).' });
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(500)]);
    const xls = await preview(ole, 'cobros.xls');
    expect(xls.status).toBe(415);
    expect(xls.body.message).toBe(
      'Los archivos .xls (Excel 97-2003) no se pueden leer. Ábralo en Excel y guárdelo como .xlsx (Libro de Excel), luego vuelva a subirlo.',
    );
    // An old Excel file renamed .xlsx is recognised by its content.
    expect((await preview(ole, 'cobros.xlsx')).status).toBe(415);
    const broken = await preview(Buffer.from('PK\x03\x04 esto no es un libro'), 'cobros.xlsx');
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('El archivo no es un Excel válido o está dañado.');
  });

  it('takes exactly one file', async () => {
    const data = await xlsx([[units[0].number, 'Cuota', null, 'Ingresos Ordinarios', null, 5, '01/12/2026']]);
    const two = await upload([{ name: 'dryRun', data: 'true' }, file(data), file(data, 'otro.xlsx')]);
    expect(two.status).toBe(400);
    expect(two.body.errors).toEqual({ file: 'Seleccione un solo archivo Excel (.xls o .xlsx).' });
    const three = await upload([file(data), file(data, 'b.xlsx'), file(data, 'c.xlsx')]);
    expect(three.status).toBe(400);
    expect(three.body.errors).toEqual({ file: 'Seleccione un solo archivo Excel (.xls o .xlsx).' });
    const none = await upload([{ name: 'dryRun', data: 'true' }]);
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({ file: 'Seleccione un archivo Excel (.xls o .xlsx).' });
    const json = await l.call('POST', '/receivables/import', { dryRun: true });
    expect(json.status).toBe(400);
    expect(json.body.errors).toEqual({ file: 'Seleccione un archivo Excel (.xls o .xlsx).' });
  });

  it('refuses a workbook that inflates beyond the limit (a zip bomb) before reading it', async () => {
    const { default: JSZip } = await import('jszip');
    const zip = new JSZip();
    zip.file('xl/worksheets/sheet1.xml', Buffer.alloc(41 * 1024 * 1024, 32));
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(bomb.length).toBeLessThan(200_000);
    const res = await upload([file(bomb), { name: 'dryRun', data: 'true' }]);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('El archivo es demasiado pesado.');
    // The same workbook declaring 1 KB: the inflated bytes are counted, not the declared ones.
    const lying = await upload([file(lieAboutZipSizes(bomb, 1024)), { name: 'dryRun', data: 'true' }]);
    expect(lying.status).toBe(413);
    expect(lying.body.message).toBe('El archivo es demasiado pesado.');
  });

  it('takes unitIds as repeated fields too (the host reader keeps every value of a field the route lists)', async () => {
    const [a, b] = [units.at(-1)!, units.at(-2)!];
    const data = await xlsx([
      [a.number, 'Cuota repetida', null, 'Ingresos Ordinarios', null, 7, '01/12/2026'],
      [b.number, 'Cuota repetida', null, 'Ingresos Ordinarios', null, 8, '01/12/2026'],
    ]);
    const res = await upload([file(data), { name: 'unitIds', data: a.id }, { name: 'unitIds', data: JSON.stringify([b.id]) }]);
    expect(res.status).toBe(202);
    expect((await l.job(res.body.jobId)).output).toMatchObject({ created: 2, total: 15 });
  });

  it('refuses a file over the size limit', async () => {
    const big = await upload([file(Buffer.alloc(2 * 1024 * 1024 + 10, 1))]);
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('El archivo es demasiado pesado.');
  });

  it('is 404 for an administrator of another complex and 403 for the board', async () => {
    const data = await xlsx([[units[0].number, 'Cuota', null, 'Ingresos Ordinarios', null, 5, '01/12/2026']]);
    expect(
      (await upload([file(data), { name: 'unitIds', data: JSON.stringify([units[0].id]) }], 'admin2@demo.test')).status,
    ).toBe(404);
    expect(
      (await upload([file(data), { name: 'unitIds', data: JSON.stringify([units[0].id]) }], 'directiva@demo.test')).status,
    ).toBe(403);
    // A unit of another complex selected: nothing of this file belongs to it.
    const [bosqueUnit] = await l.t.sql<{ id: string }>('select id from units where complex_id = ? limit 1', [
      await l.t.complexId('bosque'),
    ]);
    const foreign = await confirm(data, [bosqueUnit.id]);
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual({ unitIds: 'Seleccione al menos un usuario.' });
  });
});
