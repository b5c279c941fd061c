// Issue reports in the browser (issue 14): residente@demo.test files a damage report with a photo from Mi hogar;
// admin@demo.test moves it Pendiente -> En progreso -> Completado with observations; the resident rates it and sees
// it Calificado with the rating. Screenshots at 1366 and 390 px of the list, the detail and the dialogs:
// ./screenshots/issue-reports-<width>-<screen>.png.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, openOfficeBell, pickComplex, settled, signIn, startE2E } from './harness.ts';

const ALAMOS = 'Conjunto Los Álamos';
const DETAIL = `Baldosa rota en la entrada del bloque C (${Date.now().toString(36)})`;
let e2e: E2E;
let resident: Page;
let admin: Page;

beforeAll(async () => {
  e2e = await startE2E('issue-reports');
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

const region = (page: Page) => page.getByRole('region', { name: 'Informe de problemas' });
const myReport = (page: Page) => region(page).getByTestId('resident-issue').filter({ hasText: DETAIL });

async function openHome(page: Page) {
  await page.goto('/#/residente/hogar');
  await page.reload();
  await region(page).waitFor();
}

describe('issue reports: from Pendiente to Calificado', () => {
  it('the resident files a report with a photo from Mi hogar (390 px)', async () => {
    resident = await e2e.newPage();
    await resident.setViewportSize({ width: 390, height: 844 });
    await signIn(resident, 'residente@demo.test');
    await resident.waitForURL(/#\/residente\/dashboard/);
    await openHome(resident);
    await region(resident).getByTestId('resident-issue').first().waitFor();
    await region(resident).scrollIntoViewIfNeeded();
    await shot(resident, 'resident-panel');
    await region(resident).getByRole('button', { name: 'Nuevo reporte' }).click();
    const dialog = resident.getByRole('dialog', { name: 'Nuevo reporte' });
    await dialog.waitFor();
    // Sending empty marks the required fields.
    await dialog.getByRole('button', { name: 'Enviar reporte' }).click();
    await expect.poll(() => dialog.getByText('¡Este campo es requerido!').count()).toBe(2);
    await dialog.getByTestId('issue-category').click();
    await resident.getByRole('option', { name: 'Reclamos' }).click();
    await dialog.getByTestId('issue-detail').fill(DETAIL);
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#8d6e63' } })
      .png()
      .toBuffer();
    await dialog.getByTestId('issue-photo').setInputFiles({ name: 'baldosa.png', mimeType: 'image/png', buffer: photo });
    await dialog.getByText('baldosa.png').waitFor();
    await shot(resident, 'resident-create-dialog');
    await dialog.getByRole('button', { name: 'Enviar reporte' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => myReport(resident).getByTestId('issue-status').innerText()).toBe('Pendiente');
    await myReport(resident).getByRole('img').waitFor();
    const [row] = await e2e.sql<{ status: number; photo: string | null }>(
      'select status, photo_file_id as photo from issue_reports where detail = ?',
      [DETAIL],
    );
    expect(row.status).toBe(0);
    expect(row.photo).not.toBeNull();
  });

  it('the administrator moves it Pendiente → En progreso → Completado with observations (1366 px)', async () => {
    admin = await e2e.newPage();
    await admin.setViewportSize({ width: 1366, height: 900 });
    await signIn(admin, 'admin@demo.test');
    await admin.waitForURL(/#\/administrador\/dashboard/);
    await pickComplex(admin, ALAMOS);
    await admin.goto('/#/administrador/informeProblemas');
    const row = admin.getByRole('row').filter({ hasText: DETAIL });
    await row.waitFor();
    await expect.poll(() => row.getByTestId('issue-status').innerText()).toBe('Pendiente');
    await shot(admin, 'list');
    // The office's bell lists it among the pending damage reports (spec 000 §2.9).
    const bell = await openOfficeBell(admin);
    await bell.getByText('Reportes de daños pendientes').waitFor();
    await bell.getByText(DETAIL.slice(0, 30), { exact: false }).first().waitFor();
    await shot(admin, 'bell');
    await admin.keyboard.press('Escape');
    // The office may file one for a unit too: the dialog marks the unit, category and detail as required.
    await admin.getByRole('button', { name: 'Nuevo reporte' }).click();
    const create = admin.getByRole('dialog', { name: 'Nuevo reporte' });
    await create.getByRole('button', { name: 'Enviar reporte' }).click();
    await expect.poll(() => create.getByText('¡Este campo es requerido!').count()).toBe(3);
    await shot(admin, 'create-dialog');
    // The unit is searched on the server as the office types.
    const unitInput = create.getByRole('combobox', { name: /U\.H\./ });
    await unitInput.fill('Casa 12');
    await expect.poll(() => admin.getByRole('option', { name: 'Casa 9', exact: true }).count()).toBe(0);
    await admin.getByRole('option', { name: /^Casa 12( ·|$)/ }).click();
    await expect.poll(() => unitInput.inputValue()).toMatch(/^Casa 12( ·|$)/);
    await create.getByRole('button', { name: 'Cancelar' }).click();
    await create.waitFor({ state: 'detached' });
    await row.click();
    const dialog = admin.getByRole('dialog', { name: /Reporte de daños/ });
    await dialog.waitFor();
    await dialog.getByRole('img', { name: 'Imagen' }).waitFor();
    await expect
      .poll(() => dialog.getByRole('img', { name: 'Imagen' }).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await shot(admin, 'detail-pendiente');
    await dialog.getByRole('button', { name: 'Iniciar (En progreso)' }).click();
    await expect.poll(() => dialog.getByTestId('issue-status').innerText()).toBe('En progreso');
    await dialog.getByTestId('issue-observations').fill('Se cambió la baldosa y se selló la junta.');
    await dialog.getByRole('button', { name: 'Completar' }).click();
    await expect.poll(() => dialog.getByTestId('issue-status').innerText()).toBe('Completado');
    // No way back: the moves are gone.
    expect(await dialog.getByRole('button', { name: 'Iniciar (En progreso)' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Completar' }).count()).toBe(0);
    await shot(admin, 'detail-completado');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect.poll(() => row.getByTestId('issue-status').innerText()).toBe('Completado');
    // The resident was pushed at each move.
    const pushes = await e2e.sql<{ title: string }>(
      "select p.title from push_outbox p join issue_reports r on r.id::text = p.data->>'reportId' where r.detail = ? order by p.created_at",
      [DETAIL],
    );
    expect(pushes.map((p) => p.title)).toEqual(['Reporte en progreso', 'Reporte completado']);
  });

  it('the resident sees the observations and rates it: Calificado with the rating', async () => {
    await openHome(resident);
    const item = myReport(resident);
    await expect.poll(() => item.getByTestId('issue-status').innerText()).toBe('Completado');
    await item.getByText('Se cambió la baldosa y se selló la junta.', { exact: false }).waitFor();
    await item.getByRole('button', { name: 'Calificar' }).click();
    const dialog = resident.getByRole('dialog', { name: 'Calificar la atención' });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: 'Bueno' }).dispatchEvent('click');
    await dialog.getByText('Bueno', { exact: true }).last().waitFor();
    await shot(resident, 'resident-rate-dialog');
    await dialog.getByRole('button', { name: 'Calificar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => item.getByTestId('issue-status').innerText()).toBe('Calificado');
    await expect.poll(() => item.getByTestId('issue-rating').innerText()).toContain('Bueno');
    await item.scrollIntoViewIfNeeded();
    await shot(resident, 'resident-rated');
    const [row] = await e2e.sql<{ status: number; rating: number }>('select status, rating from issue_reports where detail = ?', [
      DETAIL,
    ]);
    expect(row).toEqual({ status: 3, rating: 4 });
    // The office sees it rated too, live.
    const adminRow = admin.getByRole('row').filter({ hasText: DETAIL });
    await expect.poll(() => adminRow.getByTestId('issue-status').innerText()).toBe('Calificado');
    await expect.poll(() => adminRow.getByTestId('issue-rating').innerText()).toContain('Bueno');
  });

  it('the office screens at 390 px and the resident panel at 1366 px', async () => {
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.reload();
    const row = admin.getByRole('row').filter({ hasText: DETAIL });
    await row.waitFor();
    await shot(admin, 'list');
    await row.click();
    await admin.getByRole('dialog', { name: /Reporte de daños/ }).waitFor();
    await shot(admin, 'detail');
    // A list that fails to load says the spec's text (000 §8).
    const list = /\/issue-reports\?/;
    await admin.route(list, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Fallo","code":"INTERNAL"}' }),
    );
    await admin.reload();
    await admin.getByText('Error al cargar los reportes de daños').first().waitFor();
    await admin.unroute(list);
    await resident.setViewportSize({ width: 1366, height: 900 });
    await openHome(resident);
    await myReport(resident).waitFor();
    await shot(resident, 'resident-panel');
  });
});
