// Access control in the browser, on a phone (390 px): the buttons follow the plugins' access tables through the
// area's authProvider.canAccess. The administrador sees 'Nueva encuesta' (the surveys table lets it create) and
// the accounting create buttons; the board (directiva), which the surveys table denies create and which has no
// surveys screen, gets neither the surveys screen nor the create buttons of the accounting lists it reads, and
// its create screens send it back to the list.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, pickComplex, signIn, startE2E } from './harness.ts';

const ALAMOS = 'Conjunto Los Álamos';
const PHONE = { width: 390, height: 844 };

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E('access');
}, 180_000);

afterAll(async () => {
  await e2e?.close();
});

async function phoneSession(email: string, area: string): Promise<Page> {
  const page = await e2e.newPage();
  // A loaded machine (the whole suite, benches) can be slow to draw a screen.
  page.setDefaultTimeout(40_000);
  // The phone from the start: the menu is then a closed drawer (opened, it would cover the screen).
  await page.setViewportSize(PHONE);
  await signIn(page, email);
  await page.waitForURL(new RegExp(`#/${area}/dashboard`));
  // The board belongs to Los Álamos only (no picker); the administrador picks it.
  if (area === 'administrador') await pickComplex(page, ALAMOS);
  return page;
}

/** Opens a screen of the area by its path and waits for its list's first column header. */
async function openList(page: Page, path: string, header: string) {
  await page.goto(`/#/${path}`);
  await page.getByRole('columnheader').filter({ hasText: header, visible: true }).first().waitFor();
}

describe('create buttons follow the access tables (390 px)', () => {
  it('the administrador sees the create buttons of surveys and of the ledger', async () => {
    const admin = await phoneSession('admin@demo.test', 'administrador');
    await openList(admin, 'administrador/encuestas', 'Nombre');
    await admin.getByRole('button', { name: 'Nueva encuesta' }).waitFor();
    await e2e.screenshot(admin, '01-admin-encuestas-390');

    await openList(admin, 'administrador/egresos', 'Proveedor/Nombre');
    await admin.getByRole('link', { name: 'Crear' }).waitFor();
    await e2e.screenshot(admin, '02-admin-egresos-390');
    expect(e2e.pageErrors).toEqual([]);
  });

  it('the board (directiva) gets no surveys screen and no create button on the ledger it reads', async () => {
    const board = await phoneSession('directiva@demo.test', 'directiva');
    // The surveys table lets the board answer only (from the residents' app): no screen, no create button.
    await board.goto('/#/directiva/encuestas');
    await board.getByRole('heading', { name: 'Página no encontrada' }).waitFor();
    expect(await board.getByRole('button', { name: 'Nueva encuesta' }).count()).toBe(0);

    await openList(board, 'directiva/egresos', 'Proveedor/Nombre');
    // The rows are there (the board reads the ledger) ...
    await expect.poll(() => board.getByRole('row').count()).toBeGreaterThan(1);
    // ... but not the create button, nor the row's edit and delete.
    expect(await board.getByRole('link', { name: 'Crear' }).count()).toBe(0);
    await e2e.screenshot(board, '03-directiva-egresos-390');

    // Typing a create screen's address sends it back to the list.
    await board.goto('/#/directiva/egresos/create');
    await board.waitForURL(/#\/directiva\/egresos$/);
    await board.getByRole('columnheader').filter({ hasText: 'Proveedor/Nombre', visible: true }).first().waitFor();
    expect(await board.getByRole('button', { name: 'Guardar' }).count()).toBe(0);
    expect(e2e.pageErrors).toEqual([]);
  });
});
