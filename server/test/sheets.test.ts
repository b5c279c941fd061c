// The host's spreadsheet reader (host.sheets): plain cell values, only the rows that exist, caps on rows,
// columns and cells; and the 7 KB hostile workbook (one cell on row 1,048,576) posted to every import route
// of the plugins, which must answer at once with bounded memory.
import { SheetRejected } from '@conjunto/core';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostSheets } from '../src/files/sheet.ts';
import { lieAboutZipSizes, multipart, startTestServer, type TestServer } from './harness.ts';

const LAST_ROW = 1_048_576;
const book = async (fill: (book: ExcelJS.Workbook) => void) => {
  const workbook = new ExcelJS.Workbook();
  fill(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('not refused');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(SheetRejected);
      return { status: (error as SheetRejected).status, message: (error as Error).message };
    },
  );

describe('host.sheets', () => {
  it('answers plain values: text, number, date, boolean, cached formula results, rich text and hyperlinks as text', async () => {
    const bytes = await book((b) => {
      b.addWorksheet('Léame').addRow(['otra hoja']);
      const s = b.addWorksheet('Cobros');
      s.addRow(['Casa', 'Valor', 'Fecha', 'Activo', 'Total', 'Nota', 'Enlace', 'Error']);
      s.getRow(3).values = [
        'A-1',
        45.5,
        new Date(Date.UTC(2026, 11, 1)),
        true,
        { formula: 'B3*2', result: 91 },
        { richText: [{ text: 'Hola ' }, { font: { bold: true }, text: 'mundo' }] },
        { text: 'sitio', hyperlink: 'https://example.com' },
        { error: '#N/A' },
      ] as ExcelJS.CellValue[];
      s.getCell('J5').value = 'lejos';
    });
    const sheet = await hostSheets.read(bytes, { sheet: 'COBROS' });
    expect(sheet.name).toBe('Cobros');
    expect(sheet.rows).toEqual([
      { row: 1, cells: ['Casa', 'Valor', 'Fecha', 'Activo', 'Total', 'Nota', 'Enlace', 'Error'] },
      { row: 3, cells: ['A-1', 45.5, new Date(Date.UTC(2026, 11, 1)), true, 91, 'Hola mundo', 'sitio'] },
      { row: 5, cells: [null, null, null, null, null, null, null, null, null, 'lejos'] },
    ]);
    // Without a name (or a name not found): the first sheet.
    expect((await hostSheets.read(bytes, { sheet: 'Rostros' })).name).toBe('Léame');
  });

  it('reads only the rows that exist: one cell on row 1,048,576 is one row', async () => {
    const bytes = await book((b) => {
      b.addWorksheet('Cobros').getCell(`A${LAST_ROW}`).value = 'x';
    });
    expect(bytes.length).toBeLessThan(10_000);
    expect((await hostSheets.read(bytes)).rows).toEqual([{ row: LAST_ROW, cells: ['x'] }]);
  });

  it("refuses over its caps of rows, columns and cells (413), with the Spanish texts or the caller's", async () => {
    const rows = await book((b) => {
      const s = b.addWorksheet('Hoja');
      for (let r = 1; r <= 6; r++) s.addRow([r, r]);
    });
    expect(await refusal(hostSheets.read(rows, { limits: { rows: 5 } }))).toEqual({
      status: 413,
      message: 'El archivo tiene más de 5 filas.',
    });
    expect(await refusal(hostSheets.read(rows, { limits: { cells: 11 } }))).toEqual({
      status: 413,
      message: 'El archivo tiene más de 11 celdas con datos.',
    });
    expect(await refusal(hostSheets.read(rows, { limits: { rows: 5 }, messages: { tooManyRows: 'Demasiadas.' } }))).toEqual({
      status: 413,
      message: 'Demasiadas.',
    });
    const wide = await book((b) => {
      b.addWorksheet('Hoja').getCell('XFD1').value = 1;
    });
    expect(await refusal(hostSheets.read(wide))).toEqual({
      status: 413,
      message: 'El archivo tiene datos más allá de la columna AX (máximo 50 columnas).',
    });
    expect((await hostSheets.read(wide, { limits: { columns: 16_384 } })).rows[0].cells).toHaveLength(16_384);
  });

  it('refuses a file that is not a workbook (400) and a sheet that inflates beyond its cap or ratio (413)', async () => {
    expect(await refusal(hostSheets.read(Buffer.from('PK\x03\x04 nada')))).toMatchObject({
      status: 400,
      message: 'El archivo no es un Excel válido o está dañado.',
    });
    const broken = new JSZip();
    broken.file('xl/worksheets/sheet1.xml', '<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></row>');
    expect(await refusal(hostSheets.read(await broken.generateAsync({ type: 'nodebuffer' })))).toMatchObject({ status: 400 });
    const bomb = new JSZip();
    bomb.file('xl/worksheets/sheet1.xml', Buffer.alloc(30 * 1024 * 1024, 32));
    const bytes = await bomb.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    // Declaring 1 KB: the inflated bytes are counted, and past 1 MB the ratio (~1000:1) stops it.
    expect(await refusal(hostSheets.read(lieAboutZipSizes(bytes, 1024)))).toEqual({
      status: 413,
      message: 'El archivo Excel es demasiado grande.',
    });
  });
});

