// The administrator's Inicio in the browser: the plugins' widgets on Los Álamos's demo data, each figure on screen
// compared with what the same API route answers the same session; the charts draw; one column on a phone. Takes
// ./screenshots/dashboard-*.png at 1366x900 and 390x844.
import { formatMoney, formatPercentage } from '@conjunto/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, type E2E, pickComplex, signIn, startE2E } from './harness.ts';

const ALAMOS = 'Conjunto Los Álamos';
const BOSQUE = 'Conjunto El Bosque';

let e2e: E2E;
let admin: Page;
let base: string;

/** GET with the page's own session: the body, and the Content-Range header of a list. */
async function api<T>(path: string, complexBase = base): Promise<{ body: T; range: string | null }> {
  const token = await accessToken(admin);
  return admin.evaluate(
    async ({ url, token }) => {
      const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      return { body: await res.json(), range: res.headers.get('content-range') };
    },
    { url: `${complexBase}${path}`, token },
  );
}
const text = (testId: string) => admin.getByTestId(testId).first().textContent();

beforeAll(async () => {
  e2e = await startE2E('dashboard');
  base = `/api/complexes/${await e2e.complexId(ALAMOS)}`;
  admin = await e2e.newPage();
  await admin.setViewportSize({ width: 1366, height: 900 });
  await signIn(admin, 'admin@demo.test');
  await admin.waitForURL(/#\/administrador\/dashboard/);
  await pickComplex(admin, ALAMOS);
});

afterAll(async () => {
  expect(e2e?.pageErrors ?? []).toEqual([]);
  await e2e?.close();
});

describe("the administrator's dashboard", () => {
  it('shows the figures the API answers', async () => {
    const month = (await api<{ billed: number; collected: number }>('/accounting-dashboard/month')).body;
    await expect.poll(() => text('accounting-collected')).toBe(formatMoney(month.collected));
    expect(await text('accounting-billed')).toBe(formatMoney(month.billed));

    const arrears = (await api<{ total: number; units: number }>('/accounting-dashboard/arrears')).body;
    await expect.poll(() => text('accounting-arrears-total')).toBe(formatMoney(arrears.total));
    expect(await text('accounting-arrears-units')).toBe(String(arrears.units));

    const balances = (await api<{ total: number; accounts: { name: string }[] }>('/accounting-dashboard/balances')).body;
    await expect.poll(() => text('accounting-balance-total')).toBe(formatMoney(balances.total));
    for (const account of balances.accounts) await expect.poll(() => text('accounting-balances')).toContain(account.name);

    const pending = await api<unknown[]>(`/pending-transfers?filter=${encodeURIComponent('{"status":"Pendiente"}')}&range=[0,0]`);
    const pendingTotal = Number(pending.range?.split('/')[1]);
    expect(pendingTotal).toBeGreaterThan(0); // the demo has transfers waiting
    await expect.poll(() => text('accounting-pending-transfers')).toBe(String(pendingTotal));

    const participation = (
      await api<{ percentage: number; answeredUnits: number; eligibleUnits: number }>('/surveys/participation')
    ).body;
    await expect.poll(() => text('surveys-participation')).toBe(formatPercentage(participation.percentage, 'es'));
    await expect
      .poll(() => admin.getByText(`${participation.answeredUnits} de ${participation.eligibleUnits} U.H. respondieron`).count())
      .toBe(1);

    // The devices view's own answer (a device behind a controller that does not answer is off line too).
    const status = (
      await api<{ data: { devices_inactive: number; devices_status: { device_name: string; status: string }[] } }>(
        `/biometricos/status`,
        base.replace('/api/complexes/', '/api/biometrics/conjuntos/'),
      )
    ).body.data;
    expect(status.devices_inactive).toBeGreaterThan(0);
    await expect.poll(() => text('biometrics-offline')).toBe(String(status.devices_inactive));
    const offlineNames = status.devices_status.filter((d) => d.status !== 'active').map((d) => d.device_name);
    for (const name of offlineNames.slice(0, 4)) expect(await text('biometrics-offline-names')).toContain(name);
  });

  it("shows the other complex's figures once it is chosen", async () => {
    const bosque = `/api/complexes/${await e2e.complexId(BOSQUE)}`;
    const [alamosMonth, bosqueMonth] = [
      (await api<{ billed: number }>('/accounting-dashboard/month')).body,
      (await api<{ billed: number }>('/accounting-dashboard/month', bosque)).body,
    ];
    expect(bosqueMonth.billed).not.toBe(alamosMonth.billed); // else this would prove nothing
    await pickComplex(admin, BOSQUE);
    await expect.poll(() => text('accounting-billed')).toBe(formatMoney(bosqueMonth.billed));
    await pickComplex(admin, ALAMOS);
    await expect.poll(() => text('accounting-billed')).toBe(formatMoney(alamosMonth.billed));
  });

  it('draws the charts, and the breakdown follows its selectors', async () => {
    // Arrears, monthly and the breakdown: three charts once recharts has loaded.
    await expect.poll(() => admin.locator('.recharts-wrapper').count()).toBe(3);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Guayaquil' });
    const [y, m] = today.split('-').map(Number);
    const n = y * 12 + (m - 1) - 11;
    const from = `${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}-01`;
    const expense = (
      await api<{ total: number }>(`/accounting-dashboard/breakdown?kind=expense&by=category&from=${from}&to=${today}`)
    ).body;
    await expect.poll(() => text('breakdown-total')).toBe(formatMoney(expense.total));
    // Incomes by payment method.
    await admin.getByRole('combobox', { name: 'Movimientos' }).click();
    await admin.getByRole('option', { name: 'Ingresos' }).click();
    await admin.getByRole('combobox', { name: 'Agrupar por' }).click();
    await expect.poll(() => admin.getByRole('option', { name: 'Proveedor' }).count()).toBe(0); // incomes have no supplier
    await admin.getByRole('option', { name: 'Forma de pago' }).click();
    const income = (
      await api<{ total: number; rows: { label: string }[] }>(
        `/accounting-dashboard/breakdown?kind=income&by=method&from=${from}&to=${today}`,
      )
    ).body;
    await expect.poll(() => text('breakdown-total')).toBe(formatMoney(income.total));
    // A range of one's own: the start may not be later than the end.
    await admin.getByRole('combobox', { name: 'Período' }).click();
    await admin.getByRole('option', { name: 'Personalizado' }).click();
    await admin.getByLabel('Desde').fill('01/03/2026');
    await admin.getByLabel('Hasta').fill('28/02/2026');
    await admin.getByText('La fecha inicial no puede ser posterior a la final.').waitFor();
    await admin.getByLabel('Hasta').fill('31/03/2026');
    const march = (
      await api<{ total: number }>('/accounting-dashboard/breakdown?kind=income&by=method&from=2026-03-01&to=2026-03-31')
    ).body;
    await expect.poll(() => text('breakdown-total')).toBe(formatMoney(march.total));
    await admin.mouse.move(0, 0); // no chart tooltip in the picture
    await e2e.screenshot(admin, 'desktop');
  });

  it("alerts the office to pending maintenance and damage reports (spec 000 §2.9) with the bell's counts", async () => {
    const maintenance = (await api<{ count: number }>('/maintenance-plans/pending')).body.count;
    const reports = (await api<{ count: number }>('/issue-reports/pending')).body.count;
    expect(maintenance).toBeGreaterThan(0);
    expect(reports).toBeGreaterThan(0);
    await admin.locator('[data-widget="maintenance.pending"]').getByText(`${maintenance}`, { exact: true }).waitFor();
    await admin.locator('[data-widget="issue-reports.pending"]').getByText(`${reports}`, { exact: true }).waitFor();
  });

  it('links each card to its screen and is one column on a phone', async () => {
    await expect
      .poll(() => admin.locator('[data-widget="biometrics.offlineDevices"] a').getAttribute('href'))
      .toMatch(/#\/administrador\/rostros\?vista=dispositivos$/);
    // It opens the faces screen on its devices view.
    await admin.locator('[data-widget="biometrics.offlineDevices"] a').click();
    await admin.getByText('Total Dispositivos').waitFor();
    await admin.goBack();
    await admin.waitForURL(/#\/administrador\/dashboard/);
    await admin.setViewportSize({ width: 390, height: 844 });
    const cards = admin.locator('[data-widget]');
    await expect.poll(() => cards.count()).toBe(10); // accounting 6, maintenance 1, issue reports 1, surveys 1, biometrics 1
    const boxes = await cards.evaluateAll((els) => els.map((el) => el.getBoundingClientRect()));
    // One column: every card starts at the same x and none is beside another.
    expect(new Set(boxes.map((b) => Math.round(b.x))).size).toBe(1);
    expect(boxes.every((b) => b.width > 300)).toBe(true);
    await e2e.screenshot(admin, 'phone');
    await admin.setViewportSize({ width: 1366, height: 900 });
  });

  it('shows the board the ledger figures it may read, and nothing of surveys or devices', async () => {
    const board = await e2e.newPage();
    await signIn(board, 'directiva@demo.test');
    await board.waitForURL(/#\/directiva\/dashboard/);
    await expect.poll(() => board.locator('[data-widget^="accounting."]').count()).toBe(6);
    expect(await board.locator('[data-widget^="surveys."], [data-widget^="biometrics."]').count()).toBe(0);
    const month = (await api<{ collected: number }>('/accounting-dashboard/month')).body;
    await expect.poll(() => board.getByTestId('accounting-collected').textContent()).toBe(formatMoney(month.collected));
    await expect.poll(() => board.locator('.recharts-wrapper').count()).toBe(3);
    await e2e.screenshot(board, 'board');
  });
});
