// The accounting ledger in the browser, on 'Conjunto Los Álamos': an administrator creates a bank account,
// charges a unit twice, records an income that pays both debts, sees the account's balance go up and the
// debts paid, annuls the income and sees both restored. Every ledger screen is photographed on the way
// (./screenshots/accounting-*.png, copied to /tmp/shots). The test makes its own data: the demo figures
// may change.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, type E2E, pickComplex, SCREENSHOTS, signIn, startE2E } from './harness.ts';

const ALAMOS = 'Conjunto Los Álamos';
const ACCOUNT = 'Cuenta E2E Ahorros';
const BANK = 'Banco Pichincha';
const UNIT = 'Casa 7';
const DEBT_A = 'Cuota E2E ascensor';
const DEBT_B = 'Cuota E2E seguridad';
const SHOTS = '/tmp/shots';

let e2e: E2E;
let admin: Page;
let alamosId: string;
let receipt = '';

/** Full-page screenshot in ./screenshots (the harness) and in /tmp/shots. */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(300); // let snackbars and list reloads settle
  await e2e.screenshot(page, name);
  copyFileSync(join(SCREENSHOTS, `accounting-${name}.png`), join(SHOTS, `accounting-${name}.png`));
}

const menuEntry = (page: Page, name: string) => page.getByRole('menuitem', { name, exact: true });
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
/** Inputs by their label (roles, not labels: a list's sort buttons may carry the same words while it unmounts). */
const text = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });
const amount = (scope: Page | Locator, name: string) => scope.getByRole('spinbutton', { name, exact: true });

