// The administrator's audit log reads as words (issue 11): the action and the resource in Spanish, the record
// by what it is (the unit's number, the person of a photo), an update as "Etiqueta: antes → después", and a
// photo seen three times as one entry that says so; on a desktop (1366 px) and on a phone (390 px), with no
// sideways scrolling.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, type E2E, pickComplex, signIn, startE2E } from './harness.ts';

const ALAMOS = 'Conjunto Los Álamos';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E('audit');
}, 180_000);

afterAll(async () => {
  await e2e?.close();
});

/** A call of the page's session (the admin's own token), answering the status and the JSON body. */
async function call(page: Page, method: string, path: string, body?: unknown) {
  const token = await accessToken(page);
  return page.evaluate(
    async ({ method, path, body, token }) => {
      // no-store: each photo read reaches the server, as three separate page loads would.
      const res = await fetch(path, {
        method,
        cache: 'no-store',
        headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, json: res.headers.get('content-type')?.includes('json') ? await res.json() : null };
    },
    { method, path, body, token },
  );
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('the audit log', () => {
  it('shows who did what to which record in Spanish, with labelled changes and grouped photo reads', async () => {
    const page = await e2e.newPage();
    page.setDefaultTimeout(40_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(/#\/administrador\/dashboard/);
    await pickComplex(page, ALAMOS);
    const alamos = await e2e.complexId(ALAMOS);

    // An edit of a unit, and a person's photo seen three times (a list of thumbnails opened again and again).
    const [unit] = await e2e.sql<{ id: string; number: string; aliquot: string }>(
      'select id, number, aliquot::text as aliquot from units where complex_id = ? order by number_sort limit 1',
      [alamos],
    );
    const before = Number(unit.aliquot);
    const after = before + 1.5;
    expect((await call(page, 'PUT', `/api/complexes/${alamos}/units/${unit.id}`, { aliquot: after })).status).toBe(200);
    const [face] = await e2e.sql<{ nombre: string; photo_file_id: string }>(
      'select nombre, photo_file_id from faces where complex_id = ? and photo_file_id is not null order by nombre limit 1',
      [alamos],
    );
    for (let i = 0; i < 3; i++) {
      const link = await call(page, 'GET', `/api/complexes/${alamos}/files/${face.photo_file_id}/url`);
      expect((await call(page, 'GET', link.json.url)).status).toBe(200);
    }

    await page.getByRole('menuitem', { name: 'Auditoría', exact: true }).click();
    await page.waitForURL(/#\/administrador\/logs/);
    const edit = page.getByRole('row').filter({ hasText: unit.number }).filter({ hasText: 'Modificación' }).first();
    await edit.waitFor();
    await edit.getByText('Unidad habitacional', { exact: true }).waitFor();
    const change = `Alícuota (%): ${before} → ${after}`;
    await edit.getByText(change).waitFor();
    const read = page.getByRole('row').filter({ hasText: face.nombre }).filter({ hasText: 'Consulta' });
    await read.getByText('Vista 3 veces').waitFor();
    expect(await read.count()).toBe(1);
    await read.getByText('Archivo', { exact: true }).waitFor();
    // No raw names of the API.
    expect(await page.getByRole('cell', { name: /^(update|units|files|read)$/ }).count()).toBe(0);
    await e2e.screenshot(page, '01-log-1366');
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // The expanded row: the record and every change with its label.
    await edit.click();
    const detail = page.getByText('Detalle del registro');
    await detail.waitFor();
    await page
      .getByRole('definition')
      .filter({ hasText: `${before} → ${after}` })
      .first()
      .waitFor();
    await page.getByRole('term').filter({ hasText: 'Alícuota (%)' }).first().waitFor();
    await e2e.screenshot(page, '02-log-detail-1366');

    // Filtered by action: only the reads.
    await page.getByRole('combobox', { name: 'Acción' }).click();
    await page.getByRole('option', { name: 'Consulta', exact: true }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Modificación' }).count()).toBe(0);
    await read.waitFor();
    // And by user: the people who wrote in this complex's log.
    await page.getByRole('combobox', { name: 'Usuario' }).click();
    await page.getByRole('option', { name: 'Andrea Administradora', exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await read.waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'Demo' }).count()).toBe(0);
    await e2e.screenshot(page, '03-log-reads-1366');

    // On a phone (a session of its own, opened at 390 px: the menu is then a closed drawer): the same words,
    // stacked in one column, nothing wider than the screen.
    const phone = await e2e.newPage();
    phone.setDefaultTimeout(40_000);
    await phone.setViewportSize({ width: 390, height: 844 });
    await signIn(phone, 'admin@demo.test');
    await phone.waitForURL(/#\/administrador\/dashboard/);
    await pickComplex(phone, ALAMOS);
    await phone.goto('/#/administrador/logs');
    const phoneEdit = phone.getByRole('row').filter({ hasText: unit.number }).filter({ hasText: 'Modificación' }).first();
    await phoneEdit.getByText(change).waitFor();
    await e2e.screenshot(phone, '04-log-390');
    expect(await overflow(phone)).toBeLessThanOrEqual(0);
    await phoneEdit.click();
    await phone.getByText('Detalle del registro').waitFor();
    await e2e.screenshot(phone, '05-log-detail-390');
    expect(await overflow(phone)).toBeLessThanOrEqual(0);
    expect(e2e.pageErrors).toEqual([]);
  }, 180_000);
});
