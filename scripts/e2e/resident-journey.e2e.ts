// A resident's whole journey (issue 12, "How it must hold up"), on 'Conjunto El Bosque' (the demo complex with an
// electronic signature): admin@demo.test creates a new resident who owns a new unit, adds a family member, two
// approvers and a plate, and locks the property; the resident sets a password through the invitation e-mail's link
// (read from mail_outbox), signs in to /residente and is refused everything but the payments part; the admin unlocks,
// the resident reloads and sees the family, approvers and plate; the admin prints a signed certificate, which pdfsig
// verifies and the public endpoint resolves. Photographed at 1366x900 and 390 px (./screenshots/journey-*.png).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, type E2E, pickComplex, SCREENSHOTS, settled, signIn, startE2E } from './harness.ts';

const BOSQUE = 'Conjunto El Bosque';
const UNIT = 'Casa Viaje 7';
const EMAIL = 'lucia.viaje@residentes.test';
const PASSWORD = 'lucia-clave-2026';
const PLATE = 'PBX4821';
const LOCKED = 'Su propiedad está bloqueada: solo puede acceder a la sección de pagos. Comuníquese con la administración.';

let e2e: E2E;
let admin: Page;
let resident: Page;
let complexId: string;
let unitId: string;
let residentId: string;

beforeAll(async () => {
  e2e = await startE2E('journey');
  complexId = await e2e.complexId(BOSQUE);
}, 300_000);
afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    for (const [name, page] of [
      ['admin', admin],
      ['resident', resident],
    ] as const)
      await page
        ?.screenshot({ path: join(SCREENSHOTS, `journey-failed-${name}-${context.task.name.slice(0, 20)}.png`) })
        .catch(() => undefined);
});
afterAll(async () => {
  await e2e?.close();
}, 60_000);

