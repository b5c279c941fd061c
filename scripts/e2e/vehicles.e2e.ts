// Plates and tags in the browser: an administrator of Los Álamos opens Placas, sees the demo's plates with their
// status, blocks one with a reason from the row's dialog, and the list fits a phone (390 px, no sideways scroll).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, pickComplex, signIn, startE2E } from './harness.ts';

let e2e: E2E;
let admin: Page;
beforeAll(async () => {
  e2e = await startE2E('vehicles');
  admin = await e2e.newPage();
  await signIn(admin, 'admin@demo.test');
  await pickComplex(admin, 'Conjunto Los Álamos');
}, 120_000);
afterAll(() => e2e?.close());

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('plates', () => {
  it('lists the plates, blocks one with a reason, and fits a phone', async () => {
    await admin.goto('/#/administrador/dashboard');
    // The drawer's entries, in the access group.
    await admin.getByRole('menuitem', { name: 'Placas', exact: true }).waitFor();
    expect(await admin.getByRole('menuitem', { name: 'Tags', exact: true }).count()).toBe(1);
    await admin.goto('/#/administrador/placas');
    const rows = admin.locator('tbody tr');
    await rows.first().waitFor();
    await e2e.screenshot(admin, 'list');
    // An active plate's row (the demo's statuses are random; 'Desbloquear' must not match).
    const block = admin.getByRole('button', { name: 'Bloquear', exact: true });
    const active = rows.filter({ has: block }).first();
    const value = (await active.locator('td').first().innerText()).trim();
    await active.getByRole('button', { name: 'Bloquear', exact: true }).click();
    await admin.getByLabel('Motivo del bloqueo').fill('Vehículo vendido');
    await e2e.screenshot(admin, 'block-dialog');
    await admin.getByRole('dialog').getByRole('button', { name: 'Bloquear' }).click();
    await admin.getByText('Placa bloqueada').waitFor();
    const [row] = await e2e.sql<{ status: string; block_reason: string }>(
      'select status, block_reason from plates where value = ?',
      [value],
    );
    expect(row).toEqual({ status: 'blocked', block_reason: 'Vehículo vendido' });
    await admin.getByRole('button', { name: 'Importar' }).click();
    await admin.getByRole('dialog').waitFor();
    await e2e.screenshot(admin, 'import-dialog');
    await admin.keyboard.press('Escape');
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto('/#/administrador/tags');
    await admin.locator('tbody tr, .RaList-content').first().waitFor();
    await e2e.screenshot(admin, 'tags-phone');
    expect(await overflow(admin)).toBeLessThanOrEqual(0);
    expect(e2e.pageErrors).toEqual([]);
  }, 120_000);
});
