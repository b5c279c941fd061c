// Issue 12: a resident signs in on the same page as the staff and lands on /residente, the phone-friendly area of
// the admin: Inicio (greeting, unit, balance), Mi hogar (their statement, charges and transfer report) and Mi perfil
// (their data, phone and notification e-mails). At 390 px the page never scrolls sideways and a bottom bar replaces
// the drawer. Staff opening /residente, and the resident opening /administrador, are sent to the refusal page.
// Screenshots: ./screenshots/resident-area-<width>-<screen>.png.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, pickComplex, settled, signIn, startE2E } from './harness.ts';

let e2e: E2E;

// A loaded machine seeds the demo slowly.
beforeAll(async () => {
  e2e = await startE2E('resident-area');
}, 300_000);

afterAll(async () => {
  await e2e?.close();
});

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Waits for the screen's data (no skeleton left), then photographs it with no hover. */
async function settle(page: Page, name: string, width: number) {
  await page.locator('#main-content').waitFor();
  await settled(page);
  await expect.poll(() => page.locator('#main-content .MuiSkeleton-root').count(), { timeout: 15_000 }).toBe(0);
  await page.mouse.move(width - 1, 0);
  expect(await overflow(page), name).toBeLessThanOrEqual(0);
  await e2e.screenshot(page, `${width}-${name}`);
}

describe('the resident area (/residente)', () => {
  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ] as const)
    it(`signs a resident in to /residente and shows their profile and statement at ${width} px`, async () => {
      const page = await e2e.newPage();
      await page.setViewportSize({ width, height });
      await signIn(page, 'residente@demo.test');
      await page.waitForURL(/#\/residente\/dashboard/);
      // Inicio: greeting, their unit and the balance in brief.
      await page.getByRole('heading', { name: /^Hola, / }).waitFor();
      await expect.poll(() => page.getByTestId('resident-unit').innerText()).toMatch(/^U\.H\. Casa 1 · Propietario$/);
      await page.getByText('Mi saldo').waitFor();
      await settle(page, 'inicio', width);
      const phone = width < 600;
      // On a phone a bottom bar leads to the area's screens; on a laptop, the drawer.
      const nav = phone ? page.getByRole('navigation', { name: 'Navegación del residente' }) : page.locator('.MuiDrawer-root');
      if (phone) expect(await page.getByRole('button', { name: 'Abrir menú' }).isVisible()).toBe(false);
      await nav.getByText('Mi hogar', { exact: true }).click();
      await page.waitForURL(/#\/residente\/hogar/);
      const statement = page.getByRole('region', { name: 'Estado de cuenta' });
      await statement.getByTestId('accounting-statement').waitFor();
      await expect.poll(() => statement.innerText()).toMatch(/U\.H\. Casa 1/);
      await page.getByRole('region', { name: 'Valores pendientes y por vencer' }).waitFor();
      await page.getByRole('region', { name: 'Reporte de transferencias' }).waitFor();
      await settle(page, 'hogar', width);
      // A dozen sections open with their index: a tap on one brings it into view.
      const index = page.getByRole('navigation', { name: 'Secciones de la página' });
      const documents = page.getByRole('region', { name: 'Documentos del conjunto' });
      await index.getByRole('button', { name: 'Documentos del conjunto' }).click();
      await expect
        .poll(() => documents.evaluate((el) => Math.round(el.getBoundingClientRect().top)), { timeout: 5000 })
        .toBeLessThan(height);
      await nav.getByText('Mi perfil', { exact: true }).click();
      await page.waitForURL(/#\/residente\/perfil/);
      await expect.poll(() => page.getByTestId('profile-email').innerText()).toBe('residente@demo.test');
      await settle(page, 'perfil', width);
      // The phone is theirs to change.
      const phoneInput = page.getByLabel('Teléfono');
      await phoneInput.fill(`099${width}`);
      await page.getByRole('button', { name: 'Guardar' }).first().click();
      await page.getByText('Datos guardados.').waitFor();
      const [row] = await e2e.sql<{ phone: string }>("select phone from users where email = 'residente@demo.test'");
      expect(row.phone).toBe(`099${width}`);
      expect(e2e.pageErrors).toEqual([]);
    }, 300_000);

  it('sends the resident away from /administrador and the staff away from /residente', async () => {
    const resident = await e2e.newPage();
    await signIn(resident, 'residente@demo.test');
    await resident.waitForURL(/#\/residente\/dashboard/);
    await resident.goto('/#/administrador/dashboard');
    await resident.waitForURL(/#\/error/);
    const admin = await e2e.newPage();
    await signIn(admin, 'admin@demo.test');
    await admin.waitForURL(/#\/administrador\/dashboard/);
    await admin.goto('/#/residente/dashboard');
    await admin.waitForURL(/#\/error/);
    await e2e.screenshot(admin, 'staff-refused');
  }, 300_000);

  it("shows the unit's charges, statement and transfers on the administrator's resident detail", async () => {
    const admin = await e2e.newPage();
    await admin.setViewportSize({ width: 390, height: 844 });
    await signIn(admin, 'admin@demo.test');
    await admin.waitForURL(/#\/administrador\/dashboard/);
    await pickComplex(admin, 'Conjunto Los Álamos');
    await admin.goto('/#/administrador/residente');
    await admin.getByRole('row').filter({ hasText: 'residente@demo.test' }).click();
    await admin.waitForURL(/#\/administrador\/residente\/[^/]+$/);
    const statement = admin.getByRole('region', { name: 'Estado de cuenta' });
    await expect.poll(() => statement.innerText(), { timeout: 15_000 }).toMatch(/U\.H\. Casa 1/);
    await admin.getByRole('region', { name: 'Valores pendientes y por vencer' }).waitFor();
    await admin.getByRole('region', { name: 'Transferencias reportadas' }).waitFor();
    await settle(admin, 'admin-detalle', 390);
    expect(e2e.pageErrors).toEqual([]);
  }, 300_000);
});
