// Scheduled e-mails in the browser: admin@demo.test opens Correos programados in Los Álamos (the two demo mailings),
// creates one to chosen units, sends it now (the job's result above the list), finds it in Historial de correos and
// opens the settings; the history stays with the module off. Screenshots: ./screenshots/mailings-<screen>.png.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, pickComplex, settled, signIn, startE2E } from './harness.ts';

let e2e: E2E;
let admin: Page;

beforeAll(async () => {
  e2e = await startE2E('mailings');
}, 300_000);
afterAll(async () => {
  await e2e?.close();
});

describe('scheduled e-mails', () => {
  it('lists, creates, sends now, shows the history and the settings', async () => {
    admin = await e2e.newPage();
    await admin.setViewportSize({ width: 1366, height: 900 });
    await signIn(admin, 'admin@demo.test');
    await admin.waitForURL(/#\/administrador\/dashboard/);
    await pickComplex(admin, 'Conjunto Los Álamos');
    await admin.goto('/#/administrador/programados');
    await admin.getByText('Recordatorio: pago de alícuota').first().waitFor();
    await settled(admin);
    await e2e.screenshot(admin, 'list');

    await admin.goto('/#/administrador/programados/create');
    await admin.getByLabel(/^Asunto/).fill('Fumigación de áreas comunes');
    await admin.getByLabel(/^Mensaje/).fill('El sábado se fumigan las áreas comunes de 08:00 a 10:00.');
    await settled(admin);
    await e2e.screenshot(admin, 'create');
    await admin.getByRole('button', { name: 'Guardar' }).click();
    await admin.getByText('Fumigación de áreas comunes').first().waitFor();
    await admin
      .getByRole('row', { name: /Fumigación/ })
      .getByRole('button', { name: 'Enviar ahora' })
      .click();
    await admin.getByTestId('job-progress').first().waitFor();
    await admin.locator('[data-testid="job-progress"][data-state="completed"]').waitFor({ timeout: 30_000 });
    await settled(admin);
    await e2e.screenshot(admin, 'sent');

    await admin.goto('/#/administrador/historial-correos');
    await admin.getByText('Fumigación de áreas comunes').first().waitFor();
    await settled(admin);
    await e2e.screenshot(admin, 'history');

    await admin.goto('/#/administrador/configuraciones/correosprogramados');
    await admin.getByLabel(/^Nombre del remitente/).waitFor();
    await settled(admin);
    await e2e.screenshot(admin, 'settings');
  }, 120_000);

  it("keeps Historial de correos (the host's, every module's mail) with scheduled e-mails switched off", async () => {
    await e2e.sql(
      `update complexes set modules = coalesce(modules, '{}'::jsonb) || '{"CorreosProgramados": false}'::jsonb
        where name = 'Conjunto Los Álamos'`,
    );
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, 'admin@demo.test');
    await pickComplex(page, 'Conjunto Los Álamos');
    const entry = (name: string) => page.getByRole('menuitem', { name, exact: true });
    await entry('Historial de correos').click();
    await page.getByText('Fumigación de áreas comunes').first().waitFor();
    expect(await entry('Correos programados').count()).toBe(0);
    await page.close();
  });
});