const panel = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const text = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Photographs the page at 1366x900 and at 390 px (no sideways scroll), and leaves it at 1366. */
async function shots(page: Page, name: string, ready: () => Promise<unknown>) {
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    // A fresh load at each size: the layout switched live keeps the other size's drawer state.
    await page.reload();
    await ready();
    await settled(page);
    await expect.poll(() => page.locator('#main-content .MuiSkeleton-root').count(), { timeout: 15_000 }).toBe(0);
    await page.mouse.move(width - 1, 0);
    await page.waitForTimeout(300); // snackbars and reloads settle
    expect(await overflow(page), `${name} at ${width}`).toBeLessThanOrEqual(0);
    await e2e.screenshot(page, `${width}-${name}`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.reload();
  await ready();
}

/** What the page's own fetch answers (status and JSON) for an API path, with the page's session. */
async function api(page: Page, path: string): Promise<{ status: number; body: { message?: string } }> {
  const token = await accessToken(page);
  return page.evaluate(
    async ({ path, token }) => {
      const res = await fetch(path, { headers: { Authorization: `Bearer ${token}` } });
      return { status: res.status, body: await res.json().catch(() => ({})) };
    },
    { path, token },
  );
}

describe("a resident's journey", () => {
  it('the administrator creates the resident in the browser', async () => {
    admin = await e2e.newPage();
    await admin.setViewportSize({ width: 1366, height: 900 });
    await signIn(admin, 'admin@demo.test');
    await admin.waitForURL(/#\/administrador\/dashboard/);
    await pickComplex(admin, BOSQUE);
    // Every demo unit has its owner: one of the test's own, without one.
    const unit = await e2e.server.app.inject({
      method: 'POST',
      url: `/api/complexes/${complexId}/units`,
      headers: { authorization: `Bearer ${await accessToken(admin)}` },
      payload: { number: UNIT, aliquot: 0, isActive: true, rented: false },
    });
    expect(unit.statusCode, unit.body).toBe(201);
    unitId = unit.json().id;

    await admin.goto('/#/administrador/residente/create');
    await text(admin, 'Nombre').fill('Lucía');
    await text(admin, 'Apellido').fill('Viajera Mora');
    await text(admin, 'Correo').fill(EMAIL);
    await text(admin, 'Teléfono').fill('+593 98 765 4321');
    await text(admin, 'Cédula').fill('1719283746');
    const unitInput = admin.getByRole('combobox', { name: 'Unidad', exact: true });
    await unitInput.click();
    await unitInput.fill('Viaje');
    await admin.getByRole('option', { name: UNIT, exact: true }).click();
    await admin.getByRole('combobox', { name: /^Relación/ }).click();
    await admin.getByRole('option', { name: 'Propietario', exact: true }).click();
    await e2e.screenshot(admin, '1366-01-nuevo-residente');
    await admin.getByRole('button', { name: 'Guardar' }).click();
    await admin.getByText('Residente creado. Se le envió un correo para crear su contraseña.').waitFor();
    [{ id: residentId }] = await e2e.sql<{ id: string }>('select id from users where email = ?', [EMAIL]);
    const [owner] = await e2e.sql<{ owner_id: string }>('select owner_id from units where id = ?', [unitId]);
    expect(owner.owner_id).toBe(residentId);
  });

  it('adds a family member, two approvers and a plate, and locks the property', async () => {
    await admin.goto(`/#/administrador/residente/${residentId}`);
    const family = panel(admin, 'Familiares');
    await family.getByRole('button', { name: 'Agregar familiar' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Tomás');
    await dialog.getByRole('textbox', { name: 'Apellido' }).fill('Viajero Mora');
    await dialog.getByRole('textbox', { name: 'Cédula' }).fill('1799887766');
    await dialog.getByRole('textbox', { name: 'Parentesco' }).fill('Hijo');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await family.getByText('Tomás Viajero Mora').waitFor();

    const approvers = panel(admin, 'Aprobadores');
    await approvers.getByRole('button', { name: 'Editar aprobadores' }).click();
    const modal = admin.getByRole('dialog');
    const first = modal.getByRole('textbox', { name: 'Nombre' });
    const last = modal.getByRole('textbox', { name: 'Apellido' });
    await first.nth(0).fill('Carmen');
    await last.nth(0).fill('Mora Ruiz');
    await first.nth(1).fill('Andrés');
    await last.nth(1).fill('Viajero');
    await modal.getByRole('button', { name: 'Guardar' }).click();
    await approvers.getByText('Carmen Mora Ruiz').waitFor();
    await approvers.getByText('Andrés Viajero').waitFor();

    // The plate, on the plates screen, for this resident's unit and this resident.
    await admin.goto('/#/administrador/placas/create');
    await text(admin, 'Placa').fill(PLATE.toLowerCase());
    const destino = admin.getByRole('combobox', { name: /^Destino/ });
    await destino.click();
    await destino.fill('Viaje');
    await admin.getByRole('option', { name: UNIT, exact: true }).click();
    const who = admin.getByRole('combobox', { name: /^Residente/ });
    await who.click();
    await admin.getByRole('option', { name: /Lucía Viajera Mora/ }).click();
    await e2e.screenshot(admin, '1366-02-nueva-placa');
    await admin.getByRole('button', { name: 'Guardar' }).click();
    await admin.getByText('Placa registrada correctamente').waitFor();
    await admin.waitForURL(/#\/administrador\/placas(\?|$)/); // back to the list
    const [plate] = await e2e.sql<{ resident_id: string; unit_id: string }>(
      'select resident_id, unit_id from plates where value = ? and complex_id = ?',
      [PLATE, complexId],
    );
    expect(plate).toEqual({ resident_id: residentId, unit_id: unitId });

    await admin.goto(`/#/administrador/residente/${residentId}`);
    await panel(admin, 'Placas registradas').getByText(PLATE).waitFor();
    await admin.getByRole('button', { name: 'Bloquear propiedad' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Bloquear propiedad' }).click();
    await admin.getByText('Propiedad bloqueada.').waitFor();
    await admin.getByRole('button', { name: 'Desbloquear propiedad' }).waitFor();
    await shots(admin, '03-detalle-bloqueado', () => panel(admin, 'Placas registradas').getByText(PLATE).waitFor());
  });

  it('the resident sets a password from the invitation and, locked, reaches the payments part only', async () => {
    const mails = await e2e.sql<{ text: string }>(
      'select text from mail_outbox where to_addresses @> ?::jsonb order by created_at desc',
      [JSON.stringify([EMAIL])],
    );
    const token = mails.map((m) => /#\/contrasena\/([A-Za-z0-9_-]{43})/.exec(m.text)?.[1]).find(Boolean);
    expect(token, 'the invitation e-mail carries the link').toBeTruthy();

    resident = await e2e.newPage();
    await resident.setViewportSize({ width: 390, height: 844 });
    await resident.goto(`/#/contrasena/${token}`);
    await resident.getByRole('heading', { name: 'Crear contraseña' }).waitFor();
    await resident.getByText(EMAIL).waitFor();
    await resident.getByLabel(/^Nueva contraseña/).fill(PASSWORD);
    await resident.getByLabel(/^Confirmar contraseña/).fill(PASSWORD);
    await e2e.screenshot(resident, '390-04-crear-contrasena');
    await resident.getByRole('button', { name: 'Guardar contraseña' }).click();
    await resident.getByText('Contraseña guardada. Ya puede iniciar sesión.').waitFor();

    await signIn(resident, EMAIL, PASSWORD);
    // A new user accepts the terms first.
    const terms = resident.getByRole('dialog', { name: 'Términos y condiciones' });
    await terms.getByLabel('He leído y acepto los términos y condiciones').check();
    await terms.getByRole('button', { name: 'Continuar' }).click();
    await resident.waitForURL(/#\/residente\/dashboard/);
    await resident.getByRole('heading', { name: /^Hola, / }).waitFor();
    await shots(resident, '05-residente-bloqueado', () => resident.getByRole('heading', { name: /^Hola, / }).waitFor());

    // The server: a non-payment call is refused with the lock's message; the statement (payments) answers.
    const familyCall = await api(resident, `/api/complexes/${complexId}/family-members`);
    expect(familyCall.status).toBe(403);
    expect(familyCall.body.message).toBe(LOCKED);
    const statement = await api(resident, `/api/complexes/${complexId}/my-unit/statement`);
    expect(statement.status, JSON.stringify(statement.body)).toBe(200);

    // The screen: Mi hogar says why, and shows the payments part only (the statement, not the family).
    await resident.goto('/#/residente/hogar');
    await resident.getByText(LOCKED).waitFor();
    await panel(resident, 'Estado de cuenta').waitFor();
    expect(await panel(resident, 'Familiares').count()).toBe(0);
    await shots(resident, '06-hogar-bloqueado', () => panel(resident, 'Estado de cuenta').waitFor());
  });

  it('unlocked, the resident sees the family, approvers and plate the administrator added', async () => {
    await admin.goto(`/#/administrador/residente/${residentId}`);
    await admin.getByRole('button', { name: 'Desbloquear propiedad' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Desbloquear propiedad' }).click();
    await admin.getByText('Propiedad desbloqueada.').waitFor();
    await admin.getByRole('button', { name: 'Bloquear propiedad' }).waitFor();

    await resident.reload();
    await panel(resident, 'Familiares').getByText('Tomás Viajero Mora').waitFor();
    await panel(resident, 'Aprobadores').getByText('Carmen Mora Ruiz').waitFor();
    await panel(resident, 'Aprobadores').getByText('Andrés Viajero').waitFor();
    await panel(resident, 'Placas registradas').getByText(PLATE).waitFor();
    expect(await resident.getByText(LOCKED).count()).toBe(0);
    expect((await api(resident, `/api/complexes/${complexId}/family-members`)).status).toBe(200);
    await shots(resident, '07-hogar', () => panel(resident, 'Placas registradas').getByText(PLATE).waitFor());
  });

  it('the administrator prints a signed certificate that verifies', async () => {
    await admin.goto(`/#/administrador/residente/${residentId}`);
    const certificates = panel(admin, 'Certificados');
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      certificates.getByRole('button', { name: 'Certificado de expensas: Firmado' }).click(),
    ]);
    await admin.getByText('Certificado emitido.').waitFor();
    await shots(admin, '08-certificado', () => certificates.waitFor());
    const path = await download.path();
    const pdf = readFileSync(path);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/ByteRange');
    const pdfsig = spawnSync('pdfsig', [path], { encoding: 'utf8' });
    if (pdfsig.error) console.warn('pdfsig is not installed: the signature is checked by its /ByteRange only.');
    else expect(pdfsig.stdout).toContain('Signature is Valid');

    const [issued] = await e2e.sql<{ code: string }>(
      'select code from issued_documents where unit_id = ? order by issued_at desc limit 1',
      [unitId],
    );
    const verify = await e2e.server.app.inject({ method: 'GET', url: `/api/public/verify/${issued.code}` });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json()).toMatchObject({ complexName: BOSQUE, signed: true });
    expect(e2e.pageErrors).toEqual([]);
  });
});
