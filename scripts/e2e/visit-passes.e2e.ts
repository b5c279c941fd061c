// Early visits with a pass, in the browser (issue 13): residente@demo.test announces a visit on a phone and sees its
// QR (and the PIN, QRPin on); the guard lets the visitor in by typing the pass in 'Visitas anticipadas' (what a QR
// scanner does), and the visit shows as let in. The office's bell lists it among today's early visits meanwhile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, openOfficeBell, pickComplex, pickGuardPost, settled, signIn, startE2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E('visit-passes');
  const [{ id }] = await e2e.sql<{ id: string }>("select id from complexes where name = 'Conjunto Los Álamos'");
  await e2e.sql(`update complexes set modules = coalesce(modules, '{}'::jsonb) || '{"QRPin": true}'::jsonb where id = ?`, [id]);
}, 120_000);
afterAll(() => e2e?.close());

describe('a visit pass', () => {
  it('goes from the resident’s announcement to the guard’s scanner', async () => {
    const resident = await e2e.newPage();
    await resident.setViewportSize({ width: 390, height: 844 });
    await signIn(resident, 'residente@demo.test');
    // The area's own landing first: a deep link opened before it would be replaced by it.
    await resident.waitForURL(/#\/residente\/dashboard/);
    await resident.goto(`${resident.url().split('#')[0]}#/residente/hogar`);
    // Mi hogar loads every plugin's section (each its own chunk and requests) before this one shows.
    await settled(resident);
    await resident.getByRole('button', { name: 'Anunciar visita' }).click();
    const form = resident.getByRole('dialog');
    await form.getByLabel(/^Nombre/).fill('Paula');
    await form.getByLabel(/^Apellido/).fill('Pase');
    await form.getByLabel(/^Cédula/).fill('0912345678');
    await form.getByLabel(/^Hora estimada de llegada/).fill('23:59');
    await e2e.screenshot(resident, '390-residente-anunciar');
    await form.getByRole('button', { name: 'Anunciar' }).click();
    const pass = resident.getByRole('dialog', { name: 'Pase de visita' });
    await pass.getByRole('img', { name: 'Pase de visita' }).waitFor();
    const [visit] = await e2e.sql<{ code: string }>("select code from early_visits where first_name = 'Paula'");
    await pass.getByText(`PIN: ${visit.code}`).waitFor();
    await e2e.screenshot(resident, '390-residente-pase');
    await pass.getByRole('button', { name: 'Cerrar' }).click();

    // The office's bell (issue 14): today's pending early visits, beside its other groups.
    const admin = await e2e.newPage();
    await admin.setViewportSize({ width: 1366, height: 900 });
    await signIn(admin, 'admin@demo.test');
    await pickComplex(admin, 'Conjunto Los Álamos');
    const bell = await openOfficeBell(admin);
    await bell.getByText(/^Visitas anticipadas de hoy \(\d+\)$/).waitFor();
    const listed = bell.getByText('Paula Pase', { exact: false });
    await listed.waitFor();
    // The group is below the others: scrolled to, for the photograph.
    await listed.scrollIntoViewIfNeeded();
    await e2e.screenshot(admin, '1366-admin-campana');
    await admin.close();

    const guard = await e2e.newPage();
    await guard.setViewportSize({ width: 1366, height: 900 });
    await signIn(guard, 'guardia@demo.test');
    await guard.waitForURL(/#\/guardia\/dashboard/);
    await pickGuardPost(guard);
    await guard.goto(`${guard.url().split('#')[0]}#/guardia/visitasAnticipadas`);
    const row = guard.locator('tbody tr').filter({ hasText: 'Paula Pase' });
    await row.waitFor();
    await guard.getByLabel('Código del pase (QR o PIN)').fill(visit.code);
    await e2e.screenshot(guard, '1366-guardia-pase');
    await guard.getByRole('button', { name: 'Ingresar' }).click();
    await guard.getByText('Entrada registrada: Paula Pase').waitFor();
    await row.waitFor({ state: 'detached' });
    const [after] = await e2e.sql<{ status: string }>("select status from early_visits where first_name = 'Paula'");
    expect(after.status).toBe('ingresada');
    expect(e2e.pageErrors).toEqual([]);
  });
});
