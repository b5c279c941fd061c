// The device registry's writes: a device is added and edited (name and IP required, a valid IP, a controller of
// the same complex, no two devices with one IP on one controller), a controller renamed (unique name); each write
// audited, each refused with a 4xx that names the field, another complex's records answering 404.
import { startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let t: TestServer;
let alamos: string;
let bosque: string;
let admin: { authorization: string };
let controllers: { id: string; name: string }[];
/** A controller and a device of El Bosque (another complex of the same administrator). */
let foreign: { controller: string; device: string };

beforeAll(async () => {
  t = await startTestServer();
  alamos = await t.complexId('alamos');
  bosque = await t.complexId('bosque');
  admin = await t.login('admin@demo.test');
  controllers = await t.sql('select id, name from biometric_controllers where complex_id = ? order by sequence', [alamos]);
  const staff = await t.login('superadmin@demo.test');
  const on = await t.app.inject({
    method: 'PUT',
    url: `/api/complexes/${bosque}/modules`,
    headers: staff,
    payload: { RostrosResidentes: true },
  });
  expect(on.statusCode).toBe(200);
  const [c] = await t.sql<{ id: string }>(
    `insert into biometric_controllers (id, complex_id, sequence, name, ip, port, username)
     values (gen_random_uuid(), ?, 1, 'Garita Bosque', '192.168.50.2', 22, 'pi') returning id`,
    [bosque],
  );
  const [d] = await t.sql<{ id: string }>(
    `insert into biometric_devices (id, complex_id, controller_id, name, ip, status)
     values (gen_random_uuid(), ?, ?, 'Entrada Bosque', '192.168.50.10', 'active') returning id`,
    [bosque, c.id],
  );
  foreign = { controller: c.id, device: d.id };
});
afterAll(() => t?.close());

const call = async (method: 'POST' | 'PUT', path: string, payload: unknown, headers = admin, complexId = alamos) => {
  const res = await t.app.inject({ method, url: `/api/complexes/${complexId}/${path}`, headers, payload: payload as object });
  return { status: res.statusCode, body: res.json() };
};
const auditOf = (recordId: string) =>
  t.sql<{ resource: string; action: string; changes: Record<string, unknown> }>(
    'select resource, action, changes from audit_logs where record_id = ? order by at, id',
    [recordId],
  );

describe('add a device (POST biometric-devices)', () => {
  it('registers it in the complex with its controller, trimmed, inactive by default, and audits it', async () => {
    const res = await call('POST', 'biometric-devices', {
      name: '  Piscina  ',
      ip: '192.168.10.150',
      location: 'Área comunal',
      brand: '',
      controllerId: controllers[0].id,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(String),
      name: 'Piscina',
      ip: '192.168.10.150',
      location: 'Área comunal',
      brand: null,
      status: 'inactive',
      notes: null,
      controllerId: controllers[0].id,
    });
    const [row] = await t.sql('select complex_id, name, status from biometric_devices where id = ?', [res.body.id]);
    expect(row).toEqual({ complex_id: alamos, name: 'Piscina', status: 'inactive' });
    const [entry] = await auditOf(res.body.id);
    expect(entry).toMatchObject({ resource: 'biometric-devices', action: 'create', changes: { name: 'Piscina' } });
    // The devices screen's status lists it with its controller's name.
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/biometrics/conjuntos/${alamos}/biometricos/status`,
      headers: admin,
    });
    expect(status.json().data.devices_status.find((d: { rostro_id: string }) => d.rostro_id === res.body.id)).toMatchObject({
      device_name: 'Piscina',
      raspberry_name: controllers[0].name,
    });
  });

  it('refuses a missing or blank name, a missing or malformed IP and a bad status (400, by field)', async () => {
    const before = await t.sql<{ n: number }>('select count(*)::int as n from biometric_devices');
    const cases: [unknown, string, string][] = [
      [{ ip: '192.168.10.151' }, 'name', '¡Este campo es requerido!'],
      [{ name: '   ', ip: '192.168.10.151' }, 'name', 'El nombre es requerido'],
      [{ name: 'Sin IP', ip: ' ' }, 'ip', 'La IP es requerida'],
      [{ name: 'Mala IP', ip: '192.168.10.256' }, 'ip', 'Dirección IP inválida'],
      [{ name: 'Mala IP', ip: 'lector-1.local' }, 'ip', 'Dirección IP inválida'],
      [{ name: 'Estado', ip: '192.168.10.152', status: 'roto' }, 'status', 'Valor no permitido.'],
      [{ name: 'x'.repeat(101), ip: '192.168.10.154' }, 'name', 'Límite max. 100 caracter(es).'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call('POST', 'biometric-devices', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.errors?.[field], JSON.stringify(res.body)).toBe(message);
    }
    expect(await t.sql('select count(*)::int as n from biometric_devices')).toEqual(before);
  });

  it('takes an IPv6 address, and no complex, id or date from the body', async () => {
    const intruder = await call('POST', 'biometric-devices', {
      name: 'Intruso',
      ip: '192.168.10.153',
      complexId: bosque,
      id: foreign.device,
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    expect(intruder.status).toBe(201);
    expect(intruder.body.id).not.toBe(foreign.device);
    expect(intruder.body.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
    expect(await t.sql('select complex_id from biometric_devices where id = ?', [intruder.body.id])).toEqual([
      { complex_id: alamos },
    ]);
    const res = await call('POST', 'biometric-devices', { name: 'Lector IPv6', ip: 'fe80::1ff:fe23:4567:890a' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ip: 'fe80::1ff:fe23:4567:890a', controllerId: null });
  });

  it("refuses another complex's controller (400) and a second device with one IP on one controller (409)", async () => {
    const foreignController = await call('POST', 'biometric-devices', {
      name: 'Ajeno',
      ip: '192.168.10.160',
      controllerId: foreign.controller,
    });
    expect(foreignController).toMatchObject({ status: 400, body: { errors: { controllerId: 'Controlador no encontrado' } } });
    const [taken] = await t.sql<{ ip: string; controller_id: string }>(
      "select ip, controller_id from biometric_devices where complex_id = ? and name = 'Entrada principal'",
      [alamos],
    );
    const twice = await call('POST', 'biometric-devices', { name: 'Copia', ip: taken.ip, controllerId: taken.controller_id });
    expect(twice).toMatchObject({
      status: 409,
      body: { errors: { ip: 'Ya existe un dispositivo con esa IP en el mismo controlador' } },
    });
    // The same address on the other controller's network is another device.
    const elsewhere = await call('POST', 'biometric-devices', {
      name: 'Otra red',
      ip: taken.ip,
      controllerId: controllers[1].id,
    });
    expect(elsewhere.status).toBe(201);
  });

  it('is for the office only: 403 for a board member, 404 where RostrosResidentes is off, 401 signed out', async () => {
    const payload = { name: 'Nadie', ip: '192.168.10.170' };
    expect((await call('POST', 'biometric-devices', payload, await t.login('directiva@demo.test'))).status).toBe(403);
    expect((await call('POST', 'biometric-devices', payload, admin, await t.complexId('colina'))).status).toBe(404);
    const res = await t.app.inject({ method: 'POST', url: `/api/complexes/${alamos}/biometric-devices`, payload });
    expect(res.statusCode).toBe(401);
    expect(await t.sql("select 1 from biometric_devices where name = 'Nadie'")).toEqual([]);
  });
});

describe('edit a device (PUT biometric-devices/:id)', () => {
  const created = async (ip: string) =>
    (await call('POST', 'biometric-devices', { name: 'Bodega', ip, controllerId: controllers[0].id })).body as {
      id: string;
    };

  it('changes the fields sent, keeps the others, and audits what changed', async () => {
    const device = await created('192.168.10.180');
    const res = await call('PUT', `biometric-devices/${device.id}`, {
      name: 'Bodega norte',
      status: 'mantenimiento',
      notes: 'Cambio de lente',
      controllerId: controllers[1].id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: device.id,
      name: 'Bodega norte',
      ip: '192.168.10.180',
      status: 'mantenimiento',
      notes: 'Cambio de lente',
      controllerId: controllers[1].id,
    });
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/complexes/${alamos}/biometric-devices/${device.id}`,
      headers: admin,
    });
    expect(got.json()).toEqual(res.body);
    const entries = await auditOf(device.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update']);
    expect(entries[1].changes).toEqual({
      name: ['Bodega', 'Bodega norte'],
      status: ['inactive', 'mantenimiento'],
      notes: [null, 'Cambio de lente'],
      controllerId: [controllers[0].id, controllers[1].id],
    });
    // Off its controller: controllerId null.
    expect((await call('PUT', `biometric-devices/${device.id}`, { controllerId: null })).body.controllerId).toBeNull();
  });

  it('refuses what a new device would be refused, and leaves the device as it was', async () => {
    const device = await created('192.168.10.181');
    const other = await created('192.168.10.182');
    const refused: [unknown, number, string, string][] = [
      [{ name: '' }, 400, 'name', 'El nombre es requerido'],
      [{ ip: '300.1.1.1' }, 400, 'ip', 'Dirección IP inválida'],
      [{ ip: '192.168.10.182' }, 409, 'ip', 'Ya existe un dispositivo con esa IP en el mismo controlador'],
      [{ controllerId: foreign.controller }, 400, 'controllerId', 'Controlador no encontrado'],
      [{ controllerId: 'no-es-un-id' }, 400, 'controllerId', 'Controlador no encontrado'],
    ];
    for (const [payload, status, field, message] of refused) {
      const res = await call('PUT', `biometric-devices/${device.id}`, payload);
      expect(res.status, JSON.stringify(payload)).toBe(status);
      expect(res.body.errors?.[field]).toBe(message);
    }
    const [row] = await t.sql('select name, ip, controller_id from biometric_devices where id = ?', [device.id]);
    expect(row).toEqual({ name: 'Bodega', ip: '192.168.10.181', controller_id: controllers[0].id });
    expect((await auditOf(device.id)).map((e) => e.action)).toEqual(['create']);
    // A field it does not declare is dropped, not written: the id stays.
    const moved = await call('PUT', `biometric-devices/${device.id}`, { id: other.id, complexId: bosque, notes: 'n' });
    expect(moved).toMatchObject({ status: 200, body: { id: device.id, notes: 'n' } });
    expect(await t.sql('select complex_id from biometric_devices where id = ?', [device.id])).toEqual([{ complex_id: alamos }]);
  });

  it("answers 404 for another complex's device and an unknown id, and changes nothing", async () => {
    expect((await call('PUT', `biometric-devices/${foreign.device}`, { name: 'Robado' })).status).toBe(404);
    expect((await call('PUT', 'biometric-devices/01a2002d-0000-7000-8000-000000000000', { name: 'Nadie' })).status).toBe(404);
    expect(await t.sql('select name from biometric_devices where id = ?', [foreign.device])).toEqual([
      { name: 'Entrada Bosque' },
    ]);
    // Its own complex's path reaches it.
    expect((await call('PUT', `biometric-devices/${foreign.device}`, { notes: 'ok' }, admin, bosque)).status).toBe(200);
  });
});

