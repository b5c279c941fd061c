// GET /api/biometrics/conjuntos/{conjuntoId}/biometricos/status answers the shape of spec 001 §3/§7 (plus each
// controller's name and each device's own status), with the controllers checked through the driver (the
// simulator in tests): a device behind a controller that does not answer is not active, whatever it reported.
import { startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulator } from '../server/index.ts';

let t: TestServer;
let alamos: string;
beforeAll(async () => {
  t = await startTestServer();
  alamos = await t.complexId('alamos');
});
afterAll(() => t?.close());

const status = async (complexId: string, email = 'admin@demo.test') =>
  t.app.inject({
    method: 'GET',
    url: `/api/biometrics/conjuntos/${complexId}/biometricos/status`,
    headers: await t.login(email),
  });

describe('devices status (spec 001 §3, §7)', () => {
  it('answers the devices, their counts and each controller with its SSH check', async () => {
    const res = await status(alamos);
    expect(res.statusCode).toBe(200);
    const { success, data } = res.json();
    expect(success).toBe(true);
    expect(Object.keys(data).sort()).toEqual(
      [
        'devices_active',
        'devices_configured',
        'devices_inactive',
        'devices_status',
        'raspberrys',
        'raspberrys_total',
        'ssh_failed_count',
        'ssh_success_count',
      ].sort(),
    );
    // Torre B - Lobby reports 'active' but hangs from the controller that fails its check: it counts as inactive.
    expect(data).toMatchObject({
      devices_active: 2,
      devices_inactive: 3,
      devices_configured: 5,
      raspberrys_total: 2,
      ssh_success_count: 1,
      ssh_failed_count: 1,
    });
    expect(Object.keys(data.devices_status[0]).sort()).toEqual([
      'device_name',
      'device_status',
      'ip',
      'marca',
      'raspberry_id',
      'raspberry_name',
      'rostro_id',
      'ssh_status',
      'status',
      'timestamp',
      'ubicacion',
    ]);
    // Newest first, as the devices screen sorts them.
    const stamps = data.devices_status.map((d: { timestamp: string }) => d.timestamp);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    expect(data.raspberrys[1]).toEqual({
      raspberry_id: expect.any(String),
      name: 'Cuarto técnico Torre B',
      sequence: 2,
      ssh_config: { ip: '10.255.10.21', puerto: 22, usuario: 'pi' },
      ssh_status: 'failed',
    });
    const failed = data.devices_status
      .filter((d: { ssh_status: string }) => d.ssh_status === 'failed')
      .map((d: { device_name: string }) => d.device_name);
    expect(failed.sort()).toEqual(['Gimnasio', 'Torre B - Lobby']);
  });

  it("shows a device behind a disconnected controller with its real state and its controller's", async () => {
    const { data } = (await status(alamos)).json();
    const byName = new Map(data.devices_status.map((d: { device_name: string }) => [d.device_name, d]));
    expect(byName.get('Torre B - Lobby')).toMatchObject({
      status: 'connection_error',
      device_status: 'active',
      ssh_status: 'failed',
      raspberry_name: 'Cuarto técnico Torre B',
    });
    expect(byName.get('Entrada principal')).toMatchObject({
      status: 'active',
      device_status: 'active',
      ssh_status: 'connected',
      raspberry_name: 'Garita principal',
    });
    // A device that hangs from no controller keeps what it reported.
    const [loose] = await t.sql<{ id: string }>(
      `insert into biometric_devices (id, complex_id, name, ip, status) values (gen_random_uuid(), ?, 'Suelto', '192.168.10.199', 'active') returning id`,
      [alamos],
    );
    try {
      const after = (await status(alamos)).json().data;
      expect(after.devices_status.find((d: { rostro_id: string }) => d.rostro_id === loose.id)).toMatchObject({
        status: 'active',
        ssh_status: 'unknown',
        raspberry_id: null,
        raspberry_name: null,
      });
      expect(after.devices_active).toBe(3);
    } finally {
      await t.sql('delete from biometric_devices where id = ?', [loose.id]);
    }
  });

  it('reports a controller that stops answering, and its devices go off line', async () => {
    const before = (await status(alamos)).json().data;
    simulator.setControllerReachable(before.raspberrys[0].raspberry_id, false);
    try {
      expect((await status(alamos)).json().data).toMatchObject({
        ssh_success_count: 0,
        ssh_failed_count: 2,
        devices_active: 0,
        devices_inactive: 5,
      });
    } finally {
      simulator.setControllerReachable(before.raspberrys[0].raspberry_id, true);
    }
  });

  it('is 404 for another complex, for a complex with RostrosResidentes off, and 403 for other roles', async () => {
    expect((await status(alamos, 'admin2@demo.test')).statusCode).toBe(404);
    expect((await status(await t.complexId('bosque'))).statusCode).toBe(404);
    expect((await status(alamos, 'directiva@demo.test')).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/biometrics/conjuntos/${alamos}/biometricos/status` })).statusCode,
    ).toBe(401);
  });
});

describe('exports of the faces and devices screens', () => {
  const get = async (path: string) =>
    t.app.inject({ method: 'GET', url: `/api/complexes/${alamos}/${path}`, headers: await t.login('admin@demo.test') });
  const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

  it('exports the faces in Spanish, with labels for codes and neither ids nor signed photo URLs', async () => {
    const res = await get('faces/export?format=csv');
    expect(res.statusCode).toBe(200);
    const [header, first] = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      '"Nombre","Identificación","Unidad habitacional","Pisos","Tipo","Estado","Observaciones","Dispositivos biométricos","Creado"',
    );
    expect(first).toMatch(/"(Propietario|Familiar|Empleado|Visitante|Inquilino|Arrendatario)","(Activo|Bloqueado)"/);
    expect(first).toMatch(/"\d{2}\/\d{2}\/\d{4}"$/);
    expect(res.body).not.toMatch(UUID);
    expect(res.body).not.toContain('/api/files/');
  });

  it('exports the devices with their status as the screen names it', async () => {
    const res = await get('biometric-devices/export?format=csv');
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe('"Nombre","Ubicación","IP","Marca","Estado","Observaciones","Creado"');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatch(/"(Activo|Desconocido|Inactivo)"/);
    expect(res.body).not.toMatch(UUID);
  });
});
