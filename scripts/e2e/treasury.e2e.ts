// The treasury screens in the browser: an administrator records an expense (account, method of that account's
// type, payee, a line with rubro/subrubro) and moves money between accounts, first beyond the origin's balance
// (refused with the spec's message) and then within it; and approves the residents' pending transfers at once.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, pickComplex, signIn, startE2E } from './harness.ts';

const ALAMOS = 'Conjunto Los Álamos';
const CASH_BOX = 'Caja general';

let e2e: E2E;
let alamosId: string;

/** An input's label, with or without the asterisk of required ones. */
const labelled = (label: string) => new RegExp(`^${label}(\\s\\*)?$`);

/** A react-admin SelectInput: open it by its label and pick the option. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: labelled(label) }).click();
  await page.getByRole('option', { name: option }).first().click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

beforeAll(async () => {
  e2e = await startE2E('treasury');
  alamosId = await e2e.complexId(ALAMOS);
});

afterAll(async () => {
  await e2e?.close();
});

describe('treasury in the browser', () => {
  it('an administrator records an expense and a transfer between accounts', async () => {
    const admin = await e2e.newPage();
    await signIn(admin, 'admin@demo.test');
    await admin.waitForURL(/#\/administrador\/dashboard/);
    await pickComplex(admin, ALAMOS);

    // The expense: a cash box offers only Efectivo and Cheque.
    await admin.getByRole('menuitem', { name: 'Egresos', exact: true }).click();
    await admin.waitForURL(/#\/administrador\/egresos/);
    await admin.getByRole('link', { name: 'Crear' }).click();
    await admin.waitForURL(/#\/administrador\/egresos\/create/);
    await choose(admin, 'Cuenta', new RegExp(CASH_BOX));
    await admin.getByRole('combobox', { name: labelled('Forma') }).click();
    // (blank options aside)
    expect((await admin.getByRole('option').allInnerTexts()).filter((t) => t.trim())).toEqual(['Efectivo', 'Cheque']);
    await admin.getByRole('option', { name: 'Efectivo' }).click();
    await admin.getByLabel('Nombre', { exact: true }).fill('Ferretería del barrio');
    await admin.getByLabel(labelled('Descripción')).first().fill('Focos para los pasillos');
    const line = admin.locator('.RaSimpleFormIterator-line').first();
    await line.getByLabel('Descripción').fill('Focos LED');
    await choose(admin, 'Rubro', 'Mantenimiento');
    await choose(admin, 'SubRubro', 'Materiales');
    await line.getByLabel(labelled('Valor')).fill('12.5');
    await admin.getByText('Total: $12.50').waitFor();
    await e2e.screenshot(admin, '01-expense-form');
    await admin.getByRole('button', { name: 'Guardar' }).click();
    await admin.waitForURL(/#\/administrador\/egresos\/[0-9a-f-]{36}\/show/);
    await admin.getByRole('cell', { name: 'Focos LED' }).waitFor();
    await e2e.screenshot(admin, '02-expense-show');
    const [expense] = await e2e.sql<{ amount: string; method: string; payee_name: string; receipt_number: number }>(
      "select amount::text, method, payee_name, receipt_number from expenses where complex_id = ? and description = 'Focos para los pasillos'",
      [alamosId],
    );
    expect(expense).toMatchObject({ amount: '12.50', method: 'Efectivo', payee_name: 'Ferretería del barrio' });
    await admin.getByText(`Egreso N.º ${expense.receipt_number}`).waitFor();

    // The transfer: the origin's balance shows; more than it is refused, then a smaller amount goes through.
    await admin.getByRole('menuitem', { name: 'Cruce de cuentas', exact: true }).click();
    await admin.waitForURL(/#\/administrador\/crucecuentas/);
    await admin.getByRole('link', { name: 'Crear' }).click();
    await choose(admin, 'Cuenta de origen', new RegExp(CASH_BOX));
    const balanceText = await admin.getByText(/Saldo disponible en la cuenta de origen: \$/).textContent();
    const balance = Number(balanceText?.replace(/.*\$/, '').replace(/,/g, ''));
    expect(balance).toBeGreaterThan(10);
    await choose(admin, 'Cuenta de destino', /Pichincha/);
    await admin.getByLabel(labelled('Valor')).fill(String(Math.ceil(balance) + 100));
    await admin.getByLabel('Descripción').fill('Depósito de la caja');
    await admin.getByRole('button', { name: 'Guardar' }).click();
    await admin.getByRole('alert').getByText('Saldo insuficiente para realizar esta transacción.').waitFor();
    await e2e.screenshot(admin, '03-transfer-insufficient');
    await admin.getByLabel(labelled('Valor')).fill('10');
    await admin.getByRole('button', { name: 'Guardar' }).click();
    await admin.waitForURL(/#\/administrador\/crucecuentas$/);
    await admin.getByRole('row').filter({ hasText: 'Depósito de la caja' }).getByText('$10.00').waitFor();
    await e2e.screenshot(admin, '04-transfer-list');
    const transfers = await e2e.sql<{ amount: string }>(
      "select amount::text from transfers where complex_id = ? and description = 'Depósito de la caja'",
      [alamosId],
    );
    expect(transfers).toEqual([{ amount: '10.00' }]);

    expect(e2e.pageErrors).toEqual([]);
  });

  it('an administrator exports the expenses as the list shows them: CSV, and Excel in the spec format', async () => {
    const admin = await e2e.newPage();
    await signIn(admin, 'admin@demo.test');
    await admin.waitForURL(/#\/administrador\/dashboard/);
    await pickComplex(admin, ALAMOS);
    await admin.getByRole('menuitem', { name: 'Egresos', exact: true }).click();
    await admin.waitForURL(/#\/administrador\/egresos/);
    await admin.getByRole('columnheader', { name: 'Fecha' }).first().waitFor();
    const [latest] = await e2e.sql<{ description: string; amount: string }>(
      'select description, amount::text from expenses where complex_id = ? order by created_at desc limit 1',
      [alamosId],
    );
    const download = async (label: string) => {
      const [file] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: label }).click()]);
      return { name: file.suggestedFilename(), bytes: readFileSync((await file.path()) ?? '') };
    };
    const csv = await download('CSV');
    expect(csv.name).toMatch(/\.csv$/);
    const text = csv.bytes.toString('utf8');
    expect(text.split('\n')[0]).toMatch(/Fecha/);
    expect(text).toContain(latest.description);
    const xlsx = await download('Excel');
    expect(xlsx.name).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    // Dark-blue header, amounts as numbers in currency format.
    expect(JSON.stringify(sheet.getRow(1).getCell(1).fill)).toMatch(/1E3A8A/i);
    const amountColumn = (sheet.getRow(1).values as unknown[]).indexOf('Valor');
    expect(amountColumn).toBeGreaterThan(0);
    const row = sheet.getRows(2, sheet.rowCount - 1)?.find((r) => JSON.stringify(r.values).includes(latest.description));
    expect(row?.getCell(amountColumn).value).toBe(Number(latest.amount));
    expect(row?.getCell(amountColumn).numFmt).toContain('#,##0.00');
    expect(e2e.pageErrors).toEqual([]);
  });

  it('an administrator approves the selected pending transfers at once', async () => {
    const pending = await e2e.sql<{ id: string; reference: string }>(
      "select id, reference from pending_transfers where complex_id = ? and status = 'Pendiente' order by reference",
      [alamosId],
    );
    expect(pending.length).toBeGreaterThanOrEqual(2);
    const admin = await e2e.newPage();
    await signIn(admin, 'admin@demo.test');
    await admin.waitForURL(/#\/administrador\/dashboard/);
    await pickComplex(admin, ALAMOS);
    await admin.getByRole('menuitem', { name: 'Transferencias por aprobar', exact: true }).click();
    await admin.waitForURL(/#\/administrador\/transferenciasporaprobar/);
    for (const { reference } of pending.slice(0, 2))
      await admin.getByRole('row').filter({ hasText: reference }).getByRole('checkbox').check();
    await e2e.screenshot(admin, '05-pending-selected');
    await admin.locator('.RaBulkActionsToolbar-toolbar').getByRole('button', { name: 'Aprobar' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText('Aprobar 2 transferencias').waitFor();
    await choose(admin, 'Cuenta bancaria', /Pichincha/);
    await e2e.screenshot(admin, '06-pending-bulk-approve');
    await dialog.getByRole('button', { name: 'Aprobar' }).click();
    await admin.getByText('Transferencias aprobadas: 2. No aprobadas: 0.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const statuses = await e2e.sql<{ status: string; income_id: string | null }>(
      'select status, income_id from pending_transfers where id in (?) order by reference',
      [pending.slice(0, 2).map((p) => p.id)],
    );
    expect(statuses.map((s) => s.status)).toEqual(['Aprobada', 'Aprobada']);
    expect(statuses.every((s) => s.income_id)).toBe(true);
    expect(e2e.pageErrors).toEqual([]);
  });
});
