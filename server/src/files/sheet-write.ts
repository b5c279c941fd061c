// Spreadsheets the server writes: a list's export (list.ts) and a plugin's own report (host.sheets.send). CSV as
// spreadsheets read it, or .xlsx in the spec's Excel format (002 §9); every cell is text that never becomes a
// formula, except the amounts of money columns, which are numbers in currency format.
import { PassThrough, Readable } from 'node:stream';
import { type SheetColumn, type SheetExport, safeCell } from '@conjunto/core';
import type { FastifyReply } from 'fastify';

type Row = Record<string, unknown>;

/** A money cell's amount: a finite number (PostgreSQL's numeric arrives as text), else undefined (shown as text). */
function amountOf(value: unknown): number | undefined {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** A cell as exported: an amount of a money column as a number, anything else as text that never becomes a formula. */
const cellOf = (column: SheetColumn, item: Row): string | number => {
  const value = column.value(item);
  const amount = column.money ? amountOf(value) : undefined;
  return amount ?? safeCell(value);
};

/** CSV as spreadsheets read it: UTF-8 BOM, every cell quoted text, formulas defused. */
async function* csvOf(columns: SheetColumn[], items: AsyncIterable<unknown> | Iterable<unknown>): AsyncGenerator<string> {
  const line = (cells: unknown[]) => `${cells.map((c) => `"${String(c).replace(/"/g, '""')}"`).join(',')}\r\n`;
  yield `\uFEFF${line(columns.map((c) => safeCell(c.header)))}`;
  // A negative amount stays a number (-5, not '-5): a number is no formula.
  for await (const item of items) yield line(columns.map((c) => cellOf(c, item as Row)));
}

/** The spec's Excel format (002 §9): the theme's primary dark blue behind a bold white header, money in dollars. */
const HEADER_FILL = 'FF1E3A8A';
const HEADER_FONT = 'FFFFFFFF';
const MONEY_FORMAT = '"$"#,##0.00';

/**
 * .xlsx through exceljs's streaming writer: money columns as numbers in currency format, every other cell a text
 * cell. exceljs is loaded on the first export, not at boot (memory).
 */
function xlsxOf(name: string, columns: SheetColumn[], items: AsyncIterable<unknown> | Iterable<unknown>): PassThrough {
  const out = new PassThrough();
  (async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
    // Excel refuses a sheet name over 31 characters or with any of []:*?/\
    const sheet = workbook.addWorksheet(name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    const header = sheet.addRow(columns.map((c) => safeCell(c.header)));
    header.eachCell((cell) => {
      cell.font = { bold: true, color: { argb: HEADER_FONT } };
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: HEADER_FILL } };
    });
    header.commit();
    const money = columns.flatMap((c, i) => (c.money ? [i + 1] : []));
    for await (const item of items) {
      const row = sheet.addRow(columns.map((c) => cellOf(c, item as Row)));
      for (const n of money) {
        const cell = row.getCell(n);
        if (typeof cell.value === 'number') cell.numFmt = MONEY_FORMAT;
      }
      row.commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error) => out.destroy(error));
  return out;
}

/** Answers `reply` with the spreadsheet as a download named `<file>.<format>`. */
export function sendSheet(reply: FastifyReply, { name, file, format, columns, rows }: SheetExport): FastifyReply {
  // The file's name is the client's download name: ASCII letters, digits, '-' and '_' only.
  const safeName =
    (file ?? name)
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\w-]+/g, '-')
      .slice(0, 80) || 'export';
  reply.header('Content-Disposition', `attachment; filename="${safeName}.${format}"`);
  if (format === 'xlsx')
    return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(xlsxOf(name, columns, rows));
  return reply.type('text/csv; charset=utf-8').send(Readable.from(csvOf(columns, rows)));
}