/** A react-admin SelectInput: open it by its label and choose an option. */
async function choose(scope: Page | Locator, page: Page, label: string, option: string) {
  const select = scope.getByRole('combobox', { name: label, exact: true });
  // By its text: react-admin names the empty option 'Borrar valor' whatever it shows.
  const item = page.getByRole('option').filter({ hasText: new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
  await expect
    .poll(async () => {
      if ((await page.getByRole('listbox').count()) === 0) await select.click();
      return item.count();
    })
    .toBe(1);
  await item.click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** A react-admin AutocompleteInput: type and choose the exact option. */
async function autocomplete(scope: Page | Locator, page: Page, label: string, text: string) {
  const input = scope.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(text);
  await page.getByRole('option', { name: text, exact: true }).click();
}

async function snackbar(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/** The account's balance on the bank accounts list (polled: the list first shows its cached page). */
async function expectAccountBalance(page: Page, balance: string) {
  await menuEntry(page, 'Cuentas bancarias').click();
  await page.waitForURL(/#\/administrador\/cuentasBancarias$/);
  const cells = row(page, ACCOUNT).getByRole('cell');
  await expect.poll(async () => (await cells.allInnerTexts()).find((t) => t.startsWith('$'))).toBe(balance);
}

/** The receivables screen searching the test debts, only the pending ones or all. */
async function showTestDebts(page: Page, pendingOnly: boolean) {
  await menuEntry(page, 'Cuentas por cobrar').click();
  await page.waitForURL(/#\/administrador\/cuentasPorCobrar/);
  await page.getByRole('combobox', { name: 'Estado' }).waitFor();
  const status = pendingOnly ? 'Pendientes' : 'Todas';
  if ((await page.getByRole('combobox', { name: 'Estado' }).innerText()).trim() !== status)
    await choose(page, page, 'Estado', status);
  await page.getByPlaceholder('Buscar').fill('E2E');
  // The filters reach the URL after react-admin's debounce: leaving earlier would bring the list back.
  await expect.poll(() => decodeURIComponent(page.url())).toContain('"q":"E2E"');
  await expect.poll(() => decodeURIComponent(page.url()).includes('"pending":"true"')).toBe(pendingOnly);
}

/** The test debts the receivables screen shows: name -> Saldo. */
async function shownDebts(page: Page): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of [DEBT_A, DEBT_B]) {
    const r = row(page, name);
    if ((await r.count()) === 0) continue;
    const header = await page.getByRole('row').first().getByRole('columnheader').allInnerTexts();
    const cells = await r.getByRole('cell').allInnerTexts();
    out[name] = cells[header.findIndex((h) => h.replace(/\s+/g, ' ').trim() === 'Saldo')];
  }
  return out;
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  e2e = await startE2E('accounting');
  alamosId = await e2e.complexId(ALAMOS);
});

afterEach(async (context) => {
  // What the page showed when a step failed.
  if (context.task.result?.state === 'fail' && admin)
    await admin
      .screenshot({ path: join(SHOTS, `accounting-failed-${context.task.name.slice(0, 30)}.png`) })
      .catch(() => undefined);
});

afterAll(async () => {
  await e2e?.close();
}, 60_000);

describe('accounting ledger in the browser', () => {
  it('an administrator creates a bank account (with the spec validation) on Los Álamos', async () => {
    admin = await e2e.newPage();
    await signIn(admin, 'admin@demo.test');
    await admin.waitForURL(/#\/administrador\/dashboard/);
    await pickComplex(admin, ALAMOS);

    await menuEntry(admin, 'Cuentas bancarias').click();
    await admin.waitForURL(/#\/administrador\/cuentasBancarias/);
    await row(admin, 'Cuenta corriente Pichincha').waitFor();
    await shot(admin, '01-cuentas-bancarias');

    await admin.getByRole('link', { name: 'Crear' }).click();
    await admin.waitForURL(/cuentasBancarias\/create/);
    await admin.getByRole('button', { name: 'Guardar' }).waitFor();
    await text(admin, 'Nombre de la cuenta').fill(ACCOUNT);
    await text(admin, 'Número de cuenta').fill('12ab');
    await text(admin, 'Correo').fill('no-es-correo');
    await amount(admin, 'Saldo inicial').fill('10.555');
    await admin.getByRole('button', { name: 'Guardar' }).click();
    await admin.getByText('Solo se permiten números.').waitFor();
    await admin.getByText('Correo inválido.').waitFor();
    await admin.getByText('Solo se aceptan valores con 2 decimales').waitFor();
    expect(await admin.getByText('¡Este campo es requerido!').count()).toBe(3); // Banco, Tipo de cuenta, Tipo de identificación
    await shot(admin, '02-cuenta-bancaria-validacion');

    await choose(admin, admin, 'Banco', BANK);
    await text(admin, 'Número de cuenta').fill('2200123456');
    await choose(admin, admin, 'Tipo de cuenta', 'Ahorros');
    await choose(admin, admin, 'Tipo de identificación', 'RUC');
    await text(admin, 'Identificación').fill('1790012345001');
    await text(admin, 'Correo').fill('tesoreria@alamos.test');
    await amount(admin, 'Saldo inicial').fill('1000');
    await admin.getByRole('button', { name: 'Guardar' }).click();
    await snackbar(admin, 'Cuenta añadida correctamente');
    await admin.waitForURL(/#\/administrador\/cuentasBancarias$/);
    await expect.poll(() => row(admin, ACCOUNT).innerText()).toContain('$1,000.00');
    await shot(admin, '03-cuenta-creada');

    // Its details with the live balance, and the edit screen (the bank is read-only there).
    await row(admin, ACCOUNT).getByRole('cell').nth(1).click();
    await admin.getByLabel('Saldo actual').waitFor();
    expect(await admin.getByLabel('Saldo actual').innerText()).toBe('$1,000.00');
    await shot(admin, '04-cuenta-detalle');
    await admin.getByRole('link', { name: 'Editar' }).click();
    await admin.waitForURL(/cuentasBancarias\/[^/]+$/);
    await admin.getByText('El banco no se puede cambiar.').waitFor();
    expect(await admin.getByRole('combobox', { name: 'Banco' }).getAttribute('aria-disabled')).toBe('true');
    await shot(admin, '05-cuenta-editar');
    await text(admin, 'Correo').fill('contabilidad@alamos.test');
    await admin.getByRole('button', { name: 'Guardar' }).click();
    await snackbar(admin, 'Cuenta actualizada correctamente');

    // A bank account with transactions cannot be deleted: the server's message.
    await admin.waitForURL(/#\/administrador\/cuentasBancarias$/);
    await row(admin, 'Cuenta corriente Pichincha').getByRole('button', { name: 'Eliminar' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    await snackbar(admin, 'No es posible eliminar un banco que aún contiene transacciones. Contacte con el administrador.');
    await shot(admin, '06-cuenta-con-transacciones');

    await menuEntry(admin, 'Cajas').click();
    await admin.waitForURL(/#\/administrador\/cajas$/);
    await row(admin, 'Caja general').waitFor();
    await shot(admin, '07-cajas');
    await admin.getByRole('link', { name: 'Crear' }).click();
    await text(admin, 'Nombre de la caja').waitFor();
    expect(await admin.getByLabel('Banco').count()).toBe(0);
    await shot(admin, '08-caja-crear');
  });

  it('charges the unit twice (one charge from the screen, one through the API)', async () => {
    await menuEntry(admin, 'Cuentas por cobrar').click();
    await admin.waitForURL(/#\/administrador\/cuentasPorCobrar/);
    await admin.getByRole('columnheader', { name: 'Días vencidos' }).waitFor();
    await shot(admin, '09-cuentas-por-cobrar');

    await admin.getByRole('link', { name: 'Expensa extraordinaria' }).click();
    await admin.getByText('Generación de expensas extraordinarias').first().waitFor();
    await autocomplete(admin, admin, 'Unidades', UNIT);
    await text(admin, 'Nombre').fill(DEBT_A);
    await amount(admin, 'Valor').fill('40.50');
    await choose(admin, admin, 'Rubro', 'Ingresos Extraordinarios');
    await choose(admin, admin, 'SubRubro', 'Cuota extraordinaria');
    await shot(admin, '10-expensa-extraordinaria');
    await admin.getByRole('button', { name: 'Generar' }).click();
    await snackbar(admin, 'Se generó 1 cuenta por cobrar');
    await admin.waitForURL(/#\/administrador\/cuentasPorCobrar/);

    const [{ id: unitId }] = await e2e.sql<{ id: string }>('select id from units where complex_id = ? and number = ?', [
      alamosId,
      UNIT,
    ]);
    const created = await e2e.server.app.inject({
      method: 'POST',
      url: `/api/complexes/${alamosId}/receivables`,
      headers: { authorization: `Bearer ${await accessToken(admin)}` },
      payload: {
        unitIds: [unitId],
        name: DEBT_B,
        category: 'Ingresos Extraordinarios',
        subcategory: 'Otros ingresos',
        amount: 25.25,
        dueDate: '2026-01-15',
      },
    });
    expect(created.statusCode, created.body).toBe(201);

    await showTestDebts(admin, true);
    await expect.poll(() => shownDebts(admin)).toEqual({ [DEBT_A]: '$40.50', [DEBT_B]: '$25.25' });
    await shot(admin, '11-deudas-de-la-casa');

    // The dialogs of the screen: fees from the total fee, and the transfer of debts (at least one debt).
    await admin.getByRole('button', { name: 'Generar expensas' }).click();
    const generate = admin.getByRole('dialog', { name: 'Generar expensas' });
    // Percentages need the complex's total fee: the dialog shows it, or says that it is missing.
    await generate.getByText(/Valor total de expensas del conjunto|Para usar porcentajes/).waitFor();
    await shot(admin, '12-generar-expensas');
    await generate.getByRole('button', { name: 'Cancelar' }).click();
    await generate.waitFor({ state: 'detached' });

    await admin.getByRole('button', { name: 'Transferir deudas' }).click();
    const transfer = admin.getByRole('dialog', { name: 'Transferir deudas a un nuevo propietario' });
    await autocomplete(transfer, admin, 'Unidad', UNIT);
    await transfer.getByRole('checkbox', { name: DEBT_A }).waitFor();
    await transfer.getByRole('button', { name: 'Transferir' }).click();
    await transfer.getByText('Seleccione al menos una deuda.').waitFor();
    await admin.keyboard.press('Escape'); // the new owner's list opened on the invalid field
    await transfer.getByRole('listbox').waitFor({ state: 'detached' });
    await shot(admin, '13-transferir-deudas');
    await transfer.getByRole('button', { name: 'Cancelar' }).click();
    await transfer.waitFor({ state: 'detached' });

    // A debt's edit screen: discount and due date.
    await row(admin, DEBT_B).getByRole('cell', { name: DEBT_B }).click();
    await amount(admin, 'Descuento').waitFor();
    await shot(admin, '14-cuenta-por-cobrar-editar');
    await admin.goBack();
  });

  it('records an income that pays both debts: the balance goes up and the debts are paid', async () => {
    await menuEntry(admin, 'Ingresos').click();
    await admin.waitForURL(/#\/administrador\/ingresos/);
    await admin.getByRole('columnheader', { name: 'Pagador', exact: true }).waitFor();
    await shot(admin, '15-ingresos');

    await admin.getByRole('link', { name: 'Nuevo ingreso' }).click();
    await admin.waitForURL(/ingresos\/create/);
    await admin.getByText('Datos del ingreso').waitFor();
    await choose(admin, admin, 'Cuenta', `${ACCOUNT} · ${BANK}`);
    // The method follows the account: a bank account offers bank methods only.
    await expect.poll(() => admin.getByRole('combobox', { name: 'Forma' }).innerText()).toBe('Transferencia');
    await admin.getByRole('combobox', { name: 'Forma' }).click();
    expect(await admin.getByRole('option', { name: 'Efectivo', exact: true }).count()).toBe(0);
    await admin.getByRole('option', { name: 'Depósito', exact: true }).click();
    await autocomplete(admin, admin, 'Unidad', UNIT);
    await admin.getByRole('checkbox', { name: DEBT_A }).check();
    await admin.getByRole('checkbox', { name: DEBT_B }).check();
    await text(admin, 'Descripción').first().fill('Pago de cuotas extraordinarias E2E');
    const summary = admin.getByRole('table', { name: 'Resumen del ingreso' });
    await expect.poll(() => summary.innerText()).toContain('$65.75');
    await shot(admin, '16-nuevo-ingreso');
    await admin.getByRole('button', { name: 'Guardar' }).click();

    await admin.getByText('Ingreso registrado con el comprobante N.º', { exact: false }).first().waitFor();
    await admin.waitForURL(/ingresos\/[^/]+\/show/);
    const lines = admin.getByRole('table', { name: 'Cobros' });
    await lines.getByText(DEBT_A).waitFor();
    expect(await lines.getByRole('row').filter({ hasText: DEBT_A }).innerText()).toContain('$40.50');
    expect(await lines.getByRole('row').filter({ hasText: DEBT_B }).innerText()).toContain('$25.25');
    expect(await lines.getByRole('row').filter({ hasText: DEBT_A }).innerText()).toContain(UNIT);
    receipt = (/N\.º (\d+)/.exec(await admin.getByRole('heading', { level: 2 }).innerText()) ?? [])[1] ?? '';
    expect(receipt).toMatch(/^\d+$/);
    await shot(admin, '17-ingreso-detalle');
    // The toolbar's PDF button sits on the line of 'Listar'; on a phone the totals stay in view (not in the table's
    // sideways-scrolling footer).
    const tops = await Promise.all(
      [admin.getByRole('link', { name: 'Listar' }), admin.getByRole('button', { name: /Comprobante PDF/ })].map(async (b) => {
        const box = await b.boundingBox();
        return box && { top: Math.round(box.y), height: Math.round(box.height) };
      }),
    );
    expect(tops[1]).toEqual(tops[0]);
    await admin.setViewportSize({ width: 390, height: 844 });
    const total = admin.locator('dt', { hasText: 'Total recibido' }).locator('xpath=following-sibling::dd[1]');
    // Once the page has laid itself out again at the new width.
    const rightEdge = async () => {
      const box = await total.boundingBox();
      return box ? box.x + box.width : Number.POSITIVE_INFINITY;
    };
    try {
      await expect.poll(rightEdge).toBeLessThanOrEqual(390);
    } finally {
      await admin.setViewportSize({ width: 1280, height: 800 });
    }

    await expectAccountBalance(admin, '$1,065.75');
    await showTestDebts(admin, true);
    await admin.getByText('No hay información').waitFor();
    await showTestDebts(admin, false);
    await expect.poll(() => shownDebts(admin)).toEqual({ [DEBT_A]: '$0.00', [DEBT_B]: '$0.00' });
    await shot(admin, '18-deudas-pagadas');

    await menuEntry(admin, 'Histórico de fondos').click();
    await admin.waitForURL(/#\/administrador\/historicoFondos/);
    await choose(admin, admin, 'Cuenta', `${ACCOUNT} · ${BANK}`);
    await admin.getByLabel('Desde').fill('01/01/2020');
    await row(admin, 'Pago de cuotas extraordinarias E2E').waitFor();
    expect(await row(admin, 'Totales y saldo al final del período').innerText()).toContain('$1,065.75');
    await shot(admin, '19-historico-de-fondos');
    // Its Excel: the same rows, the closing balance a currency number.
    const [file] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Excel' }).click()]);
    expect(file.suggestedFilename()).toMatch(/^historico-fondos-.*-2020-01-01-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await file.path()) ?? '') as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const closing = sheet.getRow(sheet.rowCount);
    expect(closing.getCell(2).value).toBe('Totales y saldo al final del período');
    expect(closing.getCell(7).value).toBe(1065.75);
    expect(closing.getCell(7).numFmt).toBe('"$"#,##0.00');
  });

  it('annuls the income: the balance and the debts are restored', async () => {
    await menuEntry(admin, 'Ingresos').click();
    await admin.waitForURL(/#\/administrador\/ingresos/);
    // The list first shows its cached page, then reloads: click until the income opens.
    const cell = row(admin, UNIT).filter({ hasText: ACCOUNT }).getByRole('cell').first();
    await expect
      .poll(async () => {
        if (!/\/show/.test(admin.url())) await cell.click({ timeout: 2000 }).catch(() => undefined);
        return admin.url();
      })
      .toMatch(/ingresos\/[^/]+\/show/);
    await admin.getByRole('heading', { level: 2, name: `Ingreso N.º ${receipt}` }).waitFor();
    await admin.getByRole('button', { name: 'Anular' }).click();
    const confirm = admin.getByRole('dialog', { name: `Anular el ingreso N.º ${receipt}` });
    await confirm.getByText('las deudas que pagó volverán a estar pendientes', { exact: false }).waitFor();
    await shot(admin, '20-anular-confirmacion');
    await confirm.getByRole('button', { name: 'Anular' }).click();
    await snackbar(admin, `Ingreso N.º ${receipt} anulado`);
    await admin.getByText('Anulado', { exact: true }).first().waitFor();
    await expect.poll(() => admin.getByRole('button', { name: 'Anular' }).count()).toBe(0);
    await shot(admin, '21-ingreso-anulado');

    await expectAccountBalance(admin, '$1,000.00');
    await showTestDebts(admin, true);
    await expect.poll(() => shownDebts(admin)).toEqual({ [DEBT_A]: '$40.50', [DEBT_B]: '$25.25' });

    await menuEntry(admin, 'Anulaciones').click();
    await admin.waitForURL(/#\/administrador\/anulaciones/);
    await row(admin, UNIT).filter({ hasText: receipt }).first().waitFor();
    await shot(admin, '22-anulaciones');
  });

  it('shows the unidentified incomes (with Asignar) and the rubros', async () => {
    await menuEntry(admin, 'Ingresos no identificados').click();
    await admin.waitForURL(/#\/administrador\/ingresosNoIdentificados/);
    await admin.getByRole('columnheader', { name: 'Cuenta', exact: true }).waitFor();
    const assign = admin.getByRole('button', { name: 'Asignar' });
    if ((await assign.count()) > 0) {
      await assign.first().click();
      await admin.getByRole('dialog').getByText('Elija la unidad a la que pertenece el ingreso', { exact: false }).waitFor();
      await autocomplete(admin.getByRole('dialog'), admin, 'Unidad', UNIT);
      await admin.getByRole('dialog').getByRole('checkbox', { name: DEBT_A }).check();
      await shot(admin, '24-asignar-ingreso');
      await admin.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
    }
    await shot(admin, '23-ingresos-no-identificados');
    await admin.getByRole('link', { name: 'Nuevo ingreso no identificado' }).click();
    await admin.getByText('Datos del ingreso').waitFor();
    expect(await admin.getByRole('combobox', { name: 'Unidad' }).count()).toBe(0);
    await shot(admin, '25-nuevo-ingreso-no-identificado');

    await menuEntry(admin, 'Rubros de ingresos').click();
    await admin.waitForURL(/#\/administrador\/rubros\/rubrosingresos/);
    await row(admin, 'Ingresos Ordinarios').waitFor();
    await shot(admin, '26-rubros-ingresos');
    // A rubro in use cannot be deleted: the server says so.
    await row(admin, 'Ingresos Extraordinarios').getByRole('button', { name: 'Eliminar' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    await snackbar(admin, 'El rubro está en uso y no se puede eliminar.');

    await menuEntry(admin, 'Rubros de egresos').click();
    await admin.waitForURL(/#\/administrador\/rubros\/rubrosegresos/);
    await row(admin, 'Servicios Básicos').waitFor();
    await shot(admin, '27-rubros-egresos');
    await admin.getByRole('link', { name: 'Crear' }).click();
    await admin.getByRole('combobox', { name: 'SubRubros' }).waitFor();
    await text(admin, 'Nombre').fill('Rubro E2E');
    const subs = admin.getByRole('combobox', { name: 'SubRubros' });
    await subs.fill('Primero');
    await subs.press('Enter');
    await subs.fill('Segundo');
    await subs.press('Enter');
    await shot(admin, '28-rubro-crear');
    await admin.getByRole('button', { name: 'Guardar' }).click();
    await row(admin, 'Rubro E2E').waitFor();
    expect(await row(admin, 'Rubro E2E').innerText()).toContain('Segundo');
    await row(admin, 'Rubro E2E').getByRole('link', { name: 'Editar' }).click();
    await admin.getByRole('button', { name: 'Primero' }).waitFor();
    await shot(admin, '29-rubro-editar');
  });

  it("notifies the selected debts' resident, then deletes the debts without payments (the bulk actions)", async () => {
    const [{ id: unitId }] = await e2e.sql<{ id: string }>('select id from units where complex_id = ? and number = ?', [
      alamosId,
      UNIT,
    ]);
    const names = ['Cuota E2E borrador 1', 'Cuota E2E borrador 2'];
    for (const name of names) {
      const created = await e2e.server.app.inject({
        method: 'POST',
        url: `/api/complexes/${alamosId}/receivables`,
        headers: { authorization: `Bearer ${await accessToken(admin)}` },
        payload: { unitIds: [unitId], name, category: 'Ingresos Extraordinarios', amount: 10, dueDate: '2026-01-10' },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    await showTestDebts(admin, true);
    const bulkBar = admin.locator('.RaBulkActionsToolbar-toolbar');
    for (const name of names) await row(admin, name).getByRole('checkbox').check();
    await bulkBar.getByRole('button', { name: 'Enviar aviso de cobro' }).click();
    const notice = admin.getByRole('dialog', { name: 'Notificar cuotas vencidas' });
    await notice.getByText('Se enviará un aviso de cuotas vencidas al residente de las deudas vencidas seleccionadas.').waitFor();
    await shot(admin, '23-aviso-deudas-seleccionadas');
    await notice.getByRole('button', { name: 'Confirmar' }).click();
    await admin.getByText(/^Aviso de cobro N° \d+: 1 correo\(s\) en la bandeja de salida/).waitFor();
    await notice.waitFor({ state: 'detached' });

    for (const name of names) await row(admin, name).getByRole('checkbox').check();
    await bulkBar.getByRole('button', { name: 'Eliminar' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Eliminar cuentas por cobrar' });
    await confirm.getByText('¿Está seguro de eliminar las 2 deudas seleccionadas sin pagos?', { exact: false }).waitFor();
    await shot(admin, '24-eliminar-deudas');
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect
      .poll(
        async () => (await e2e.sql('select id from receivables where complex_id = ? and name in (?)', [alamosId, names])).length,
      )
      .toBe(0);
  });

  it('generates the monthly fees as a background job: the bar reaches "N de N" and says what it made', async () => {
    await showTestDebts(admin, true);
    await admin.getByRole('button', { name: 'Generar expensas' }).click();
    const dialog = admin.getByRole('dialog');
    // The complex's settings (grace days, total fee) arrive after the dialog opens: choose once they are in.
    await dialog.getByText('días de gracia', { exact: false }).waitFor();
    await dialog.getByRole('radio', { name: 'Valor fijo' }).check();
    await amount(dialog, 'Valor por unidad').fill('25');
    // December: the demo has no fees for it yet (the months before may have them: those are skipped).
    await choose(dialog, admin, 'Desde el mes', `diciembre ${new Date().getFullYear()}`);
    await dialog.getByRole('button', { name: 'Generar' }).click();
    await dialog.waitFor({ state: 'detached' });
    const bar = admin.getByTestId('job-progress');
    await expect.poll(() => bar.getAttribute('data-state'), { timeout: 30_000 }).toBe('completed');
    expect(await bar.innerText()).toMatch(/Generación de expensas: Se generaron [1-9]\d* expensas por \$/);
    // The job's last figures are "all units of all units".
    const [job] = await e2e.sql<{ output: { progress: { done: number; total: number } } }>(
      "select output from pgboss.job where name = 'accounting.generateFees' order by created_on desc limit 1",
    );
    expect(job.output.progress.done).toBe(job.output.progress.total);
    await shot(admin, '31-expensas-tarea');
    await bar.getByRole('button', { name: /cerrar|close/i }).click();
    await bar.waitFor({ state: 'detached' });
  });

  it('sends the statements as a background job whose bar "N de M" survives a reload of the page', async () => {
    await menuEntry(admin, 'Notificaciones').click();
    await admin.waitForURL(/#\/administrador\/notificaciones/);
    await admin.getByRole('tab', { name: 'Estado de cuenta mensual' }).click();
    await admin.getByRole('button', { name: 'Enviar', exact: true }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Enviar' }).click();
    const bar = admin.getByTestId('job-progress');
    // Running: "N de M" on the bar; then the page is opened again and finds the job.
    await expect.poll(async () => /\d+ de \d+/.test((await bar.innerText().catch(() => '')) ?? '')).toBe(true);
    expect(await bar.getAttribute('data-state')).toBe('active');
    await admin.reload();
    await bar.waitFor();
    await expect.poll(() => bar.getAttribute('data-state'), { timeout: 60_000 }).toBe('completed');
    expect(await bar.innerText()).toMatch(
      /Envío de estados de cuenta: Aviso de cobro N° \d+: \d+ correo\(s\) en la bandeja de salida/,
    );
    await shot(admin, '32-estados-de-cuenta-tarea');
  });

  it('the board (directiva) reads the ledger without create, edit or annul buttons', async () => {
    const board = await e2e.newPage();
    await signIn(board, 'directiva@demo.test');
    await board.waitForURL(/#\/directiva\/dashboard/);
    await pickComplex(board, ALAMOS);
    await menuEntry(board, 'Ingresos').click();
    await board.waitForURL(/#\/directiva\/ingresos/);
    await board.getByRole('columnheader', { name: 'Pagador', exact: true }).waitFor();
    expect(await board.getByRole('link', { name: 'Nuevo ingreso' }).count()).toBe(0);
    expect(await board.getByRole('button', { name: 'Anular' }).count()).toBe(0);
    await shot(board, '30-directiva-ingresos');
    await menuEntry(board, 'Cuentas bancarias').click();
    await row(board, ACCOUNT).waitFor();
    expect(await board.getByRole('link', { name: 'Crear' }).count()).toBe(0);
    expect(await board.getByRole('button', { name: 'Eliminar' }).count()).toBe(0);

    expect(e2e.pageErrors).toEqual([]);
  });
});
