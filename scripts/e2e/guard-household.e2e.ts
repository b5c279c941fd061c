// The guard's household screens (spec 002 §2.2, issue 13) in the browser, at 1366 px and on a 390 px phone:
// 'Lista de Aprobadores por Residente' (a resident found by full name, their approvers read-only) and
// 'Familia/Inquilinos' (a family member found by cédula, the units' tenants).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, pickGuardPost, signIn, startE2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E('guard-household');
}, 120_000);
afterAll(() => e2e?.close());

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe("the guard's household screens", () => {
  for (const width of [1366, 390]) {
    it(`finds a resident by full name and shows their approvers, read-only (${width} px)`, async () => {
      const [someone] = await e2e.sql<{ first: string; last: string; approver: string }>(
        `select u.first_name as first, u.last_name as last, a.first_name || ' ' || a.last_name as approver
           from approvers a join users u on u.id = a.resident_id join complexes c on c.id = a.complex_id
          where c.name = 'Conjunto Los Álamos' order by u.email, a.position limit 1`,
      );
      const page = await e2e.newPage();
      await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
      await signIn(page, 'guardia@demo.test');
      await page.waitForURL(/#\/guardia\/dashboard/);
      await pickGuardPost(page);
      if (width > 600) await page.getByRole('menuitem', { name: 'Lista de Aprobadores', exact: true }).click();
      else await page.goto('/#/guardia/aprobadores');
      // The page's title (in the top bar, left out of a phone's narrow bar).
      await page.getByText('Lista de Aprobadores por Residente').first().waitFor({ state: 'attached' });
      await page.locator('tbody tr').first().waitFor();
      // 10 a page to begin with, of 10, 25 or 100 (a phone's pagination has no choice of size).
      await expect.poll(() => page.locator('tbody tr').count()).toBe(10);
      if (width > 600) {
        await page.getByRole('combobox', { name: /Filas por página/ }).click();
        expect(await page.getByRole('option').allInnerTexts()).toEqual(['10', '25', '100']);
        await page.keyboard.press('Escape');
      }
      await page.getByPlaceholder('Buscar por nombre, apellido o cédula').fill(`${someone.first} ${someone.last}`);
      const row = page.locator('tbody tr').filter({ hasText: someone.last }).first();
      await expect.poll(() => decodeURIComponent(page.url())).toContain(`"q":"${someone.first} ${someone.last}"`);
      await row.waitFor();
      await e2e.screenshot(page, `${width}-aprobadores-lista`);
      await row.getByRole('button', { name: 'Ver aprobadores' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(`Aprobadores de ${someone.first} ${someone.last}`).waitFor();
      await dialog.getByText(someone.approver).waitFor();
      expect(await dialog.getByRole('button', { name: 'Editar aprobadores' }).count()).toBe(0);
      expect(await dialog.getByRole('button', { name: /Eliminar/ }).count()).toBe(0);
      await e2e.screenshot(page, `${width}-aprobadores-dialogo`);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await dialog.getByRole('button', { name: 'Cerrar' }).click();
      expect(e2e.pageErrors).toEqual([]);
    });
  }

  for (const width of [1366, 390]) {
    it(`finds a family member by cédula and lists the tenants (${width} px)`, async () => {
      const [member] = await e2e.sql<{ first: string; id_number: string }>(
        `select f.first_name as first, f.id_number from family_members f join complexes c on c.id = f.complex_id
          where c.name = 'Conjunto Los Álamos' order by f.id_number limit 1`,
      );
      const [tenant] = await e2e.sql<{ last: string }>("select last_name as last from users where email = 'inquilino@demo.test'");
      const page = await e2e.newPage();
      await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
      await signIn(page, 'guardia@demo.test');
      await page.waitForURL(/#\/guardia\/dashboard/);
      await pickGuardPost(page);
      if (width > 600) await page.getByRole('menuitem', { name: 'Familia/Inquilinos', exact: true }).click();
      else await page.goto('/#/guardia/familia');
      await page.locator('tbody tr').first().waitFor();
      await page.getByPlaceholder('Buscar por nombre, apellido o cédula').fill(member.id_number);
      await expect.poll(() => page.locator('tbody tr').filter({ hasText: member.id_number }).count()).toBeGreaterThan(0);
      await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
      await e2e.screenshot(page, `${width}-familia`);
      await page.getByRole('tab', { name: 'Inquilinos' }).click();
      await page.locator('tbody tr').filter({ hasText: tenant.last }).first().waitFor();
      await e2e.screenshot(page, `${width}-inquilinos`);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      expect(e2e.pageErrors).toEqual([]);
    });
  }
});
