// The archive in the browser: an administrator of Los Álamos opens Archivo, sees the demo's folders and documents
// with their sizes and visibility, opens a folder, opens the upload dialog (required fields marked); the page fits
// a phone. A new folder (Enter pressed twice while saving) is created once; a real PDF uploaded through the dialog
// is listed in it with its size. A resident finds the visible documents in their area.
// Screenshots: ./screenshots/archive-<name>.png.
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBytes } from '../../plugins/archive/size.ts';
import { type E2E, pickComplex, SCREENSHOTS, signIn, startE2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E('archive');
}, 300_000);
afterAll(() => e2e?.close());

/** A small real PDF (one page of text), as pdfkit writes it. */
const smallPdf = () =>
  new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', info: { Title: 'Informe mensual' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(14).text('Informe mensual de administración — noviembre');
    doc.end();
  });

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

  it('creates a folder once (Enter twice while saving) and uploads a real PDF into it, listed with its size', async () => {
    const admin = await e2e.newPage();
    await admin.setViewportSize({ width: 1366, height: 900 });
    await signIn(admin, 'admin@demo.test');
    await pickComplex(admin, 'Conjunto Los Álamos');
    await admin.goto('/#/administrador/archivo');
    await admin.getByText('Reglamento interno').waitFor();
    const folderPosts: string[] = [];
    admin.on('request', (r) => {
      if (r.method() === 'POST' && /\/archive-folders$/.test(new URL(r.url()).pathname)) folderPosts.push(r.url());
    });
    await admin.getByRole('button', { name: 'Nueva carpeta' }).click();
    const name = admin.getByRole('dialog').getByLabel(/Nombre/);
    await name.fill('Informes 2026');
    // Two Enters in the same instant (a double key press): both reach the field before the first answer.
    await name.evaluate((input) => {
      for (let i = 0; i < 2; i++) input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    // Saved, the new folder is opened: the breadcrumb ends with it.
    await admin.getByTestId('archive-folders').getByText('Informes 2026').waitFor();
    await admin.getByText('Carpeta creada').waitFor();
    expect(folderPosts).toHaveLength(1);
    expect(await admin.getByText('Ya existe una carpeta con ese nombre en esta ubicación.').count()).toBe(0);

    const pdf = await smallPdf();
    await admin.getByRole('button', { name: 'Subir documento' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog
      .getByTestId('archive-file')
      .setInputFiles({ name: 'informe-mensual.pdf', mimeType: 'application/pdf', buffer: pdf });
    // The title is taken from the file's name; the folder shown is preselected.
    await expect.poll(() => dialog.getByLabel(/Título/).inputValue()).toBe('informe-mensual');
    await dialog.getByText(`informe-mensual.pdf (${formatBytes(pdf.length)})`).waitFor();
    await e2e.screenshot(admin, '1366-upload-pdf');
    await dialog.getByRole('button', { name: 'Subir documento' }).click();
    await admin.getByText('Documento subido correctamente').waitFor();
    const row = admin.locator('tbody tr', { hasText: 'informe-mensual' });
    await row.waitFor();
    await expect.poll(() => admin.locator('tbody tr').count()).toBe(1);
    const cells = await row.locator('td').allInnerTexts();
    expect(cells).toContain(formatBytes(pdf.length));
    expect(cells).toContain('Informes 2026');
    // The upload date as the rest of the admin shows dates: dd/MM/yyyy HH:mm (Guayaquil).
    expect(cells.some((c) => /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/.test(c.trim()))).toBe(true);
    await e2e.screenshot(admin, '1366-uploaded');
    const [stored] = await e2e.sql<{ size_bytes: string; filename: string }>(
      'select size_bytes, filename from archive_documents where title = ?',
      ['informe-mensual'],
    );
    expect(stored).toEqual({ size_bytes: expect.anything(), filename: 'informe-mensual.pdf' });
    expect(Number(stored.size_bytes)).toBe(pdf.length);
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
