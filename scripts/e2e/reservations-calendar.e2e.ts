// The reservations' calendars in the browser: the office's month (areascomunales > Calendario) shows the demo
// month's reservations as chips by state and opens one (approve a pending one); on a phone the month is a list of
// days. The resident's booking dialog shows which days of the month have free slots. The board reads the payment
// notices (/directiva/notificaciones) and the history of the ones sent, without their forms.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, pickComplex, pickGuardPost, settled, signIn, startE2E } from './harness.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's serious and critical violations on the page (rule and the elements' text), as a11y.e2e.ts checks. */
async function seriousViolations(page: Page, within = 'body'): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  await page.waitForTimeout(400); // the dialogs' and chips' transitions
  return page.evaluate(async (selector) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is the global its source just defined
    const result = await (window as any).axe.run(selector, { resultTypes: ['violations'] });
    return (result.violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.nodes.map((n) => document.querySelector(String(n.target[0]))?.textContent?.slice(0, 40)).join(' | ')}`,
      );
  }, within);
}

let e2e: E2E;
let alamos: string;
/** Today's Guayaquil month. */
const MONTH = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 7);

beforeAll(async () => {
  e2e = await startE2E('reservations-calendar');
  alamos = await e2e.complexId('Conjunto Los Álamos');
}, 120_000);
afterAll(() => e2e?.close());

describe('the calendars', () => {
  it("shows the office the demo month's reservations, on a wide screen and a phone", async () => {
    const [y, m] = MONTH.split('-').map(Number);
    const next = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
    const [{ n }] = await e2e.sql<{ n: number }>(
      'select count(*)::int as n from reservations where complex_id = ? and starts_at >= ? and starts_at < ?',
      [alamos, `${MONTH}-01T00:00:00-05:00`, `${next}T00:00:00-05:00`],
    );
    expect(n).toBeGreaterThan(0);
    const admin = await e2e.newPage();
    await admin.setViewportSize({ width: 1366, height: 900 });
    await signIn(admin, 'admin@demo.test');
    await pickComplex(admin, 'Conjunto Los Álamos');
    await admin.goto(`${admin.url().split('#')[0]}#/administrador/areascomunales`);
    await settled(admin);
    await admin.getByRole('link', { name: 'Calendario' }).click();
    await admin.waitForURL(/#\/administrador\/areascomunales\/calendario/);
    const grid = admin.getByRole('grid');
    await grid.getByRole('columnheader', { name: 'lunes' }).waitFor();
    // Every reservation of the month is a chip in its day (the grid also shows the neighbouring months' days).
    const inMonth = grid.locator(`[role="gridcell"][data-day^="${MONTH}"] .MuiChip-root`);
    await expect.poll(() => inMonth.count()).toBe(n);
    await e2e.screenshot(admin, '1366-admin-calendario');
    expect(await seriousViolations(admin)).toEqual([]);

    // A pending one opens with its decision.
    const pending = grid.locator(`[role="gridcell"][data-day^="${MONTH}"] .MuiChip-colorWarning`);
    if (await pending.count()) {
      await pending.first().click();
      const dialog = admin.getByRole('dialog');
      await dialog.getByText('Pendiente').waitFor();
      await dialog.getByRole('button', { name: 'Rechazar' }).waitFor();
      await e2e.screenshot(admin, '1366-admin-calendario-reserva');
      await dialog.getByRole('button', { name: 'Cerrar' }).click();
      await dialog.waitFor({ state: 'detached' });
    }

    // One area: its chips only.
    await admin.getByRole('combobox', { name: /Área comunal/ }).click();
    await admin.getByRole('option', { name: 'Salón comunal' }).click();
    await settled(admin);
    await e2e.screenshot(admin, '1366-admin-calendario-salon');

    // A phone: the days with reservations as a list, no horizontal scroll.
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.reload();
    await settled(admin);
    await admin.getByRole('list', { name: /\d{4}/ }).waitFor();
    expect(await admin.getByRole('grid').count()).toBe(0);
    const scroll = await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(scroll).toBeLessThanOrEqual(0);
    await e2e.screenshot(admin, '390-admin-calendario');

    // The resident's booking dialog: the month's days with free slots.
    const resident = await e2e.newPage();
    await resident.setViewportSize({ width: 390, height: 844 });
    await signIn(resident, 'residente@demo.test');
    await resident.waitForURL(/#\/residente\/dashboard/);
    await resident.goto(`${resident.url().split('#')[0]}#/residente/hogar`);
    await settled(resident);
    await resident.getByRole('button', { name: 'Reservar', exact: true }).click();
    const form = resident.getByRole('dialog', { name: 'Reservar área comunal' });
    await form.getByRole('combobox', { name: /Área comunal/ }).click();
    await resident.getByRole('option', { name: 'Salón comunal' }).click();
    // Next month: all of it ahead of the area's notice.
    await form.getByRole('button', { name: 'Mes siguiente' }).click();
    const free = form.locator('[role="gridcell"][data-state="free"]');
    await free.first().waitFor();
    const day = await free.last().getAttribute('aria-label');
    await free.last().click();
    await form.getByRole('group', { name: 'Turnos disponibles' }).waitFor();
    expect(day).toMatch(/turnos? libres?/);
    await e2e.screenshot(resident, '390-residente-calendario');
    // The booking dialog (the resident's home page behind it is others' to check).
    expect(await seriousViolations(resident, '[role="dialog"]')).toEqual([]);
    expect(e2e.pageErrors).toEqual([]);
  });

  it('shows the guard the approved reservations only, without decisions', async () => {
    const guard = await e2e.newPage();
    await guard.setViewportSize({ width: 1366, height: 900 });
    await signIn(guard, 'guardia@demo.test');
    await guard.waitForURL(/#\/guardia\/dashboard/);
    await pickGuardPost(guard);
    await guard.getByRole('menuitem', { name: 'Reservas', exact: true }).click();
    await guard.waitForURL(/#\/guardia\/reservas/);
    await guard.getByRole('link', { name: 'Calendario' }).click();
    await guard.waitForURL(/#\/guardia\/reservas\/calendario/);
    const grid = guard.getByRole('grid');
    const chips = grid.locator('.MuiChip-root');
    await chips.first().waitFor();
    expect(await grid.locator('.MuiChip-colorWarning, .MuiChip-colorError').count()).toBe(0);
    await chips.first().click();
    const dialog = guard.getByRole('dialog');
    await dialog.getByText('Aprobada').waitFor();
    expect(await dialog.getByRole('button', { name: /Aprobar|Rechazar/ }).count()).toBe(0);
    await e2e.screenshot(guard, '1366-guardia-calendario');
    expect(e2e.pageErrors).toEqual([]);
  });

  it('lets the board read the payment notices, without sending any', async () => {
    const board = await e2e.newPage();
    await board.setViewportSize({ width: 1366, height: 900 });
    await signIn(board, 'directiva@demo.test');
    await board.waitForURL(/#\/directiva\//);
    await board.getByRole('menuitem', { name: 'Notificaciones' }).click();
    await board.waitForURL(/#\/directiva\/notificaciones/);
    await board.getByText(/Próximo aviso de cobro: N° \d+/).waitFor();
    await board.getByText(/La administración envía los avisos de cobro/).waitFor();
    expect(await board.getByRole('tab').count()).toBe(0);
    // The history of the notices sent (issue 14): the demo's past runs, without the outbox.
    await board.getByText('Avisos enviados').waitFor();
    await board.getByRole('columnheader', { name: 'Destinatarios' }).waitFor();
    await board.getByRole('cell', { name: 'Estado de cuenta' }).first().waitFor();
    expect(await board.getByRole('cell', { name: 'Valores vencidos' }).count()).toBeGreaterThan(0);
    await e2e.screenshot(board, '1366-directiva-notificaciones');
    expect(e2e.pageErrors).toEqual([]);
  });
});
