// Panic alerts in the browser (issue 13): residente@demo.test presses the panic button on a phone; the guard, signed
// in at the gate, gets the 'Ayuda!!!' snackbar, the 'Necesito ayuda' dialog with the resident's data and the siren,
// follows 'Detalle' to /guardia/alerta and closes the alert with an observation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, pickGuardPost, signIn, startE2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E('panic');
}, 120_000);
afterAll(() => e2e?.close());

describe('a panic alert', () => {
  it('goes from the resident’s button to the guard’s dialog and siren, and is closed from Alerta', async () => {
    const guard = await e2e.newPage();
    await guard.setViewportSize({ width: 1366, height: 900 });
    // The guard's live stream is open before the resident presses.
    const streamOpen = guard.waitForResponse((r) => r.url().includes('/events'));
    await signIn(guard, 'guardia@demo.test');
    await guard.waitForURL(/#\/guardia\/dashboard/);
    await pickGuardPost(guard);
    await streamOpen;

    const resident = await e2e.newPage();
    await resident.setViewportSize({ width: 390, height: 844 });
    await signIn(resident, 'residente@demo.test');
    await resident.waitForURL(/#\/residente/);
    const button = resident.getByRole('button', { name: 'Botón de pánico' });
    await button.waitFor();
    await e2e.screenshot(resident, '390-residente-inicio');
    await button.click();
    await resident.getByLabel('Qué sucede (opcional)').fill('Ruidos extraños en el patio');
    await e2e.screenshot(resident, '390-residente-confirmar');
    await resident.getByRole('button', { name: 'Enviar alerta' }).click();
    await resident.getByText('Alerta enviada a la guardia.').waitFor();

    const [me] = await e2e.sql<{ name: string }>(
      "select first_name || ' ' || last_name as name from users where email = 'residente@demo.test'",
    );
    const dialog = guard.getByRole('dialog');
    await dialog.getByText('Necesito ayuda').waitFor();
    await dialog.getByText(me.name).waitFor();
    await dialog.getByText('Ruidos extraños en el patio').waitFor();
    await dialog.getByText('Conjunto: Conjunto Los Álamos').waitFor();
    await guard.getByText('Ayuda!!!').waitFor();
    expect(await guard.evaluate(() => document.documentElement.dataset.sirenPlayedAt)).toBeTruthy();
    await e2e.screenshot(guard, '1366-guardia-dialogo');

    await dialog.getByRole('button', { name: 'Detalle' }).click();
    await guard.waitForURL(/#\/guardia\/alerta/);
    const row = guard.locator('tbody tr').filter({ hasText: 'Ruidos extraños en el patio' });
    await row.getByText('Activa').waitFor();
    await row.getByRole('button', { name: 'Cerrar alerta' }).click();
    await guard.getByLabel(/^Observación/).fill('Se revisó el patio: era un gato.');
    await e2e.screenshot(guard, '1366-guardia-cerrar');
    await guard.getByRole('dialog').getByRole('button', { name: 'Cerrar alerta' }).click();
    await guard.getByText('Alerta cerrada.').waitFor();
    await row.getByText('Cerrada').waitFor();
    await e2e.screenshot(guard, '1366-guardia-alertas');
    const [closed] = await e2e.sql<{ status: number; observation: string }>(
      "select status, observation from panic_alerts where detail = 'Ruidos extraños en el patio'",
    );
    expect(closed).toEqual({ status: 0, observation: 'Se revisó el patio: era un gato.' });
    expect(e2e.pageErrors).toEqual([]);
  });
});
