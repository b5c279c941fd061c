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

  it('exports the fund history as the screen shows it: opening balance, movements with the balance after each, totals', async () => {
    const account = await l.bankAccount(100);
    const box = await l.cashBox(0);
    const moved = await l.call('POST', '/transfers', {
      fromAccountId: account.id,
      toAccountId: box.id,
      amount: 20,
      date: '2026-11-20',
      description: '=HYPERLINK("x")',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    const spent = await l.call('POST', '/expenses', {
      accountId: account.id,
      date: '2026-11-21',
      description: '-2+3',
      method: 'Transferencia',
      lines: [{ description: 'Luz', category: 'Servicios Básicos', subcategory: 'Energía eléctrica', amount: 10 }],
    });
    expect(spent.status, JSON.stringify(spent.body)).toBe(201);
    const range = 'from=2026-11-01&to=2026-11-30';
    const { sheet, column } = await sheetOf(`bank-accounts/${account.id}/movements`, range);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Fecha',
      'Movimiento',
      'Comprobante',
      'Descripción',
      'Ingreso',
      'Egreso',
      'Saldo',
    ]);
    expect(sheet.getRow(1).getCell(1).fill).toMatchObject({ fgColor: { argb: 'FF1E3A8A' } });
    const opening = await l.call('GET', `/bank-accounts/${account.id}/movements?${range}`);
    expect(opening.status).toBe(200);
    const rows = sheet.getRows(2, sheet.rowCount - 1)!;
    expect(rows).toHaveLength(opening.body.movements.length + 2);
    expect(rows[0].getCell(column('Movimiento')).value).toBe('Saldo al inicio del período');
    expect(rows[0].getCell(column('Saldo')).value).toBe(opening.body.openingBalance);
    const transfer = rows.find((r) => r.getCell(column('Movimiento')).value === 'Transferencia enviada')!;
    expect(transfer.getCell(column('Descripción')).value).toMatch(/^Hacia Caja .* · =HYPERLINK\("x"\)$/);
    const expense = rows.find((r) => r.getCell(column('Movimiento')).value === 'Egreso')!;
    expect(expense.getCell(column('Descripción')).value).toBe("'-2+3");
    expect(expense.getCell(column('Saldo')).value).toBe(70);
    expect(transfer.getCell(column('Egreso')).value).toBe(20);
    expect(transfer.getCell(column('Egreso')).numFmt).toBe('"$"#,##0.00');
    const closing = rows.at(-1)!;
    expect(closing.getCell(column('Movimiento')).value).toBe('Totales y saldo al final del período');
    expect(closing.getCell(column('Saldo')).value).toBe(opening.body.closingBalance);
    // A range the screen refuses is refused here too; another complex's account is not found.
    const headers = await l.t.login('admin@demo.test');
    const url = (complexId: string, query: string) =>
      `/api/complexes/${complexId}/bank-accounts/${account.id}/movements/export?${query}`;
    const backwards = await l.t.app.inject({ method: 'GET', url: url(l.complexId, 'from=2026-11-30&to=2026-11-01'), headers });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual({ to: 'La fecha final no puede ser anterior a la inicial.' });
    const bosque = await l.t.complexId('bosque');
    expect((await l.t.app.inject({ method: 'GET', url: url(bosque, range), headers })).statusCode).toBe(404);
    const csv = await exported(`bank-accounts/${account.id}/movements`, range, 'csv');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="historico-fondos-[\w-]+-2026-11-01-2026-11-30\.csv"$/,
    );
  });
});
