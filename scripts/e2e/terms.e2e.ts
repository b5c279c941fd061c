// A user who has not accepted the terms (admin2@demo.test) sees the dialog alone: no menu, no screen, no call for
// the complex's data behind it; after accepting, the area. And addresses typed without '#' open the app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, signIn, startE2E } from './harness.ts';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E('terms');
});

afterAll(async () => {
  await e2e?.close();
});

describe('the terms dialog', () => {
  it('shows nothing of the complex until the terms are accepted, then the area', async () => {
    const page = await e2e.newPage();
    const calls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/') && !path.startsWith('/api/auth/')) calls.push(path);
    });
    await signIn(page, 'admin2@demo.test');
    const dialog = page.getByRole('dialog', { name: 'Términos y condiciones' });
    await dialog.waitFor();
    await e2e.screenshot(page, '01-dialog');
    await page.setViewportSize({ width: 390, height: 800 });
    await e2e.screenshot(page, '02-dialog-390');
    await page.setViewportSize({ width: 1366, height: 900 });
    expect(await page.getByRole('menuitem').count()).toBe(0);
    expect(await page.getByText('Inicio').count()).toBe(0);
    expect(calls).toEqual([]);

    const confirm = dialog.getByRole('button', { name: 'Continuar' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('He leído y acepto los términos y condiciones').check();
    await confirm.click();
    await page.getByRole('menuitem', { name: 'Inicio' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(calls.length).toBeGreaterThan(0);
    const [row] = await e2e.sql<{ legal_accepted: boolean }>("select legal_accepted from users where email = 'admin2@demo.test'");
    expect(row.legal_accepted).toBe(true);
    await e2e.screenshot(page, '03-accepted');
  });

  it('lets whoever does not accept sign out', async () => {
    await e2e.sql("update users set legal_accepted = false, legal_accepted_at = null where email = 'admin2@demo.test'");
    const page = await e2e.newPage();
    await signIn(page, 'admin2@demo.test');
    const dialog = page.getByRole('dialog', { name: 'Términos y condiciones' });
    await dialog.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.getByLabel('Correo electrónico').waitFor();
    expect(new URL(page.url()).hash).toBe('#/');
  });
});

describe('addresses without #', () => {
  it('open the app, never JSON: the sign-in, then the area typed before signing in', async () => {
    const page = await e2e.newPage();
    for (const path of ['/login', '/administrador']) {
      const res = await page.goto(path);
      expect(res?.headers()['content-type'], path).toContain('text/html');
      await page.getByLabel('Correo electrónico').waitFor();
    }
    await page.getByLabel('Correo electrónico').fill('admin@demo.test');
    await page.getByLabel(/^Contraseña/).fill('demo1234');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL(/#\/administrador/);
    await page.goto('/administrador/unidadesHabitacionales');
    await page.waitForURL(/\/#\/administrador\/unidadesHabitacionales/);
    await page.getByText('Filas por página:').waitFor();
    expect(e2e.pageErrors).toEqual([]);
  });
});
