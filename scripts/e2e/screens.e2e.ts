// Every screen of the drawer at a phone's width (390 px) and on a laptop (1366x900), as each role that has screens
// sees it: the page never scrolls sideways (a wide table scrolls inside its own box), and every screen shows
// something (its title or a progress bar at once, its content after). Each screen is photographed
// (./screenshots/screens-<width>-<account>-<path>.png).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, pickComplex, pickGuardPost, settled, signIn, startE2E } from './harness.ts';

/** A phone, then a laptop: [width, height]. */
const SIZES = [
  [390, 844],
  [1366, 900],
] as const;
let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E('screens');
});

afterAll(async () => {
  await e2e?.close();
});

/** The drawer's and the user menu's destinations (hash paths); on a phone the drawer is opened to read them. */
async function drawerPaths(page: Page, phone: boolean): Promise<string[]> {
  // The resident's area has a bottom bar instead of the drawer on a phone.
  const bottomBar = phone && (await page.locator('.MuiBottomNavigation-root').count()) > 0;
  if (phone && !bottomBar) await page.getByRole('button', { name: 'Abrir menú' }).click();
  const links = page.locator(bottomBar ? '.MuiBottomNavigation-root a[href^="#/"]' : '.MuiDrawer-root a[href^="#/"]');
  await links.first().waitFor();
  const paths = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  if (phone && !bottomBar) await page.keyboard.press('Escape');
  // The user menu's screens too (Configuraciones, Editar Conjunto).
  await page.getByRole('button', { name: /^Perfil/ }).click();
  const more = page.getByRole('menu').locator('a[href^="#/"]');
  await page.getByRole('menu').waitFor();
  paths.push(...(await more.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))));
  await page.keyboard.press('Escape');
  // Focus back on the button would keep its tooltip in every photograph.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  return [...new Set(paths)];
}

/** How far the page reaches past the viewport's right edge, in CSS pixels (0 when it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('every screen at 390 px and 1366 px wide', () => {
  for (const [email, complex] of [
    ['admin@demo.test', 'Conjunto Los Álamos'],
    ['directiva@demo.test', 'Conjunto Los Álamos'],
    ['guardia@demo.test', undefined],
    ['superadmin@demo.test', undefined],
    ['empresa@demo.test', undefined],
    ['residente@demo.test', undefined],
  ] as const)
    for (const [width, height] of SIZES)
      it(`${email} at ${width} px: no screen scrolls sideways`, async () => {
        const page = await e2e.newPage();
        await page.setViewportSize({ width, height });
        await signIn(page, email);
        await page.waitForURL(/#\/[a-zA-Z]+\/dashboard/);
        if (complex) await pickComplex(page, complex);
        // The guard's console asks for the post first (Los Álamos has two).
        if (email === 'guardia@demo.test') await pickGuardPost(page);
        const paths = await drawerPaths(page, width < 900);
        expect(paths.length).toBeGreaterThan(0);
        const wide: string[] = [];
        for (const path of paths) {
          await page.goto(`/${path}`);
          await page.locator('#main-content').waitFor();
          await expect.poll(() => page.locator('#main-content').innerText(), { timeout: 10_000 }).not.toBe('');
          // Let the list's rows (or the screen's data, a lazy chart) arrive before measuring.
          await settled(page);
          await expect.poll(() => page.locator('#main-content .MuiSkeleton-root').count(), { timeout: 10_000 }).toBe(0);
          // No hover (a row's highlight, a button's tooltip) in the photograph.
          await page.mouse.move(width - 1, 0);
          const excess = await overflow(page);
          if (excess > 0) wide.push(`${path} (+${excess}px)`);
          await e2e.screenshot(page, `${width}-${email.split('@')[0]}-${path.replace(/[#/]+/g, '-').replace(/^-|-$/g, '')}`);
        }
        expect(wide).toEqual([]);
        // (The measure finds a page that does scroll sideways.)
        await page.evaluate((wider) => {
          const probe = document.createElement('div');
          probe.style.cssText = `width: ${wider}px; height: 1px`;
          document.body.append(probe);
        }, width + 200);
        expect(await overflow(page)).toBeGreaterThan(0);
        expect(e2e.pageErrors).toEqual([]);
      }, 180_000);
});
