// The bulk-import spreadsheets (spec 001 §3, §5): the template and the error report.
import { startTestServer, type TestServer } from '@conjunto/server/testing';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';

let t: TestServer;
let base: string;
beforeAll(async () => {
  t = await startTestServer();
  base = `/api/complexes/${await t.complexId('alamos')}/faces`;
});
afterAll(() => t?.close());

const read = async (payload: Buffer) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as never);
  return book;
};

it("serves the template: sheet 'Rostros', header on row 4, data from row 5, and the instructions", async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: `${base}/import-template.xlsx`,
    headers: await t.login('admin@demo.test'),
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-disposition']).toContain('plantilla-rostros.xlsx');
  const book = await read(res.rawPayload);
  const sheet = book.getWorksheet('Rostros')!;
  expect((sheet.getRow(4).values as unknown[]).slice(1)).toEqual([
    'Nombres',
    'Identificacion',
    'Unidad Hab.',
    'Pisos',
    'Tipo',
    'Estado',
    'Nombre de Imagen',
    'Observaciones',
  ]);
  expect(sheet.getCell('C5').value).toBe('Casa 1');
  expect(book.getWorksheet('Instrucciones')).toBeDefined();
  expect(
    (await t.app.inject({ method: 'GET', url: `${base}/import-template.xlsx`, headers: await t.login('admin2@demo.test') }))
      .statusCode,
  ).toBe(404);
});

it('writes the error report with its columns, text never turned into a formula', async () => {
  const rows = [
    {
      fila: 5,
      errores: ['Nombres es requerido', "Imagen 'x.jpg' no encontrada en el archivo ZIP"],
      nombre: '',
      identificacion: '17',
      imagen: 'x.jpg',
    },
    {
      fila: 7,
      errores: ['Identificacion es requerida'],
      nombre: '=HYPERLINK("http://malo")',
      identificacion: null,
      imagen: null,
    },
  ];
  const res = await t.app.inject({
    method: 'POST',
    url: `${base}/import-errors.xlsx`,
    headers: await t.login('admin@demo.test'),
    payload: { rows },
  });
  expect(res.statusCode).toBe(200);
  const sheet = (await read(res.rawPayload)).getWorksheet('Errores')!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['fila', 'errores', 'nombre', 'identificacion', 'imagen']);
  expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([
    5,
    "Nombres es requerido; Imagen 'x.jpg' no encontrada en el archivo ZIP",
    '',
    '17',
    'x.jpg',
  ]);
  expect(sheet.getCell('C3').value).toBe('=HYPERLINK("http://malo")');
  expect(sheet.getCell('C3').formula).toBeUndefined();
});
