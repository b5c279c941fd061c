// Maintenance in the browser (issue 14): admin@demo.test opens Mantenimiento, creates a plan with a custom RRULE
// (a garbage rule first: the server's message on the field), opens its detail with the dates computed from the rule,
// and marks the pending date of a demo plan done. Screenshots at 1366 and 390 px of the list and the dialogs:
// ./screenshots/maintenance-<width>-<screen>.png.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, pickComplex, settled, signIn, startE2E } from './harness.ts';

const BOSQUE = 'Conjunto El Bosque';
let e2e: E2E;
let admin: Page;

beforeAll(async () => {
  e2e = await startE2E('maintenance');
}, 300_000);
afterAll(async () => {
  await e2e?.close();
});

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
async function shot(page: Page, name: string) {
  await settled(page);
  await expect.poll(() => page.locator('.MuiSkeleton-root').count(), { timeout: 15_000 }).toBe(0);
  const width = page.viewportSize()?.width ?? 0;
  await page.mouse.move(width - 1, 0);
  expect(await overflow(page), name).toBeLessThanOrEqual(0);
  await e2e.screenshot(page, `${width}-${name}`);
}

describe('maintenance plans', () => {
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const)
    it(`lists, creates with an RRULE, shows the dates and marks one done at ${width} px`, async () => {
      admin = await e2e.newPage();
      await admin.setViewportSize({ width, height });
      await signIn(admin, 'admin@demo.test');
      await admin.waitForURL(/#\/administrador\/dashboard/);
      await pickComplex(admin, BOSQUE);
      await admin.goto('/#/administrador/mantenimiento');
      await admin.getByText('Mantenimiento de ascensores').first().waitFor();
      // The plan that ended 3 months ago is listed (spec 002 §9), with its state.
      await admin.getByText('Pintura de fachadas').first().waitFor();
      await shot(admin, 'list');

      await admin.getByRole('button', { name: 'Nuevo mantenimiento' }).click();
      const form = admin.getByRole('dialog', { name: 'Nuevo mantenimiento' });
      await form.waitFor();
      const title = `Revisión de extintores ${width}`;
      await form.getByLabel(/^Título/).fill(title);
      await form.getByLabel(/^Recurrencia/).click();
      await admin.getByRole('option', { name: 'Personalizada' }).click();
      await form.getByLabel(/^Regla de recurrencia/).fill('FREQ=SECONDLY');
      await form.getByLabel(/^Proveedor/).fill('Extintores del Ecuador');
      await form.getByLabel(/^Costo/).fill('35.50');
      await shot(admin, 'create-dialog');
      await form.getByRole('button', { name: 'Guardar' }).click();
      await form.getByText('La regla de recurrencia no puede repetirse más de una vez al día.').first().waitFor();
      await form.getByLabel(/^Regla de recurrencia/).fill('FREQ=MONTHLY;BYDAY=1MO');
      await form.getByRole('button', { name: 'Guardar' }).click();
      await form.waitFor({ state: 'detached' });
      await admin.getByText(title).first().click();
      const detail = admin.getByRole('dialog', { name: new RegExp(title) });
      await detail.waitFor();
      await detail.getByText('Próximas fechas').waitFor();
      await expect.poll(() => detail.locator('.MuiChip-root').count()).toBeGreaterThan(5);
      await shot(admin, 'detail-rrule');
      await detail.getByRole('button', { name: 'Cerrar' }).click();

      // A demo plan whose latest date is pending: mark it done.
      await admin.getByText('Limpieza de piscina').first().click();
      const pool = admin.getByRole('dialog', { name: /Limpieza de piscina/ });
      // (The 390 px run comes after the 1366 one marked it.)
      await (width === 1366
        ? pool.getByRole('button', { name: 'Marcar realizado' }).first()
        : pool.getByText('Filtros cambiados', { exact: false })
      ).waitFor();
      await shot(admin, 'detail-pending');
      if (width === 1366) {
        await pool.getByRole('button', { name: 'Marcar realizado' }).first().click();
        const confirm = admin.getByRole('dialog', { name: 'Marcar como realizado' });
        await confirm.getByLabel('Observaciones').fill('Filtros cambiados');
        await shot(admin, 'done-dialog');
        await confirm.getByRole('button', { name: 'Confirmar' }).click();
        await confirm.waitFor({ state: 'detached' });
        await pool.getByText('Filtros cambiados', { exact: false }).waitFor();
        // Its state follows: no date left to do.
        await pool.getByText('Al día', { exact: true }).waitFor();
      }
      await pool.getByRole('button', { name: 'Cerrar' }).click();
      const [{ n }] = await e2e.sql<{ n: number }>(
        "select count(*)::int as n from maintenance_occurrences o join maintenance_plans p on p.id = o.plan_id where p.title = 'Limpieza de piscina' and o.notes = 'Filtros cambiados'",
      );
      expect(n).toBe(1);
    });
});
