// The archive in the browser: an administrator of Los Álamos opens Archivo, sees the demo's folders and documents
// with their sizes and visibility, opens a folder, opens the upload dialog (required fields marked); the page fits
// a phone. A resident finds the visible documents in their area. Screenshots: ./screenshots/archive-<name>.png.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, pickComplex, SCREENSHOTS, signIn, startE2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E('archive');
}, 300_000);
afterAll(() => e2e?.close());

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('archive', () => {
  it('shows folders and documents to the office, and the upload dialog', async () => {
    const admin = await e2e.newPage();
    await admin.setViewportSize({ width: 1366, height: 900 });
    await signIn(admin, 'admin@demo.test');
    await pickComplex(admin, 'Conjunto Los Álamos');
    await admin.goto('/#/administrador/archivo');
    await admin.getByText('Reglamento interno').waitFor();
    await admin
      .getByTestId('archive-folders')
      .getByText(/Actas de asamblea/)
      .waitFor();
    expect(await admin.getByText(/^\d+(\.\d{2} KB| bytes)$/).count()).toBeGreaterThan(0);
    await e2e.screenshot(admin, '1366-list');
    await admin
      .getByTestId('archive-folders')
      .getByText(/Actas de asamblea/)
      .click();
    await admin.getByText('Acta de la asamblea ordinaria').waitFor();
    await expect.poll(() => admin.locator('tbody tr').count()).toBe(2);
    await e2e.screenshot(admin, '1366-folder');
    await admin.getByRole('button', { name: 'Subir documento' }).click();
    await admin.getByRole('dialog').waitFor();
    await e2e.screenshot(admin, '1366-upload');
    await admin.keyboard.press('Escape');
    // The spec's other path to the same screen.
    await admin.goto('/#/administrador/repositorio');
    await admin.getByText('Contrato de guardianía').waitFor();
    await admin.setViewportSize({ width: 390, height: 844 });
    // The folder shown is the screen's own state: a reload starts again at the top level.
    await admin.reload();
    await admin.getByText('Reglamento interno').waitFor();
    await e2e.screenshot(admin, '390-list');
    expect(await overflow(admin)).toBeLessThanOrEqual(0);
    expect(e2e.pageErrors).toEqual([]);
  }, 180_000);

  it("lists the visible documents in the resident's area", async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'residente@demo.test');
    await page.waitForURL(/#\/residente\/dashboard/);
    await page.goto('/#/residente/hogar');
    const region = page.getByRole('region', { name: 'Documentos del conjunto' });
    await region.getByText('Reglamento interno').waitFor();
    expect(await region.getByText('Contrato de guardianía').count()).toBe(0);
    await region.scrollIntoViewIfNeeded();
    await region.screenshot({ path: join(SCREENSHOTS, 'archive-390-resident.png') });
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  }, 120_000);
});