describe('rename a controller (PUT biometric-controllers/:id)', () => {
  it('renames it, shows the name in the status answer and audits it', async () => {
    const res = await call('PUT', `biometric-controllers/${controllers[1].id}`, { name: '  Torre B - cuarto técnico ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: controllers[1].id,
      name: 'Torre B - cuarto técnico',
      sequence: 2,
      ip: '10.255.10.21',
      port: 22,
      username: 'pi',
    });
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/biometrics/conjuntos/${alamos}/biometricos/status`,
      headers: admin,
    });
    const { data } = status.json();
    expect(data.raspberrys.map((c: { name: string }) => c.name)).toEqual([controllers[0].name, 'Torre B - cuarto técnico']);
    expect(data.devices_status.find((d: { device_name: string }) => d.device_name === 'Gimnasio').raspberry_name).toBe(
      'Torre B - cuarto técnico',
    );
    const [entry] = await auditOf(controllers[1].id);
    expect(entry).toMatchObject({
      resource: 'biometric-controllers',
      action: 'update',
      changes: { name: [controllers[1].name, 'Torre B - cuarto técnico'] },
    });
  });

  it('refuses a blank name (400) and a name another controller has in any case (409); writes its name only', async () => {
    const blank = await call('PUT', `biometric-controllers/${controllers[0].id}`, { name: '  ' });
    expect(blank).toMatchObject({ status: 400, body: { errors: { name: 'El nombre del controlador es requerido' } } });
    const [second] = await t.sql<{ name: string }>('select name from biometric_controllers where id = ?', [controllers[1].id]);
    const twice = await call('PUT', `biometric-controllers/${controllers[0].id}`, { name: second.name.toUpperCase() });
    expect(twice).toMatchObject({ status: 409, body: { errors: { name: 'Ya existe un controlador con ese nombre' } } });
    const renamed = await call('PUT', `biometric-controllers/${controllers[0].id}`, { name: 'X', ip: '1.1.1.1', sequence: 9 });
    expect(renamed).toMatchObject({ status: 200, body: { name: 'X', ip: '192.168.10.20', sequence: 1 } });
    // Its own name in another case is a rename, not a clash; another complex may use any name.
    expect(
      (await call('PUT', `biometric-controllers/${controllers[0].id}`, { name: controllers[0].name.toUpperCase() })).status,
    ).toBe(200);
    expect((await call('PUT', `biometric-controllers/${controllers[0].id}`, { name: 'Garita Bosque' })).status).toBe(200);
    expect((await call('PUT', `biometric-controllers/${controllers[0].id}`, { name: controllers[0].name })).status).toBe(200);
  });

  it("answers 404 for another complex's controller and 403 for a board member", async () => {
    expect((await call('PUT', `biometric-controllers/${foreign.controller}`, { name: 'Robado' })).status).toBe(404);
    expect((await call('PUT', 'biometric-controllers/not-an-id', { name: 'Robado' })).status).toBe(404);
    expect(
      (await call('PUT', `biometric-controllers/${controllers[0].id}`, { name: 'Robado' }, await t.login('directiva@demo.test')))
        .status,
    ).toBe(403);
    expect(await t.sql("select 1 from biometric_controllers where name = 'Robado'")).toEqual([]);
  });
});