describe('the hostile workbook on every import route', () => {
  let t: TestServer;
  let alamos: string;
  beforeAll(async () => {
    t = await startTestServer();
    alamos = await t.complexId('alamos');
  });
  afterAll(() => t?.close());

  /** The request's answer and the growth of this process's resident memory while it ran (sampled). */
  async function measured(run: () => Promise<{ statusCode: number; body: string }>) {
    globalThis.gc?.();
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 5);
    try {
      const res = await run();
      peak = Math.max(peak, process.memoryUsage.rss());
      return { status: res.statusCode, body: JSON.parse(res.body), growthMb: (peak - before) / 1024 / 1024 };
    } finally {
      clearInterval(sampler);
    }
  }

  it('the charges import (accounting) reads its one row: no million-row walk', async () => {
    const [unit] = await t.sql<{ number: string }>('select number from units where complex_id = ? order by number_sort limit 1', [
      alamos,
    ]);
    const bytes = await book((b) => {
      const s = b.addWorksheet('Cobros');
      s.addRow(['Casa', 'Nombre', 'Descripción', 'Rubro', 'SubRubro', 'Valor', 'Fecha límite']);
      s.getRow(LAST_ROW).values = [unit.number, 'Cuota', null, 'Ingresos Ordinarios', null, 5, '01/12/2026'];
    });
    expect(bytes.length).toBeLessThan(10_000);
    const body = multipart([
      { name: 'dryRun', data: 'true' },
      {
        name: 'file',
        filename: 'cobros.xlsx',
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        data: bytes,
      },
    ]);
    const headers = { ...(await t.login('admin@demo.test')), ...body.headers };
    const res = await measured(() =>
      t.app.inject({ method: 'POST', url: `/api/complexes/${alamos}/receivables/import`, headers, payload: body.payload }),
    );
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([
      expect.objectContaining({ fila: LAST_ROW, casa: unit.number, valor: 5, fechaLimite: '2026-12-01' }),
    ]);
    expect(res.growthMb).toBeLessThan(150);
  }, 120_000);

  it('the faces import (biometrics, the ZIP with the template) reads its one row: no million-row walk', async () => {
    // An active device behind the demo's reachable controller (the other one fails its check: refused with 422).
    const [device] = await t.sql<{ id: string }>(
      `select id from biometric_devices where complex_id = ? and status = 'active' and name = 'Entrada principal'`,
      [alamos],
    );
    const bytes = await book((b) => {
      const s = b.addWorksheet('Rostros');
      s.getRow(4).values = [
        'Nombres',
        'Identificacion',
        'Unidad Hab.',
        'Pisos',
        'Tipo',
        'Estado',
        'Nombre de Imagen',
        'Observaciones',
      ];
      s.getRow(LAST_ROW).values = ['Ana Hostil', '1799999999', '', '', '', '', 'nadie.jpg', ''];
    });
    const zip = new JSZip();
    zip.file('plantilla.xlsx', bytes);
    const body = multipart([
      { name: 'dispositivos_biometricos', data: JSON.stringify([device.id]) },
      {
        name: 'archivo',
        filename: 'rostros.zip',
        contentType: 'application/zip',
        data: await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }),
      },
    ]);
    const headers = { ...(await t.login('admin@demo.test')), ...body.headers };
    const res = await measured(() =>
      t.app.inject({
        method: 'POST',
        url: `/api/biometrics/conjuntos/${alamos}/rostros/import/`,
        headers,
        payload: body.payload,
      }),
    );
    // Its one row names a photo the ZIP lacks: nothing valid to import, said at once.
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: 'No hay datos válidos para importar',
      errors: { [`fila_${LAST_ROW}`]: "Imagen 'nadie.jpg' no encontrada en el archivo ZIP" },
    });
    expect(res.growthMb).toBeLessThan(150);
  }, 120_000);
});
