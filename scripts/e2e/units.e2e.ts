// Units in the browser (issue 12): the unit edit screen with its ledger fields and lock button, the catalogue of
// unit types, and the resident's detail with sessions and delete, at 1366 and 390 px (./screenshots/units-*.png).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, pickComplex, signIn, startE2E } from './harness.ts';

let e2e: E2E;
let admin: Page;
beforeAll(async () => {
  e2e = await startE2E('units');
});
afterAll(async () => {
  await e2e?.close();
}, 60_000);

describe('units in the browser', () => {
  it('shows the unit with its account and lock, the catalogues, and the resident with sessions', async () => {
    admin = await e2e.newPage();
    await admin.setViewportSize({ width: 1366, height: 900 });
    await signIn(admin, 'admin@demo.test');
    await admin.waitForURL(/#\/administrador\/dashboard/);
    await pickComplex(admin, 'Conjunto Los Álamos');
    const [casa2] = await e2e.sql<{ id: string }>("select id from units where number = 'Casa 2' and complex_id = ?", [
      await e2e.complexId('Conjunto Los Álamos'),
    ]);
    for (const [width, height] of [
      [1366, 900],
      [390, 844],
    ] as const) {
      await admin.setViewportSize({ width, height });
      await admin.goto(`/#/administrador/unidadesHabitacionales/${casa2.id}`);
      await admin.getByText('Cuenta de la unidad').first().waitFor();
      await admin.waitForTimeout(500);
      await e2e.screenshot(admin, `${width}-unit-edit`);
      expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
      await admin.goto('/#/administrador/tiposUnidades');
      await admin.getByText('DEPARTAMENTO').first().waitFor();
      await e2e.screenshot(admin, `${width}-unit-types`);
      await admin.goto('/#/administrador/unidadesHabitacionales');
      await admin.getByText('Casa 2', { exact: true }).first().waitFor();
      await admin.waitForTimeout(500);
      await e2e.screenshot(admin, `${width}-unit-list`);
    }
    await admin.setViewportSize({ width: 1366, height: 900 });
    // The resident signs in on a phone: the administrator sees that session and closes it, and the list says so.
    const phone = await e2e.newPage();
    await signIn(phone, 'residente@demo.test');
    await phone.waitForURL(/#\/residente/);
    const [me] = await e2e.sql<{ id: string }>("select id from users where email = 'residente@demo.test'");
    await admin.goto(`/#/administrador/residente/${me.id}`);
    await admin.getByText('Sesiones abiertas').waitFor();
    await admin
      .getByText(/^Último uso:/)
      .first()
      .waitFor();
    await admin.getByRole('button', { name: 'Cerrar sesiones' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Cerrar sesiones' }).click();
    await admin.getByText('No tiene sesiones abiertas.').waitFor();
    await admin.getByRole('button', { name: 'Bloquear propiedad' }).click();
    await admin.getByRole('dialog').waitFor();
    await e2e.screenshot(admin, '1366-resident-lock');
    await admin.getByRole('dialog').getByRole('button', { name: 'Bloquear propiedad' }).click();
    await admin.getByText('Propiedad bloqueada.').waitFor();
    await admin.getByRole('button', { name: 'Desbloquear propiedad' }).waitFor();
    await e2e.screenshot(admin, '1366-resident-locked');
    expect(e2e.pageErrors).toEqual([]);
  });
});
