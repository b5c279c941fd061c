// Reservations in the browser (issue 14): residente@demo.test books the party room on a phone and sees it pending;
// admin@demo.test approves it in 'Reservas por aprobar'; the resident's section shows it approved (live) with its
// QR; the guard validates the code at the gate. The office's areas, their form and the reservations list are looked at.
import { formatDateTime } from '@conjunto/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, openOfficeBell, pickComplex, pickGuardPost, settled, signIn, startE2E } from './harness.ts';

let e2e: E2E;
let alamos: string;
/** A day past the demo's month of reservations, in Guayaquil time. */
const DAY = new Date(Date.now() + 30 * 86_400_000 - 5 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  e2e = await startE2E('reservations');
  alamos = await e2e.complexId('Conjunto Los Álamos');
  // The monthly limit is tested by the API tests; the demo's random month must not decide this one.
  await e2e.sql("update reservation_areas set max_per_unit_month = null where complex_id = ? and name = 'Salón comunal'", [
    alamos,
  ]);
  await e2e.sql(`update complexes set modules = coalesce(modules, '{}'::jsonb) || '{"QRPin": true}'::jsonb where id = ?`, [
    alamos,
  ]);
}, 120_000);
afterAll(() => e2e?.close());

describe('a party room reservation', () => {
  it('goes from the resident’s request to the office’s approval, the QR and the gate', async () => {
    const resident = await e2e.newPage();
    await resident.setViewportSize({ width: 390, height: 844 });
    await signIn(resident, 'residente@demo.test');
    await resident.waitForURL(/#\/residente\/dashboard/);
    await resident.goto(`${resident.url().split('#')[0]}#/residente/hogar`);
    await settled(resident);
    await resident.getByRole('button', { name: 'Reservar', exact: true }).click();
    const form = resident.getByRole('dialog', { name: 'Reservar área comunal' });
    await form.getByRole('combobox', { name: /Área comunal/ }).click();
    await resident.getByRole('option', { name: 'Salón comunal' }).click();
    await form.getByLabel(/^Fecha/).fill(DAY);
    await form.getByRole('button', { name: '18:00 - 19:00' }).click();
    await form.getByRole('button', { name: '20:00 - 21:00' }).click();
    await form.getByLabel(/^Invitados/).fill('40');
    await e2e.screenshot(resident, '390-residente-reservar');
    await form.getByRole('button', { name: 'Reservar', exact: true }).click();
    await resident.getByText('Reserva solicitada: pendiente de aprobación').waitFor();
    const [booked] = await e2e.sql<{ id: string; starts_at: Date; ends_at: Date; status: string }>(
      "select r.id, r.starts_at, r.ends_at, r.status from reservations r join users u on u.id = r.user_id where u.email = 'residente@demo.test' and r.starts_at::date >= ?::date order by r.created_at desc limit 1",
      [DAY],
    );
    expect(booked.status).toBe('pendiente');
    // Three consecutive slots: 18:00 to 21:00.
    expect(formatDateTime(booked.starts_at)).toMatch(/ 18:00$/);
    expect(formatDateTime(booked.ends_at)).toMatch(/ 21:00$/);
    const when = formatDateTime(booked.starts_at);
    const mine = resident.getByRole('listitem').filter({ hasText: when });
    await mine.getByText('Pendiente').waitFor();
    await e2e.screenshot(resident, '390-residente-pendiente');

    const admin = await e2e.newPage();
    await admin.setViewportSize({ width: 1366, height: 900 });
    await signIn(admin, 'admin@demo.test');
    await pickComplex(admin, 'Conjunto Los Álamos');
    // The office's bell counts the request among the pending reservations (and the other groups).
    const bell = await openOfficeBell(admin);
    await bell.getByText(/^Reservas por aprobar \(\d+\)$/).waitFor();
    await e2e.screenshot(admin, '1366-admin-campana');
    await admin.keyboard.press('Escape');
    await bell.waitFor({ state: 'detached' });
    await admin.goto(`${admin.url().split('#')[0]}#/administrador/reservasxaprobar`);
    const [{ name }] = await e2e.sql<{ name: string }>(
      "select first_name || ' ' || last_name as name from users where email = 'residente@demo.test'",
    );
    await admin.getByPlaceholder('Buscar').fill(name);
    const row = admin.locator('tbody tr').filter({ hasText: when });
    await row.waitFor();
    await e2e.screenshot(admin, '1366-admin-por-aprobar');
    await row.getByRole('button', { name: 'Aprobar' }).click();
    await admin.getByText('Reserva aprobada').waitFor();
    await row.waitFor({ state: 'detached' });

    // The resident's section, when they come back to it: approved, with its QR and PIN.
    await resident.reload();
    await mine.getByText('Aprobada').waitFor();
    await mine.getByRole('button', { name: 'Ver código QR' }).click();
    const pass = resident.getByRole('dialog', { name: 'Código QR de la reserva' });
    await pass.getByRole('img', { name: 'Código QR de la reserva' }).waitFor();
    const [approved] = await e2e.sql<{ code: string }>('select code from reservations where id = ?', [booked.id]);
    expect(approved.code).toMatch(/^\d{8}$/);
    await pass.getByText(`Código: ${approved.code}`).waitFor();
    await e2e.screenshot(resident, '390-residente-qr');
    await pass.getByRole('button', { name: 'Cerrar' }).click();

    // The office's screens.
    await admin.goto(`${admin.url().split('#')[0]}#/administrador/reservas`);
    await admin.locator('tbody tr').first().waitFor();
    await e2e.screenshot(admin, '1366-admin-reservas');
    await admin.getByRole('button', { name: 'Nueva reserva' }).click();
    const booking = admin.getByRole('dialog', { name: 'Reservar área comunal' });
    await booking.getByRole('group', { name: 'Turnos disponibles' }).waitFor();
    await e2e.screenshot(admin, '1366-admin-nueva-reserva');
    await booking.getByRole('button', { name: 'Cancelar' }).click();
    await booking.waitFor({ state: 'detached' });
    await admin.goto(`${admin.url().split('#')[0]}#/administrador/areascomunales`);
    await settled(admin);
    // The areas' own column: until it shows, the table on the page can still be the reservations list left behind.
    await admin.getByRole('columnheader', { name: 'Aforo (personas)' }).waitFor();
    await admin.locator('tbody tr').filter({ hasText: 'Salón comunal' }).click();
    await admin.waitForURL(/areascomunales\/areacomunal\//);
    await admin.getByLabel(/^Nombre/).waitFor();
    await admin.getByRole('img', { name: 'Salón comunal' }).waitFor();
    await e2e.screenshot(admin, '1366-admin-area');
    await admin.goto(`${admin.url().split('#')[0]}#/administrador/areascomunales`);
    await admin.locator('tbody tr').first().waitFor();
    await e2e.screenshot(admin, '1366-admin-areas');

    // The guard validates the code at the gate (its validity starts 30 minutes before: moved to now).
    await e2e.sql(
      "update reservations set code_valid_from = now() - interval '5 minutes', code_valid_until = now() + interval '3 hours' where id = ?",
      [booked.id],
    );
    const guard = await e2e.newPage();
    await guard.setViewportSize({ width: 1366, height: 900 });
    await signIn(guard, 'guardia@demo.test');
    await guard.waitForURL(/#\/guardia\/dashboard/);
    await pickGuardPost(guard);
    // The guard's drawer: Historial > Reservas (spec 002 §2.2), after Cambios de Guardias and Rondas.
    await guard.getByRole('menuitem', { name: 'Reservas', exact: true }).click();
    await guard.waitForURL(/#\/guardia\/reservas/);
    await guard.locator('tbody tr').first().waitFor();
    await e2e.screenshot(guard, '1366-guardia-reservas');
    await guard.setViewportSize({ width: 390, height: 844 });
    // A phone opens with the drawer closed.
    await guard.reload();
    await settled(guard);
    await guard.getByRole('button', { name: 'Validar código' }).click();
    const check = guard.getByRole('dialog', { name: 'Validar código QR de reserva' });
    await check.getByLabel(/Código de 8 dígitos/).fill(approved.code);
    await check.getByRole('button', { name: 'Validar' }).click();
    await check.getByText('Código válido: Salón comunal, U.H. Casa 1.').waitFor();
    await e2e.screenshot(guard, '390-guardia-validar');
    expect(e2e.pageErrors).toEqual([]);
  });
});
