// The guard posts' cameras in the browser (spec 002 §2.2, §9; issue 13): the guard's 'Ver Cámaras' opens
// 'Imágenes de las cámaras' with the post's simulated pictures in a 2-column grid and reloads them; an entry
// registered at the post shows its pictures; the office's 'Garitas y cámaras' lists the post's cameras.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, pickComplex, pickGuardPost, signIn, startE2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E('guard-cameras');
}, 120_000);
afterAll(() => e2e?.close());

describe('cameras', () => {
  it("shows the guard's post cameras in a 2-column grid, and reloads them", async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, 'guardia@demo.test');
    await page.waitForURL(/#\/guardia\/dashboard/);
    await pickGuardPost(page, 'Garita principal');
    await page.getByRole('button', { name: 'Ver Cámaras' }).click();
    const dialog = page.getByRole('dialog', { name: 'Imágenes de las cámaras' });
    await dialog.waitFor();
    const images = dialog.locator('[data-testid="camera-grid"] img');
    await expect.poll(() => images.count(), { timeout: 10_000 }).toBe(2);
    await expect.poll(() => dialog.getByText(/Fecha y hora:/).count()).toBe(1);
    // Two columns: the two pictures side by side.
    const [a, b] = [await images.nth(0).boundingBox(), await images.nth(1).boundingBox()];
    expect(Math.abs((a?.y ?? 0) - (b?.y ?? 1))).toBeLessThan(2);
    expect((b?.x ?? 0) > (a?.x ?? 0) + (a?.width ?? 0) - 2).toBe(true);
    const first = await images.nth(0).getAttribute('src');
    await page.waitForTimeout(1100);
    await dialog.getByRole('button', { name: 'Recargar' }).click();
    await expect.poll(() => images.nth(0).getAttribute('src'), { timeout: 10_000 }).not.toBe(first);
    await e2e.screenshot(page, 'modal');
  }, 120_000);

  it("lists a post's cameras in 'Garitas y cámaras' for the office", async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, 'admin@demo.test');
    await page.waitForURL(/#\/administrador\//);
    await pickComplex(page, 'Conjunto Los Álamos');
    await page.getByRole('menuitem', { name: 'Garitas y cámaras' }).click();
    await page.getByText('Garita principal').click();
    await page.getByText('Entrada vehicular').waitFor();
    await page.getByText('Peatonal').waitFor();
    await e2e.screenshot(page, 'garitas');
  }, 120_000);
});
