// Biometrics in the browser, on 'Conjunto Los Álamos' as admin@demo.test: create a face with a photo on two
// devices, see its card, edit it, delete it from one device; then a bulk import of a generated ZIP (30 rows)
// through the five-step wizard, whose progress badge reaches 'completed'. Screenshots: ./screenshots/biometrics-*.png.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER_ROW } from '../../plugins/biometrics/rules.ts';
import { TEMPLATE_COLUMNS } from '../../plugins/biometrics/server/spreadsheets.ts';
import { type E2E, pickComplex, signIn, startE2E } from './harness.ts';

const ALAMOS = 'Conjunto Los Álamos';
const PERSON = { nombre: 'Gabriela E2E Vera', identificacion: '1755500011' };
const IMPORTED = 30;

let e2e: E2E;
let page: Page;
let alamosId: string;
let work: string;
let devices: { id: string; name: string }[];

const shot = async (name: string) => {
  await page.waitForTimeout(300);
  await e2e.screenshot(page, name);
};

/** A portrait-like PNG (sharp draws the SVG). */
const portrait = (hue: number, width = 900, height = 1100) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="hsl(${hue},50%,80%)"/><ellipse cx="${width / 2}" cy="${height * 0.42}" rx="${width * 0.25}" ry="${height * 0.28}" fill="#e0ac69"/><circle cx="${width * 0.42}" cy="${height * 0.4}" r="14" fill="#333"/><circle cx="${width * 0.58}" cy="${height * 0.4}" r="14" fill="#333"/></svg>`,
    ),
  );

/** A ZIP shaped like the template: plantilla.xlsx (sheet 'Rostros', header on row 4) and one photo per row. */
async function importZip(rows: number): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Rostros');
  sheet.getRow(HEADER_ROW).values = [...TEMPLATE_COLUMNS];
  const zip = new JSZip();
  for (let i = 0; i < rows; i++) {
    sheet.getRow(HEADER_ROW + 1 + i).values = [
      `Importado E2E ${i + 1}`,
      String(1766600000 + i),
      'Casa 2',
      '1,S1',
      i % 2 ? 'familiar' : '',
      '',
      `foto_${i + 1}.jpg`,
      '',
    ];
    zip.file(
      `fotos/foto_${i + 1}.jpg`,
      await portrait((i * 37) % 360, 600, 800)
        .jpeg()
        .toBuffer(),
    );
  }
  zip.file('plantilla.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
  const path = join(work, 'rostros.zip');
  writeFileSync(path, await zip.generateAsync({ type: 'nodebuffer' }));
  return path;
}

/** Toggles options of the MUI multi-select labelled `label`, then closes it. */
async function pick(label: string, options: string[]) {
  // By its role: its open list carries the same label. (A required one's label ends in ' *'.)
  await page.getByRole('combobox', { name: new RegExp(`^${label}(\\s*\\*)?$`) }).click();
  // By the option's first line (device options add their location and IP below the name).
  for (const option of options)
    await page
      .getByRole('option')
      .filter({ has: page.getByText(option, { exact: true }) })
      .click();
  await page.keyboard.press('Escape');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

beforeAll(async () => {
  e2e = await startE2E('biometrics');
  work = mkdtempSync(join(tmpdir(), 'conjunto-e2e-bio-'));
  alamosId = await e2e.complexId(ALAMOS);
  // Two active devices on the controller that answers.
  devices = await e2e.sql(
    `select d.id, d.name from biometric_devices d join biometric_controllers c on c.id = d.controller_id
      where d.complex_id = ? and d.status = 'active' and c.ip not like '10.255.%' order by d.name`,
    [alamosId],
  );
  page = await e2e.newPage();
  await signIn(page, 'admin@demo.test');
  await pickComplex(page, ALAMOS);
  await page.goto('/#/administrador/rostros');
});

afterAll(async () => {
  await e2e?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('biometrics', () => {
  it('creates a face on two devices, shows its card, edits it and deletes it from one device', async () => {
    expect(devices).toHaveLength(2);
    await page.getByText('Sistema de Control de Acceso Inteligente').waitFor();
    // The demo's people are on the grid (12 per page).
    await expect.poll(() => page.getByRole('button', { name: 'Ver detalles' }).count()).toBe(12);
    await shot('faces');

    await page.getByRole('button', { name: 'Nuevo Rostro' }).click();
    const photo = join(work, 'rostro.png');
    await portrait(200).png().toFile(photo);
    await page.locator('input[type=file]').setInputFiles(photo);
    await page.getByText('Nueva imagen').waitFor();
    await page.getByRole('textbox', { name: 'Nombre' }).fill(PERSON.nombre);
    await page.getByRole('textbox', { name: 'Identificación' }).fill(PERSON.identificacion);
    await pick('Pisos', ['Subsuelo 1', 'Piso 2']);
    // Only the devices that can take a face now: 'Torre B - Lobby' is active but its controller does not answer.
    await page.getByRole('combobox', { name: /^Dispositivos biométricos/ }).click();
    await page.getByRole('option').filter({ hasText: devices[0].name }).waitFor();
    expect(await page.getByRole('option').filter({ hasText: 'Torre B - Lobby' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await pick(
      'Dispositivos biométricos',
      devices.map((d) => d.name),
    );
    await shot('face-new');
    await page.getByRole('button', { name: 'Crear' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // Its card, found by the search.
    await page.getByPlaceholder(/Buscar/).fill('E2E Vera');
    const card = page.getByTestId('face-card').filter({ hasText: PERSON.nombre });
    await expect.poll(() => card.count()).toBe(1);
    await expect.poll(() => card.innerText()).toContain(PERSON.identificacion);
    await shot('face-card');
    const [stored] = await e2e.sql<{ devices: number; size: number }>(
      `select (select count(*)::int from face_devices fd where fd.face_id = f.id) as devices, fl.size
         from faces f join files fl on fl.id = f.photo_file_id where f.identificacion = ?`,
      [PERSON.identificacion],
    );
    expect(stored.devices).toBe(2);
    expect(Number(stored.size)).toBeLessThanOrEqual(500 * 1024);

    // Edit: a new name; the identification is locked.
    await card.getByRole('button', { name: 'Editar' }).click();
    await expect(page.getByRole('textbox', { name: 'Identificación' }).isDisabled()).resolves.toBe(true);
    await page.getByRole('textbox', { name: 'Nombre' }).fill(`${PERSON.nombre} Mora`);
    await page.getByRole('button', { name: 'Actualizar Información' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => card.innerText()).toContain(`${PERSON.nombre} Mora`);
    await expect
      .poll(
        async () =>
          (await e2e.sql<{ nombre: string }>('select nombre from faces where identificacion = ?', [PERSON.identificacion]))[0]
            ?.nombre,
      )
      .toBe(`${PERSON.nombre} Mora`);

    // Delete from one device (the dialog starts with both chosen: keep the second): it completes and closes by itself.
    await card.getByRole('button', { name: 'Eliminar' }).click();
    await pick('Dispositivos', [devices[0].name]);
    await shot('face-delete');
    await page.getByRole('button', { name: 'Eliminar de 1 dispositivo(s)' }).click();
    await page.getByText('Eliminación Completada').waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 5000 });
    await page.getByText('Rostro eliminado en 1 dispositivo(s)').first().waitFor();
    const left = await e2e.sql<{ device_id: string }>(
      'select fd.device_id from face_devices fd join faces f on f.id = fd.face_id where f.identificacion = ?',
      [PERSON.identificacion],
    );
    expect(left.map((r) => r.device_id)).toEqual([devices[0].id]);
    await expect.poll(() => card.innerText()).toContain('1');
    await shot('face-after-delete');
  });

  it('imports a generated ZIP through the wizard and follows the job to completed', async () => {
    const zip = await importZip(IMPORTED);
    await page.getByPlaceholder(/Buscar/).fill('');
    await page.getByRole('button', { name: 'Importar Masivo' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Ya tengo la plantilla' }).click();
    await page.setInputFiles('[data-testid=biometrics-import-zip]', zip);
    await dialog.getByText(/Total filas/).waitFor({ timeout: 60_000 });
    await shot('import-validate');
    await dialog.getByRole('button', { name: 'Siguiente', exact: true }).click();
    await dialog.getByText('Seleccionar todos los activos').click();
    await shot('import-devices');
    await dialog.getByRole('button', { name: /^Importar \d+ rostros/ }).click();

    // More than 20 rows: 202, the wizard closes and the badge follows the job.
    const badge = page.getByTestId('biometrics-import-badge');
    await badge.getByText('Importación en progreso').waitFor({ timeout: 60_000 });
    await shot('import-badge');
    // The import may end between two steps (8 rows at once, a fast fleet): the details are opened while it runs,
    // and then show how it ended; if it ended first, the badge is gone and the record says so.
    const details = badge.getByRole('button', { name: 'Ver detalles' });
    const opened = await details.click({ timeout: 3000 }).then(
      () => true,
      () => false,
    );
    if (opened) {
      await page.getByRole('dialog').getByText('Completada').waitFor({ timeout: 120_000 });
      await shot('import-completed');
    }
    let record: { status: string; procesados: number; exitosos: number } | undefined;
    for (const until = Date.now() + 120_000; Date.now() < until; await new Promise((r) => setTimeout(r, 500))) {
      [record] = await e2e.sql<{ status: string; procesados: number; exitosos: number }>(
        'select status, procesados, exitosos from face_imports order by created_at desc limit 1',
      );
      if (record?.status === 'completed') break;
    }
    expect(record).toEqual({ status: 'completed', procesados: IMPORTED, exitosos: IMPORTED });
    const [{ n }] = await e2e.sql<{ n: number }>(`select count(*)::int as n from faces where nombre like 'Importado E2E %'`);
    expect(n).toBe(IMPORTED);
    expect(e2e.pageErrors).toEqual([]);
  }, 180_000);
});
