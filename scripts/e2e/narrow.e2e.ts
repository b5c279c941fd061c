// Every screen of the drawer at a phone's width (390 px), as each role that has screens sees it: the page never
// scrolls sideways (a wide table scrolls inside its own box), and every screen shows something (its title or a
// progress bar at once, its content after). Each screen is photographed (./screenshots/narrow-*.png).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, pickComplex, signIn, startE2E } from './harness.ts';

const WIDTH = 390;
let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E('narrow');
});

afterAll(async () => {
  await e2e?.close();
});

/** The drawer's destinations (hash paths), read while it is open, then closed again. */
async function drawerPaths(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const links = page.locator('.MuiDrawer-root a[href^="#/"]');
  await links.first().waitFor();
  const paths = [...new Set(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? '')))];
  await page.keyboard.press('Escape');
  return paths;
}

/** How far the page reaches past the viewport's right edge, in CSS pixels (0 when it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('every screen at 390 px wide', () => {
  for (const [email, complex] of [
    ['admin@demo.test', 'Conjunto Los Álamos'],
    ['directiva@demo.test', 'Conjunto Los Álamos'],
    ['superadmin@demo.test', undefined],
    ['empresa@demo.test', undefined],
  ] as const) {
    it(`${email}: no screen scrolls sideways`, async () => {
      const page = await e2e.newPage();
      await page.setViewportSize({ width: WIDTH, height: 844 });
      await signIn(page, email);
      await page.waitForURL(/#\/[a-zA-Z]+\/dashboard/);
      if (complex) await pickComplex(page, complex);
      const paths = await drawerPaths(page);
      expect(paths.length).toBeGreaterThan(0);
      const wide: string[] = [];
      for (const path of paths) {
        await page.goto(`/${path}`);
        await page.locator('#main-content').waitFor();
        await expect.poll(() => page.locator('#main-content').innerText(), { timeout: 10_000 }).not.toBe('');
        // Let the list's rows (or the screen's data) arrive before measuring.
        await page.waitForLoadState('networkidle');
        const excess = await overflow(page);
        if (excess > 0) wide.push(`${path} (+${excess}px)`);
        await e2e.screenshot(page, `${email.split('@')[0]}-${path.replace(/[#/]+/g, '-').replace(/^-|-$/g, '')}`);
      }
      expect(wide).toEqual([]);
      // (The measure finds a page that does scroll sideways.)
      await page.evaluate(() => {
        const probe = document.createElement('div');
        probe.style.cssText = 'width: 600px; height: 1px';
        document.body.append(probe);
      });
      expect(await overflow(page)).toBeGreaterThan(0);
      expect(e2e.pageErrors).toEqual([]);
    }, 180_000);
  }
});
