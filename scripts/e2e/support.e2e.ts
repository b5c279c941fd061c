// Support in the browser: the administrator of Los Álamos reads the FAQ (accordion by category, search), files a
// support request; platform staff find it in 'Feedback: Sugerencias', answer it and mark it Resuelto; the
// administrator's open thread shows the answer live, without a reload. Screenshots: ./screenshots/support-<name>.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, pickComplex, signIn, startE2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E('support');
}, 300_000);
afterAll(() => e2e?.close());

describe('support', () => {
  it('FAQ, a request filed by the office, answered by platform staff', async () => {
    const admin = await e2e.newPage();
    await admin.setViewportSize({ width: 1366, height: 900 });
    await signIn(admin, 'admin@demo.test');
    await pickComplex(admin, 'Conjunto Los Álamos');
    await admin.goto('/#/administrador/faq');
    await admin.getByText('¿Cómo cambio mi contraseña?').click();
    await admin.getByText(/Cambiar contraseña/).waitFor();
    await e2e.screenshot(admin, '1366-faq');
    await admin.getByRole('textbox', { name: 'Buscar en las preguntas' }).fill('residentes');
    await expect.poll(() => admin.getByText('¿Cómo cambio mi contraseña?').count()).toBe(0);
    await admin.getByText('¿Cómo cargo a muchos residentes a la vez?').waitFor();

    await admin.goto('/#/administrador/supports');
    await admin.getByText('No llegan los correos de bienvenida').waitFor();
    await e2e.screenshot(admin, '1366-list');
    await admin.goto('/#/administrador/supports/create');
    await admin.getByLabel('Asunto *').fill('Necesito activar Votaciones');
    await admin.getByLabel('Detalle *').fill('Queremos hacer la asamblea en línea el próximo mes.');
    await e2e.screenshot(admin, '1366-create');
    await admin.getByRole('button', { name: 'Guardar' }).click();
    await admin.getByText('Aún no hay respuestas.').waitFor();

    const staff = await e2e.newPage();
    await staff.setViewportSize({ width: 1366, height: 900 });
    await signIn(staff, 'superadmin@demo.test');
    await staff.waitForURL(/#\/superAdmin\//);
    await staff.goto('/#/superAdmin/sugerencias');
    await staff.getByText('Necesito activar Votaciones').click();
    await staff.getByRole('textbox', { name: 'Respuesta' }).fill('Listo: el módulo de votaciones ya está activo.');
    await staff.getByRole('combobox', { name: 'Cambiar estado a' }).click();
    await staff.getByRole('option', { name: 'Resuelto' }).click();
    await staff.getByRole('button', { name: 'Enviar' }).click();
    await staff.getByText('Estado: Resuelto').waitFor();
    await e2e.screenshot(staff, '1366-staff-thread');
    await staff.goto('/#/superAdmin/FAQ');
    await staff.getByText('¿Cómo activo un módulo para mi conjunto?').waitFor();
    await e2e.screenshot(staff, '1366-staff-faq');

    // The office's open thread shows the answer without a reload (live event support.changed).
    await admin.getByText('Listo: el módulo de votaciones ya está activo.').waitFor({ timeout: 10_000 });
    await admin.getByText('Estado: Resuelto').waitFor();
    await e2e.screenshot(admin, '1366-thread');
    // A phone: the thread and the FAQ fit its width.
    const overflow = () => admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await admin.setViewportSize({ width: 390, height: 844 });
    // Photographed once the page has laid itself out again at the new width.
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    await e2e.screenshot(admin, '390-thread');
    await admin.goto('/#/administrador/faq');
    await admin.getByText('¿Cómo cambio mi contraseña?').waitFor();
    await e2e.screenshot(admin, '390-faq');
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(e2e.pageErrors).toEqual([]);
  }, 240_000);
});
