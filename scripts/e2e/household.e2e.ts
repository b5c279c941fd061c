// A household in the browser (issue 12, family and approvers): on the resident's detail of residente@demo.test,
// the administrator adds a family member (meeting '¡Ya existe esta persona en el registro!' on a repeated cédula)
// and saves two approvers through the shared modal, one typed as a single full name that the modal splits.
// Photographed at 1366x900 and at 390 px (./screenshots/household-*.png).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, pickComplex, signIn, startE2E } from './harness.ts';

const ALAMOS = 'Conjunto Los Álamos';
let e2e: E2E;
let residentId: string;

beforeAll(async () => {
  e2e = await startE2E('household');
  [{ id: residentId }] = await e2e.sql<{ id: string }>("select id from users where email = 'residente@demo.test'");
});
afterAll(async () => {
  await e2e?.close();
}, 60_000);

const panel = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

describe('family and approvers on the resident detail', () => {
  it('an administrator adds a family member and saves approvers through the modal', async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(/#\/administrador\/dashboard/);
    await pickComplex(page, ALAMOS);
    await page.goto(`/#/administrador/residente/${residentId}`);
    const family = panel(page, 'Familiares');
    await family.getByRole('list').waitFor();
    const before = await family.getByRole('listitem').count();
    expect(before).toBeGreaterThan(0);
    await e2e.screenshot(page, 'detail-1366');

    await family.getByRole('button', { name: 'Agregar familiar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Rosa');
    await dialog.getByRole('textbox', { name: 'Apellido' }).fill('Paredes');
    await dialog.getByRole('textbox', { name: 'Cédula' }).fill('17-99');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('¡Solo se permiten números!').waitFor();
    await dialog.getByRole('textbox', { name: 'Cédula' }).fill('1799999555');
    await dialog.getByRole('textbox', { name: 'Parentesco' }).fill('Madre');
    await e2e.screenshot(page, 'family-dialog');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await family.getByText('Rosa Paredes').waitFor();
    expect(await family.getByRole('listitem').count()).toBe(before + 1);

    // The same cédula again: the server's message, on the field.
    await family.getByRole('button', { name: 'Agregar familiar' }).click();
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Otra');
    await dialog.getByRole('textbox', { name: 'Apellido' }).fill('Persona');
    await dialog.getByRole('textbox', { name: 'Cédula' }).fill('1799999555');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('¡Ya existe esta persona en el registro!').first().waitFor();
    await e2e.screenshot(page, 'family-duplicate');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    const approvers = panel(page, 'Aprobadores');
    await approvers.getByRole('button', { name: 'Editar aprobadores' }).click();
    const modal = page.getByRole('dialog');
    const first = modal.getByRole('textbox', { name: 'Nombre' });
    const last = modal.getByRole('textbox', { name: 'Apellido' });
    for (let i = 0; i < 5; i++) {
      await first.nth(i).fill('');
      await last.nth(i).fill('');
    }
    await first.nth(0).fill('Ana María Mora Vega');
    await first.nth(0).blur();
    await expect.poll(() => last.nth(0).inputValue()).toBe('Mora Vega');
    expect(await first.nth(0).inputValue()).toBe('Ana María');
    await first.nth(1).fill('Luis');
    await modal.getByRole('button', { name: 'Guardar' }).click();
    await modal.getByText('¡Se requiere este campo!').waitFor();
    await e2e.screenshot(page, 'approvers-modal');
    await last.nth(1).fill('Vega');
    await modal.getByRole('button', { name: 'Guardar' }).click();
    await approvers.getByText('Ana María Mora Vega').waitFor();
    await approvers.getByText('Luis Vega').waitFor();
    const saved = await e2e.sql<{ name: string }>(
      "select first_name || ' ' || last_name as name from approvers where resident_id = ? order by position",
      [residentId],
    );
    expect(saved.map((r) => r.name)).toEqual(['Ana María Mora Vega', 'Luis Vega']);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await panel(page, 'Familiares').getByRole('list').waitFor();
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(scroll).toBeLessThanOrEqual(0);
    await e2e.screenshot(page, 'detail-390');
    await panel(page, 'Aprobadores').getByRole('button', { name: 'Editar aprobadores' }).click();
    await e2e.screenshot(page, 'approvers-modal-390');
    expect(e2e.pageErrors).toEqual([]);
  });
});
