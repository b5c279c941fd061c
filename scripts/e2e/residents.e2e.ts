// Residents in the browser (issue 12), on 'Conjunto Los Álamos': the administrator creates a resident who owns a
// new unit, meets '¡Correo ya registrado!' on a second one with the same e-mail, finds the first by search and
// takes their app access away. The list, the form (with its errors) and the dialogs are photographed at 1366x900
// and at 390 px (./screenshots/residents-*.png, copied to /tmp/shots).
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, type E2E, pickComplex, SCREENSHOTS, signIn, startE2E } from './harness.ts';

const ALAMOS = 'Conjunto Los Álamos';
const UNIT = 'Casa E2E 90';
const EMAIL = 'rosa.e2e@residentes.test';
const SHOTS = '/tmp/shots';
const SIZES = [
  ['1366', 1366, 900],
  ['390', 390, 844],
] as const;

let e2e: E2E;
let admin: Page;
/** The page a failure photographs. */
let current: Page | undefined;
let alamosId: string;

async function shot(page: Page, name: string) {
  await page.waitForTimeout(300); // let snackbars and list reloads settle
  await e2e.screenshot(page, name);
  copyFileSync(join(SCREENSHOTS, `residents-${name}.png`), join(SHOTS, `residents-${name}.png`));
}

const text = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const row = (page: Page, value: string) => page.getByRole('row').filter({ hasText: value });

/** Opens the residents' list from the drawer (a phone's drawer is walked by screens.e2e.ts: here the address). */
async function openList(page: Page) {
  const phone = (page.viewportSize()?.width ?? 1366) < 900;
  if (phone) await page.goto('/#/administrador/residente');
  else await page.getByRole('menuitem', { name: 'Residentes', exact: true }).click();
  await page.waitForURL(/#\/administrador\/residente/);
  await page.getByRole('tab', { name: 'Sin unidad asignada' }).waitFor();
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  e2e = await startE2E('residents');
  alamosId = await e2e.complexId(ALAMOS);
});

afterEach(async (context) => {
  if (context.task.result?.state === 'fail' && current)
    await current
      .screenshot({ path: join(SHOTS, `residents-failed-${context.task.name.slice(0, 30)}.png`) })
      .catch(() => undefined);
});

afterAll(async () => {
  await e2e?.close();
}, 60_000);

