// The ledger's exports in the spec's Excel format (002 §9): a bold white header on the theme's dark blue, money
// as numbers in currency format, every other cell text that never becomes a formula; columns under the screens' labels.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filter, type Ledger, startLedger } from './api.ts';

let l: Ledger;
beforeAll(async () => {
  l = await startLedger();
});
afterAll(() => l?.t.close());

async function exported(resource: string, query: string, format: 'xlsx' | 'csv') {
  const res = await l.t.app.inject({
    method: 'GET',
    url: `/api/complexes/${l.complexId}/${resource}/export?${query}&format=${format}`,
    headers: await l.t.login('admin@demo.test'),
  });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return res;
}

async function sheetOf(resource: string, query: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await exported(resource, query, 'xlsx')).rawPayload as never);
  const sheet = workbook.worksheets[0];
  const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  return { sheet, column: (name: string) => headers.indexOf(name) + 1 };
}

describe('list exports', () => {
  it('writes the header bold white on dark blue, amounts as currency numbers and text that stays text', async () => {
    const account = await l.bankAccount(0);
    const [unit] = await l.units();
    const created = await l.call('POST', '/incomes', {
      accountId: account.id,
      unitId: unit.id,
      date: '2026-11-20',
      description: '=1+1',
      method: 'Transferencia',
      lines: [{ description: '+SUM(A1)', category: 'Ingresos Ordinarios', subcategory: 'Expensa mensual', amount: 1234.5 }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const { sheet, column } = await sheetOf('incomes', filter({ accountId: account.id }));
    expect(sheet.rowCount).toBe(2);
    for (const cell of [sheet.getRow(1).getCell(1), sheet.getRow(1).getCell(column('Valor'))]) {
      expect(cell.font?.bold).toBe(true);
      expect(cell.font?.color?.argb).toBe('FFFFFFFF');
      expect(cell.fill).toMatchObject({ type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1E3A8A' } });
    }
    const row = sheet.getRow(2);
    for (const [field, value] of [
      ['Valor', 1234.5],
      ['Descuento', 0],
      ['Saldo', 0],
    ] as const) {
      expect(row.getCell(column(field)).value, field).toBe(value);
      expect(row.getCell(column(field)).numFmt, field).toBe('"$"#,##0.00');
    }
    // Text stays text: never a formula, never a number.
    expect(row.getCell(column('Descripción')).value).toBe("'=1+1");
    expect(row.getCell(column('Descripción')).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(column('Comprobante')).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(column('Descripción')).numFmt).toBeUndefined();
  });

  it('declares the money of the ledger, receivables, incomes, expenses and movements between accounts', async () => {
    const checks: [string, string[]][] = [
      ['bank-accounts', ['Saldo inicial', 'Saldo']],
      ['receivables', ['Valor original', 'Descuento', 'Pagado', 'Saldo']],
      ['incomes', ['Valor', 'Descuento', 'Saldo']],
      ['expenses', ['Valor']],
      ['transfers', ['Valor']],
    ];
    const from = await l.bankAccount(500);
    const to = await l.cashBox(0);
    expect(
      (await l.call('POST', '/transfers', { fromAccountId: from.id, toAccountId: to.id, amount: 75.25, date: '2026-11-20' }))
        .status,
    ).toBe(201);
    expect(
      (
        await l.call('POST', '/expenses', {
          accountId: from.id,
          date: '2026-11-20',
          description: 'Pago de luz',
          method: 'Transferencia',
          lines: [{ description: 'Luz', category: 'Servicios Básicos', subcategory: 'Energía eléctrica', amount: 20 }],
        })
      ).status,
    ).toBe(201);
    for (const [resource, money] of checks) {
      const { sheet, column } = await sheetOf(resource, filter({}));
      expect(sheet.rowCount, resource).toBeGreaterThan(1);
      for (const field of money) {
        const cell = sheet.getRow(2).getCell(column(field));
        expect(column(field), `${resource}.${field}`).toBeGreaterThan(0);
        expect(typeof cell.value, `${resource}.${field}`).toBe('number');
        expect(cell.numFmt, `${resource}.${field}`).toBe('"$"#,##0.00');
      }
    }
  });

  it('writes amounts as plain numbers in CSV and defuses formulas in text', async () => {
    const res = await exported('incomes', filter({ q: '=1+1' }), 'csv');
    const [header, line] = res.body.replace('\uFEFF', '').split('\r\n');
    const cells = line.slice(1, -1).split('","');
    const at = (name: string) => cells[header.slice(1, -1).split('","').indexOf(name)];
    expect(at('Descripción')).toBe("'=1+1");
    expect(at('Valor')).toBe('1234.5');
  });
});
