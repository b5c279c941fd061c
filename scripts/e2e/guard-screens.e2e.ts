// The guard console's screens (spec 002 §2.2, issue 13) in the browser, at 1366 px and on a 390 px phone, as
// guardia@demo.test: Bitácora Digital (an exit registered), Novedades (one recorded), Bitácoras Rechazadas,
// Visitas anticipadas (one of today's let in), Listas B/N (a black-list record added and deleted), the early-visits
// bell; platform staff's /superAdmin/allPanics.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, pickComplex, pickGuardPost, signIn, startE2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E('guard-screens');
}, 120_000);
afterAll(() => e2e?.close());

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Opens a screen from the drawer (a laptop) or by its address (a phone), and waits for its title. */
async function open(page: Page, width: number, menu: string, path: string, title: string) {
  if (width > 600) await page.getByRole('menuitem', { name: menu, exact: true }).click();
  else await page.goto(`/#/guardia/${path}`);
  await page.getByText(title).first().waitFor({ state: 'attached' });
}

/** Nothing raw or English on the page: no ids, no message keys. */
async function readable(page: Page) {
  const text = await page.locator('#main-content, main').first().innerText();
  expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/);
  expect(text).not.toMatch(/gateScreens\.|resources\.|ra\.action/);
}

describe("the guard console's screens", () => {
  for (const width of [1366, 390]) {
    it(`opens each screen and does the guard's work (${width} px)`, async () => {
      const page = await e2e.newPage();
      await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
      await signIn(page, 'guardia@demo.test');
      await page.waitForURL(/#\/guardia\/dashboard/);
      await pickGuardPost(page);

      // The early-visits bell (top bar): the badge counts today's pending visits, the popover lists the last 5 and
      // 'ir a visitas' opens the list.
      await page.getByTestId('early-visit-bell').click();
      const popover = page.getByRole('dialog', { name: 'Visitas anticipadas de hoy' });
      await popover.getByText('Visitante: Andrés Villacís').waitFor();
      expect(await page.getByTestId('early-visit-badge').locator('.MuiBadge-badge').innerText()).toMatch(/^([1-9]|\+9)$/);
      expect(await popover.getByTestId('early-visit-list').getByRole('link').count()).toBeLessThanOrEqual(5);
      await e2e.screenshot(page, `${width}-campana`);
      await popover.getByRole('link', { name: 'ir a visitas' }).click();
      await page.waitForURL(/#\/guardia\/visitasAnticipadas/);
      expect(await overflow(page)).toBeLessThanOrEqual(0);

      // Bitácora Digital: an open entry's exit.
      await open(page, width, 'Bitácora Digital', 'bitacoraDigital', 'Bitácora Digital');
      await page.locator('tbody tr').first().waitFor();
      await readable(page);
      await e2e.screenshot(page, `${width}-bitacora`);
      const exit = page.getByRole('button', { name: 'Registrar salida' }).first();
      await exit.click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
      await page.getByText('Salida registrada').waitFor();
      // An entry in detail.
      if (width > 600) {
        await page.locator('tbody tr').first().click();
        await page.getByText('Ingreso de').first().waitFor();
        await readable(page);
        await e2e.screenshot(page, `${width}-bitacora-detalle`);
      }
      expect(await overflow(page)).toBeLessThanOrEqual(0);

      // Novedades: one recorded (e-mailed as the complex says).
      await open(page, width, 'Novedades', 'eventos', 'Novedades');
      await page.locator('tbody tr').first().waitFor();
      await e2e.screenshot(page, `${width}-novedades`);
      const title = `Puerta peatonal abierta ${width}`;
      await page.goto('/#/guardia/eventos/create');
      await page.getByLabel('Novedad *').fill(title);
      await page.getByLabel('Detalle').fill('Se encontró la puerta peatonal abierta durante la ronda.');
      await e2e.screenshot(page, `${width}-novedad-nueva`);
      await page.getByRole('button', { name: 'Guardar' }).click();
      await page.locator('tbody tr').filter({ hasText: title }).first().waitFor();
      expect(await overflow(page)).toBeLessThanOrEqual(0);

      // Bitácoras Rechazadas: read-only.
      await open(page, width, 'Bitácoras Rechazadas', 'bitacoraRechazada', 'Bitácoras Rechazadas');
      await page.locator('tbody tr').first().waitFor();
      expect(await page.getByRole('button', { name: 'Registrar salida' }).count()).toBe(0);
      await readable(page);
      await e2e.screenshot(page, `${width}-rechazadas`);
      expect(await overflow(page)).toBeLessThanOrEqual(0);

      // Visitas anticipadas: today's, one let in.
      await open(page, width, 'Visitas anticipadas', 'visitasAnticipadas', 'Visitas anticipadas de hoy');
      await page.getByRole('button', { name: 'Aprobar la entrada' }).first().waitFor();
      const before = await page.getByRole('button', { name: 'Aprobar la entrada' }).count();
      await readable(page);
      await e2e.screenshot(page, `${width}-visitas`);
      await page.getByRole('button', { name: 'Aprobar la entrada' }).first().click();
      const dialog = page.getByRole('dialog');
      await e2e.screenshot(page, `${width}-visitas-aprobar`);
      await dialog.getByRole('button', { name: 'Confirmar' }).click();
      await page.getByText('Entrada Registrada').waitFor();
      await expect.poll(() => page.getByRole('button', { name: 'Aprobar la entrada' }).count()).toBe(before - 1);
      expect(await overflow(page)).toBeLessThanOrEqual(0);

      // Listas B/N: a black-list record added, then deleted.
      await open(page, width, 'Listas B/N', 'listas', 'Listas B/N');
      await page.locator('tbody tr').first().waitFor();
      await readable(page);
      await e2e.screenshot(page, `${width}-listas`);
      const idNumber = width > 600 ? '0912345678' : '0923456789';
      await page.goto('/#/guardia/listas/create');
      await page.getByRole('combobox', { name: /Lista/ }).click();
      await page.getByRole('option', { name: 'Lista negra' }).click();
      await page.getByLabel('Cédula').fill(idNumber);
      await page.getByLabel('Nombre').fill('Visitante de prueba');
      await page.getByLabel('Motivo').fill('Prueba de la consola de guardia.');
      await e2e.screenshot(page, `${width}-lista-nueva`);
      await page.getByRole('button', { name: 'Guardar' }).click();
      const row = page.locator('tbody tr').filter({ hasText: idNumber });
      await row.first().waitFor();
      await row.getByRole('button', { name: 'Eliminar' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
      await expect.poll(() => row.count()).toBe(0);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      expect(e2e.pageErrors).toEqual([]);
    }, 180_000);
  }

  it("shows platform staff every complex's panic alerts (/superAdmin/allPanics)", async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, 'superadmin@demo.test');
    await page.waitForURL(/#\/superAdmin\//);
    await page.getByRole('menuitem', { name: 'AllPanicAlerts', exact: true }).click();
    await page.waitForURL(/#\/superAdmin\/allPanics/);
    // The demo's open alert of La Colina and the closed one of Los Álamos.
    await page.locator('tbody tr').filter({ hasText: 'Conjunto La Colina' }).first().waitFor();
    await page.locator('tbody tr').filter({ hasText: 'Conjunto Los Álamos' }).first().waitFor();
    await readable(page);
    await e2e.screenshot(page, 'superadmin-allpanics');
    expect(e2e.pageErrors).toEqual([]);
  }, 120_000);

  it('shows the office every early visit and the board the novedades, read-only', async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(/#\/administrador\//);
    await pickComplex(page, 'Conjunto Los Álamos');
    await page.goto('/#/administrador/visitasAnticipadas');
    await page.getByText('Visitas anticipadas').first().waitFor();
    await page.locator('tbody tr').first().waitFor();
    // Every visit, with its status (the guard's list is today's pending ones).
    await page.getByText('Pendiente').first().waitFor();
    await readable(page);
    await e2e.screenshot(page, 'office-visitas');

    const board = await e2e.newPage();
    await board.setViewportSize({ width: 1366, height: 900 });
    await signIn(board, 'directiva@demo.test');
    await board.waitForURL(/#\/directiva\//);
    await pickComplex(board, 'Conjunto Los Álamos');
    await board.getByRole('menuitem', { name: 'Novedades', exact: true }).click();
    await board.locator('tbody tr').first().waitFor();
    expect(await board.getByRole('link', { name: 'Crear' }).count()).toBe(0);
    await readable(board);
    await e2e.screenshot(board, 'board-novedades');
    expect(e2e.pageErrors).toEqual([]);
  }, 120_000);
});