describe('residents in the browser', () => {
  it('an administrator creates a resident who owns a unit', async () => {
    admin = await e2e.newPage();
    current = admin;
    await admin.setViewportSize({ width: 1366, height: 900 });
    await signIn(admin, 'admin@demo.test');
    await admin.waitForURL(/#\/administrador\/dashboard/);
    await pickComplex(admin, ALAMOS);

    // Every demo unit has its owner: a unit of the test's own, without one.
    const unit = await e2e.server.app.inject({
      method: 'POST',
      url: `/api/complexes/${alamosId}/units`,
      headers: { authorization: `Bearer ${await accessToken(admin)}` },
      payload: { number: UNIT, aliquot: 0, isActive: true, rented: false },
    });
    expect(unit.statusCode, unit.body).toBe(201);

    await openList(admin);
    await row(admin, 'residente@demo.test').waitFor();
    await shot(admin, '1366-01-lista');

    await admin.getByRole('link', { name: 'Crear' }).click();
    await admin.waitForURL(/residente\/create/);
    // Names missing, a bad e-mail and C.I.: each field answers in the spec's words.
    await text(admin, 'Cédula').fill('17-12');
    await text(admin, 'Correo').fill('no-es-correo');
    await admin.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => admin.getByText('¡Se requiere este campo!').count()).toBe(2);
    await admin.getByText('¡Correo inválido!').waitFor();
    await admin.getByText('¡Solo se permiten números, + y /!').waitFor();
    await shot(admin, '1366-02-formulario-errores');

    await text(admin, 'Nombre').fill('Rosa');
    await text(admin, 'Apellido').fill('Éxito E2E');
    await text(admin, 'Correo').fill(EMAIL);
    await text(admin, 'Teléfono').fill('+593 99 123 4567');
    await text(admin, 'Cédula').fill('1712345678');
    const unitInput = admin.getByRole('combobox', { name: 'Unidad', exact: true });
    await unitInput.click();
    await unitInput.fill('E2E');
    await admin.getByRole('option', { name: UNIT, exact: true }).click();
    // A unit makes the relation required.
    await admin.getByRole('button', { name: 'Guardar' }).click();
    await admin.getByText('¡Se requiere este campo!').waitFor();
    await admin.getByRole('combobox', { name: /^Relación/ }).click();
    await admin.getByRole('option', { name: 'Propietario', exact: true }).click();
    await admin.getByLabel('VIP', { exact: true }).check();
    await shot(admin, '1366-03-formulario-lleno');
    await admin.getByRole('button', { name: 'Guardar' }).click();
    await admin.getByText('Residente creado. Se le envió un correo para crear su contraseña.').waitFor();
    await admin.waitForURL(/#\/administrador\/residente(\?|$)/);

    const [saved] = await e2e.sql<{ owner_id: string; email: string }>(
      'select un.owner_id, u.email from units un join users u on u.id = un.owner_id where un.complex_id = ? and un.number = ?',
      [alamosId, UNIT],
    );
    expect(saved?.email).toBe(EMAIL);
  });

  it('a second resident with the same e-mail meets ¡Correo ya registrado!', async () => {
    await admin.getByRole('link', { name: 'Crear' }).click();
    await admin.waitForURL(/residente\/create/);
    await text(admin, 'Nombre').fill('Otra');
    await text(admin, 'Apellido').fill('Persona');
    await text(admin, 'Correo').fill(EMAIL.toUpperCase());
    await admin.getByRole('button', { name: 'Guardar' }).click();
    await admin.getByText('¡Correo ya registrado!').first().waitFor();
    await expect.poll(() => admin.getByRole('textbox', { name: 'Correo' }).getAttribute('aria-invalid')).toBe('true');
    await shot(admin, '1366-04-correo-registrado');
  });

  it('finds the resident by search and takes their app access away', async () => {
    await openList(admin);
    await admin.getByPlaceholder('Buscar').fill('Éxito E2E');
    await expect.poll(() => decodeURIComponent(admin.url())).toContain('"q":"Éxito E2E"');
    await expect.poll(() => admin.getByRole('row').count()).toBe(2); // the header and Rosa
    const rosa = row(admin, EMAIL);
    await expect.poll(() => rosa.innerText()).toContain(UNIT);
    await expect.poll(() => rosa.innerText()).toContain('Propietario');
    await shot(admin, '1366-05-busqueda');
    // The server's export of what the list shows (the search included).
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'CSV' }).click()]);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv).toContain(EMAIL);
    expect(csv).not.toContain('residente@demo.test');
    await rosa.click();
    await admin.waitForURL(/residente\/[0-9a-f-]+$/);
    await expect.poll(() => text(admin, 'Correo').inputValue()).toBe(EMAIL);
    await shot(admin, '1366-06-editar');

    // Each action asks first.
    await admin.getByRole('button', { name: 'Cerrar sesiones' }).click();
    await admin.getByRole('dialog').getByText('Cerrar las sesiones de Rosa Éxito E2E').waitFor();
    await shot(admin, '1366-07-dialogo-sesiones');
    await admin.getByRole('dialog').getByRole('button', { name: 'Cerrar sesiones' }).click();
    await admin.getByText('El residente no tenía sesiones abiertas.').waitFor();

    await admin.getByRole('button', { name: 'Restablecer contraseña' }).click();
    await admin.getByRole('dialog').getByText(`Se enviará a ${EMAIL}`, { exact: false }).waitFor();
    await shot(admin, '1366-08-dialogo-contrasena');
    await admin.getByRole('dialog').getByRole('button', { name: 'Restablecer contraseña' }).click();
    await admin.getByText(`Se envió a ${EMAIL} el correo para restablecer la contraseña.`).waitFor();
    const resets = await e2e.sql<{ n: number }>(
      "select count(*)::int as n from mail_outbox where category = 'auth.password-reset' and to_addresses @> ?::jsonb",
      [JSON.stringify([EMAIL])],
    );
    expect(resets[0].n).toBe(1);

    await admin.getByRole('button', { name: 'Desactivar acceso a la app' }).click();
    await admin.getByRole('dialog').getByText('Desactivar el acceso de Rosa Éxito E2E').waitFor();
    await shot(admin, '1366-09-dialogo-acceso');
    await admin.getByRole('dialog').getByRole('button', { name: 'Desactivar acceso a la app' }).click();
    await admin.getByText('Acceso a la app desactivado.').waitFor();
    await admin.getByRole('button', { name: 'Reactivar acceso a la app' }).waitFor();
    const [after] = await e2e.sql<{ is_active: boolean }>('select is_active from users where email = ?', [EMAIL]);
    expect(after?.is_active).toBe(false);

    // Now among the 'Inactivos'.
    await openList(admin);
    await admin.getByRole('tab', { name: 'Inactivos' }).click();
    await row(admin, EMAIL).waitFor();
    await shot(admin, '1366-10-inactivos');
    // Access is given back from the row, after the same question.
    await row(admin, EMAIL).getByRole('button', { name: 'Reactivar acceso a la app' }).click();
    await admin.getByRole('dialog').getByText('Reactivar el acceso de Rosa Éxito E2E').waitFor();
    await admin.getByRole('dialog').getByRole('button', { name: 'Reactivar acceso a la app' }).click();
    await admin.getByText('Acceso a la app reactivado.').waitFor();
    await row(admin, EMAIL).waitFor({ state: 'detached' });
    expect(admin.url()).toMatch(/residente(\?|$)/);
  });

  it('the board (directiva) reads the list, with no create button and rows that open nothing', async () => {
    const board = await e2e.newPage();
    current = board;
    await board.setViewportSize({ width: 1366, height: 900 });
    await signIn(board, 'directiva@demo.test');
    await board.waitForURL(/#\/directiva\/dashboard/);
    await pickComplex(board, ALAMOS);
    await board.getByRole('menuitem', { name: 'Residentes', exact: true }).click();
    await board.waitForURL(/#\/directiva\/residentes/);
    await row(board, 'residente@demo.test').waitFor();
    expect(await board.getByRole('link', { name: 'Crear' }).count()).toBe(0);
    await board.getByRole('button', { name: 'Excel' }).waitFor();
    await row(board, 'residente@demo.test').click();
    await board.waitForTimeout(300);
    expect(board.url()).toMatch(/#\/directiva\/residentes(\?|$)/);
    await shot(board, '1366-11-directiva');
  });

  it('the list, the form and a dialog at 390 px', async () => {
    const page = await e2e.newPage();
    current = page;
    const [, width, height] = SIZES[1];
    await page.setViewportSize({ width, height });
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(/#\/administrador\/dashboard/);
    await pickComplex(page, ALAMOS);
    await openList(page);
    await page.getByText('residente@demo.test').first().waitFor();
    await shot(page, '390-01-lista');
    await page.getByRole('tab', { name: 'Sin unidad asignada' }).click();
    await expect.poll(() => decodeURIComponent(page.url())).toContain('"unassigned":true');
    await shot(page, '390-02-sin-unidad');
    await page.goto('/#/administrador/residente/create');
    await text(page, 'Correo').fill('no-es-correo');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('¡Se requiere este campo!').first().waitFor();
    await shot(page, '390-03-formulario-errores');
    const [{ id }] = await e2e.sql<{ id: string }>('select id from users where email = ?', [EMAIL]);
    await page.goto(`/#/administrador/residente/${id}`);
    await expect.poll(() => page.getByRole('textbox', { name: 'Correo' }).inputValue(), { timeout: 15_000 }).toBe(EMAIL);
    await shot(page, '390-04-editar');
    await page.getByRole('button', { name: 'Desactivar acceso a la app' }).click();
    await page.getByRole('dialog').waitFor();
    await shot(page, '390-05-dialogo-acceso');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(e2e.pageErrors).toEqual([]);
  });
});
