import { MODULE_SWITCHES } from '@conjunto/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

describe('module switches (spec 002 §3)', () => {
  it('answers every switch of the catalogue with its default: all false but DeleteGuards, plus plugin switches', async () => {
    const headers = await t.login('admin@demo.test');
    const res = await t.app.inject({ method: 'GET', url: `/api/complexes/${await t.complexId('alamos')}/modules`, headers });
    expect(res.statusCode).toBe(200);
    const modules = res.json();
    for (const name of ['QrPrint', 'Anulacion', 'FacturacionElectronica', 'QrElevator', 'Bloques', 'NoFamilyGuard']) {
      expect(modules[name], name).toBe(false);
    }
    expect(modules.DeleteGuards).toBe(true);
    // The support plugin's demo files two requests in Los Álamos, with its 'Supports' switched on.
    expect(modules.Supports).toBe(true);
    expect(modules.Encuestas).toBe(true);
    // Contabilidad is off by default; the demo complexes have it switched on.
    expect(modules.Contabilidad).toBe(true);
    // The biometrics demo lives in Los Álamos; the residents plugin's demo shows plates, tags, moving, pets and the
    // guard's list of approvers.
    expect(modules.RostrosResidentes).toBe(true);
    for (const name of ['PlacasResidentes', 'TagsResidentes', 'Mudanza', 'Pets', 'Aprobadores'])
      expect(modules[name], name).toBe(true);
    // The gate's own switch, on by default (every complex has a gate).
    expect(modules.Garita).toBe(true);
    // The reservations and votes plugins' own switches, on by default.
    expect(modules.AreasComunales).toBe(true);
    expect(modules.Votaciones).toBe(true);
    // Maintenance and issue reports: switches of their own, on by default.
    expect(modules.Mantenimiento).toBe(true);
    expect(modules.InformeProblemas).toBe(true);
    // Scheduled e-mails: a switch of its own, off by default, on in the demo complexes.
    expect(modules.CorreosProgramados).toBe(true);
    expect(Object.keys(modules)).toHaveLength(MODULE_SWITCHES.length + 9);
  });

  it('lets only platform staff change them, partially, and refuses unknown switches', async () => {
    const url = `/api/complexes/${await t.complexId('bosque')}/modules`;
    const admin = await t.login('admin@demo.test');
    expect((await t.app.inject({ method: 'PUT', url, headers: admin, payload: { Pets: true } })).statusCode).toBe(403);
    const staff = await t.login('superadmin@demo.test');
    const bad = await t.app.inject({ method: 'PUT', url, headers: staff, payload: { Pets: true, Teleport: true } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ Teleport: 'Módulo desconocido.' });
    expect((await t.app.inject({ method: 'PUT', url, headers: staff, payload: { Pets: 'yes' } })).statusCode).toBe(400);
    const ok = await t.app.inject({ method: 'PUT', url, headers: staff, payload: { Pets: true, DeleteGuards: false } });
    expect(ok.statusCode).toBe(200);
    // Only what was sent changes: the residents' moving demo keeps Mudanza on, QrPrint stays off.
    expect(ok.json()).toMatchObject({ Pets: true, DeleteGuards: false, Mudanza: true, QrPrint: false });
    expect((await t.app.inject({ method: 'GET', url, headers: admin })).json()).toMatchObject({
      Pets: true,
      DeleteGuards: false,
    });
  });

  it("closes a plugin's routes (404) for one complex when its switch is off, and only there", async () => {
    const alamos = await t.complexId('alamos');
    const bosque = await t.complexId('bosque');
    const admin = await t.login('admin@demo.test');
    const staff = await t.login('superadmin@demo.test');
    await t.app.inject({ method: 'PUT', url: `/api/complexes/${alamos}/modules`, headers: staff, payload: { Encuestas: false } });
    const off = await t.app.inject({ method: 'GET', url: `/api/complexes/${alamos}/surveys`, headers: admin });
    expect(off.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/complexes/${alamos}/surveys`, headers: admin, payload: { title: 'X' } }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/complexes/${bosque}/surveys`, headers: admin })).statusCode).toBe(200);
    await t.app.inject({ method: 'PUT', url: `/api/complexes/${alamos}/modules`, headers: staff, payload: { Encuestas: true } });
    expect((await t.app.inject({ method: 'GET', url: `/api/complexes/${alamos}/surveys`, headers: admin })).statusCode).toBe(200);
  });
});

describe('platform-wide plugin switch', () => {
  it('disables a plugin for every complex and lists it as disabled', async () => {
    const staff = await t.login('superadmin@demo.test');
    const admin = await t.login('admin@demo.test');
    const url = `/api/complexes/${await t.complexId('alamos')}/surveys`;
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/platform/plugins/surveys', headers: admin, payload: { enabled: false } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/platform/plugins/nope', headers: staff, payload: { enabled: false } }))
        .statusCode,
    ).toBe(404);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/platform/plugins/surveys',
      headers: staff,
      payload: { enabled: false },
    });
    expect(res.json()).toMatchObject({ id: 'surveys', enabled: false, moduleSwitch: 'Encuestas' });
    expect((await t.app.inject({ method: 'GET', url, headers: admin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/plugins', headers: admin })).json()).toContainEqual(
      expect.objectContaining({ id: 'surveys', enabled: false }),
    );
    await t.app.inject({ method: 'PUT', url: '/api/platform/plugins/surveys', headers: staff, payload: { enabled: true } });
    expect((await t.app.inject({ method: 'GET', url, headers: admin })).statusCode).toBe(200);
  });

  it("serves the catalogue with Spanish labels, each installed plugin's switches marked as its own", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/modules/catalogue', headers: await t.login('admin@demo.test') });
    // A spec switch whose feature this build does not install belongs to no plugin (the screens leave it out).
    expect(res.json()).toContainEqual({ name: 'DeleteGuards', label: 'Eliminar guardias', default: true });
    expect(res.json()).toContainEqual({ name: 'Encuestas', label: 'Encuestas', default: true, plugin: 'surveys' });
    expect(res.json()).toContainEqual({ name: 'Contabilidad', label: 'Contabilidad', default: false, plugin: 'accounting' });
    expect(res.json()).toContainEqual({ name: 'Garita', label: 'Garita y bitácora digital', default: true, plugin: 'gate' });
    // A spec switch that a plugin declares by name.
    expect(res.json()).toContainEqual({
      name: 'RostrosResidentes',
      label: 'Rostros de residentes',
      default: false,
      plugin: 'biometrics',
    });
  });
});
