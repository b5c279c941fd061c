// Faces through the spec's endpoints (spec 001 §5, §7): create on chosen devices (201, or 207 with alerts),
// server-side image checks, duplicates, delete with its counts, tenancy.
import { multipart, startTestServer, type TestServer } from '@conjunto/server/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulator } from '../server/index.ts';

let t: TestServer;
let alamos: string;
let devices: { id: string; name: string; status: string }[];
let photo: Buffer;
beforeAll(async () => {
  t = await startTestServer();
  alamos = await t.complexId('alamos');
  devices = await t.sql('select id, name, status from biometric_devices where complex_id = ? order by name', [alamos]);
  // A 3000x2000 photo with EXIF: the server must shrink it and strip the metadata.
  photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#7a8' } })
    .jpeg({ quality: 95 })
    .withMetadata({ exif: { IFD0: { Artist: 'secreto' } } })
    .toBuffer();
});
afterAll(() => t?.close());

const active = () => devices.filter((d) => d.status === 'active');
const fields = (extra: Record<string, string> = {}) => ({
  nombre: 'Carla Andrade',
  identificacion: '1712345678',
  destino: 'Casa 5',
  tipo: 'propietario',
  estado: 'activo',
  pisos: '[1, 2, -1]',
  observaciones: '',
  dispositivos_biometricos: JSON.stringify(
    active()
      .slice(0, 2)
      .map((d) => d.id),
  ),
  ...extra,
});

async function create(
  values: Record<string, string>,
  image: Buffer | null = photo,
  email = 'admin@demo.test',
  complexId = alamos,
) {
  const body = multipart([
    ...Object.entries(values).map(([name, data]) => ({ name, data })),
    ...(image ? [{ name: 'imagen', filename: 'rostro.jpg', contentType: 'image/jpeg', data: image }] : []),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/biometrics/conjuntos/${complexId}/rostros/`,
    headers: { ...(await t.login(email)), ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

const remove = async (identificacion: string, ids: string[]) => {
  const res = await t.app.inject({
    method: 'DELETE',
    url: `/api/biometrics/conjuntos/${alamos}/rostros/${identificacion}/delete/`,
    headers: await t.login('admin@demo.test'),
    payload: { dispositivos_biometricos: ids },
  });
  return { status: res.statusCode, body: res.json() };
};

describe('create a face (POST rostros/)', () => {
  it('enrols the person on the chosen devices and stores a recompressed photo without metadata (201)', async () => {
    const res = await create(fields());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      rostro: { id: expect.any(String), identificacion: '1712345678' },
      alerts: [],
    });
    expect(res.body.rostro.dispositivos_biometricos.sort()).toEqual(
      active()
        .slice(0, 2)
        .map((d) => d.id)
        .sort(),
    );
    for (const d of active().slice(0, 2)) expect(simulator.enrolled.get(d.id)?.get('1712345678')?.pins).toEqual([17, 18, 27]);
    const [face] = await t.sql<{ photo_file_id: string; unit: string }>(
      'select f.photo_file_id, u.number as unit from faces f join units u on u.id = f.unit_id where f.identificacion = ?',
      ['1712345678'],
    );
    expect(face.unit).toBe('Casa 5');
    const [file] = await t.sql<{ storage_key: string; size: number; personal: boolean }>(
      'select storage_key, size, personal from files where id = ?',
      [face.photo_file_id],
    );
    expect(file.personal).toBe(true);
    expect(Number(file.size)).toBeLessThanOrEqual(500 * 1024);
    // Read back through a signed URL: a JPEG within 1024x768 without the EXIF it came with; the read is audited.
    const headers = await t.login('admin@demo.test');
    const { url } = (
      await t.app.inject({ method: 'GET', url: `/api/complexes/${alamos}/files/${face.photo_file_id}/url`, headers })
    ).json();
    const stored = (await t.app.inject({ method: 'GET', url })).rawPayload;
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 1024, 683, undefined]);
    expect(
      await t.sql("select 1 from audit_logs where resource = 'files' and action = 'read' and record_id = ?", [
        face.photo_file_id,
      ]),
    ).toHaveLength(1);
    // The audit log names the person: the face's writes, and the reads of the photo (grouped per user and day).
    await t.app.inject({ method: 'GET', url });
    const log = await t.sql<{ resource: string; action: string; description: string; count: number }>(
      `select resource, action, description, count from audit_logs
        where (resource = 'files' and record_id = ?) or (resource = 'faces' and changes->>'identificacion' = '1712345678')
        order by resource, action`,
      [face.photo_file_id],
    );
    const [faceRow] = await t.sql<{ nombre: string }>('select nombre from faces where identificacion = ?', ['1712345678']);
    expect(log.map((r) => [r.resource, r.action, r.description, r.count])).toEqual([
      ['faces', 'create', faceRow.nombre, 1],
      ['files', 'create', faceRow.nombre, 1],
      ['files', 'read', faceRow.nombre, 2],
    ]);
  });

  it('refuses a duplicate identificacion, a missing photo and the spec’s field errors', async () => {
    expect((await create(fields())).status).toBe(409);
    expect((await create(fields({ identificacion: '99' }), null)).body.errors).toEqual({
      imagen: 'Debe cargar una imagen del rostro',
    });
    expect((await create(fields({ nombre: '' }))).body.errors).toEqual({ nombre: 'El nombre es requerido' });
    expect((await create(fields({ identificacion: '' }))).body.errors).toEqual({
      identificacion: 'La cédula/pasaporte es requerida',
    });
    expect((await create(fields({ identificacion: '17-1' }))).body.errors).toEqual({
      identificacion: 'Identificacion debe contener solo números (sin puntos, guiones o espacios)',
    });
    expect((await create(fields({ identificacion: '98', dispositivos_biometricos: '[]' }))).body.errors).toEqual({
      dispositivos_biometricos: 'Debe seleccionar al menos un dispositivo biométrico',
    });
    expect((await create(fields({ identificacion: '97', tipo: 'jefe' }))).body.errors.tipo).toBe(
      "Tipo 'jefe' no es válido. Use: propietario, familiar, empleado, visitante, inquilino, arrendatario",
    );
    expect((await create(fields({ identificacion: '96', destino: 'Casa 999' }))).status).toBe(400);
  });

  it('re-validates the image on the server: an SVG or a truncated JPEG named .jpg is refused, a huge PNG too', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect((await create(fields({ identificacion: '95' }), svg)).body.errors).toEqual({
      imagen: 'Solo se permiten archivos de imagen',
    });
    const truncated = photo.subarray(0, Math.floor(photo.length / 3));
    expect((await create(fields({ identificacion: '94' }), truncated)).status).toBe(400);
    const huge = await sharp({ create: { width: 14000, height: 14000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect((await create(fields({ identificacion: '93' }), huge)).status).toBe(400);
    expect(await t.sql("select 1 from faces where identificacion in ('95', '94', '93')")).toEqual([]);
  });

  it('answers 207 with a device_offline alert when a chosen device does not take it', async () => {
    const inactive = devices.find((d) => d.status === 'inactive')!;
    const res = await create(
      fields({ identificacion: '1800000001', dispositivos_biometricos: JSON.stringify([active()[0].id, inactive.id]) }),
    );
    expect(res.status).toBe(207);
    expect(res.body.alerts).toEqual([
      { type: 'device_offline', message: 'Algunos dispositivos no están activos', severity: 'warning', device_id: inactive.id },
    ]);
    expect(res.body.rostro.dispositivos_biometricos).toEqual([active()[0].id]);
  });

  it('answers 207 with an ssh_failed alert for an active device behind a controller that does not answer', async () => {
    const [behind] = await t.sql<{ id: string }>(
      `select d.id from biometric_devices d join biometric_controllers c on c.id = d.controller_id where d.complex_id = ? and d.status = 'active' and c.ip like '10.255.%'`,
      [alamos],
    );
    const res = await create(
      fields({ identificacion: '1800000002', dispositivos_biometricos: JSON.stringify([active()[0].id, behind.id]) }),
    );
    expect(res.status).toBe(207);
    expect(res.body.alerts).toEqual([
      { type: 'ssh_failed', message: 'Error de conexión', severity: 'error', device_id: behind.id },
    ]);
  });

  it('reads Tipo and Estado in any case, as the bulk import does', async () => {
    const res = await create(fields({ identificacion: '1800000005', tipo: 'Familiar', estado: 'BLOQUEADO' }));
    expect(res.status).toBe(201);
    expect(await t.sql("select tipo, estado from faces where identificacion = '1800000005'")).toEqual([
      { tipo: 'familiar', estado: 'bloqueado' },
    ]);
  });

  it('keeps nothing when no chosen device takes the person (503 with the alerts)', async () => {
    const inactive = devices.find((d) => d.status === 'inactive')!;
    const res = await create(fields({ identificacion: '1800000003', dispositivos_biometricos: JSON.stringify([inactive.id]) }));
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      message: 'Algunos dispositivos no están activos',
      alerts: [{ type: 'device_offline', device_id: inactive.id }],
    });
    expect(await t.sql("select 1 from faces where identificacion = '1800000003'")).toEqual([]);
    expect(await t.sql("select 1 from files where original_name = '1800000003.jpg'")).toEqual([]);
  });

  it("refuses a photo over 5 MB with the spec's text (413)", async () => {
    const res = await create(fields({ identificacion: '1800000004' }), Buffer.alloc(5 * 1024 * 1024 + 1, 1));
    expect(res).toMatchObject({ status: 413, body: { message: 'La imagen es demasiado grande (máximo 5MB)' } });
  });

  it('is 404 for an administrator of another complex', async () => {
    expect((await create(fields({ identificacion: '92' }), photo, 'admin2@demo.test')).status).toBe(404);
  });
});

describe('delete a face (DELETE rostros/{identificacion}/delete/)', () => {
  it('removes it from the chosen devices with successful, failed and skipped counts, and forgets a person on no device', async () => {
    const [first, second, third] = active();
    await create(fields({ identificacion: '1700000009', dispositivos_biometricos: JSON.stringify([first.id, second.id]) }));
    const none = await remove('1700000009', []);
    expect(none.body.errors).toEqual({ dispositivos_biometricos: 'Debe seleccionar al menos un dispositivo' });
    simulator.failDevice(second.id, 'ssh_failed', 1);
    const partial = await remove('1700000009', [first.id, second.id, third.id]);
    expect(partial.status).toBe(207);
    expect(partial.body.data).toEqual({
      successful_count: 1,
      failed_count: 1,
      skipped_count: 1,
      successful_devices: [{ biometric_id: first.id }],
    });
    const rest = await remove('1700000009', [second.id]);
    expect(rest.status).toBe(200);
    expect(await t.sql("select 1 from faces where identificacion = '1700000009'")).toEqual([]);
    expect((await remove('1700000009', [second.id])).status).toBe(404);
  });
});

describe('edit a face (PUT rostros/{identificacion}/edit/)', () => {
  const edit = async (identificacion: string, values: Record<string, string>, image: Buffer | null = null) => {
    const body = multipart([
      ...Object.entries(values).map(([name, data]) => ({ name, data })),
      ...(image ? [{ name: 'imagen', filename: 'nueva.jpg', contentType: 'image/jpeg', data: image }] : []),
    ]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/biometrics/conjuntos/${alamos}/rostros/${identificacion}/edit/`,
      headers: { ...(await t.login('admin@demo.test')), ...body.headers },
      payload: body.payload,
    });
    return { status: res.statusCode, body: res.json() };
  };

  it('updates the person, adds it to new devices with the stored photo, and keeps the identificacion', async () => {
    const [first, second, third] = active();
    await create(fields({ identificacion: '1711111111', dispositivos_biometricos: JSON.stringify([first.id]) }));
    const res = await edit(
      '1711111111',
      fields({
        identificacion: '1711111111',
        nombre: 'Carla A. Andrade',
        pisos: '[3]',
        dispositivos_biometricos: JSON.stringify([first.id, second.id]),
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      identificacion_original: '1711111111',
      alerts: [],
      devices_added: [{ success: true, rostro_id: expect.any(String), device_id: second.id }],
    });
    expect(simulator.enrolled.get(second.id)?.get('1711111111')).toMatchObject({ nombre: 'Carla A. Andrade', pins: [22] });
    expect(simulator.enrolled.get(first.id)?.get('1711111111')?.nombre).toBe('Carla A. Andrade');
    // The kept photo is now hers under her new name: the audit log names its reads by it.
    const [kept] = await t.sql<{ label: string }>(
      "select fi.label from faces f join files fi on fi.id = f.photo_file_id where f.identificacion = '1711111111'",
    );
    expect(kept.label).toBe('Carla A. Andrade');
    const locked = await edit('1711111111', fields({ identificacion: '1799999999' }));
    expect(locked.body.errors).toEqual({ identificacion: 'La identificación no se puede modificar.' });
    simulator.failDevice(third.id, 'ssh_failed', 1);
    const partial = await edit(
      '1711111111',
      fields({ identificacion: '1711111111', dispositivos_biometricos: JSON.stringify([third.id]) }),
      photo,
    );
    expect(partial.status).toBe(207);
    expect(partial.body.data.alerts).toEqual([
      { type: 'ssh_failed', message: 'Error de conexión', severity: 'error', device_id: third.id },
    ]);
    // Spec §8: an ssh_failed alert reads 'Error de conexión', not the device_offline text.
    expect(partial.body.message).toBe('Error de conexión');
    expect(partial.body.data.devices_added).toEqual([{ success: false, rostro_id: expect.any(String), device_id: third.id }]);
    // The new photo replaced the old one: one photo per person.
    expect(await t.sql("select 1 from files where original_name = '1711111111.jpg'")).toHaveLength(1);
    expect((await edit('1700000404', fields({ identificacion: '1700000404' }))).status).toBe(404);
  });
});

describe('the faces list (card grid)', () => {
  it('lists the people of the complex with their devices, unit and a signed photo URL', async () => {
    const headers = await t.login('admin@demo.test');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/complexes/${alamos}/faces?filter=${encodeURIComponent(JSON.stringify({ q: 'carla' }))}`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    const [carla] = res.json().filter((f: { identificacion: string }) => f.identificacion === '1712345678');
    expect(carla).toMatchObject({
      nombre: 'Carla Andrade',
      destino: 'Casa 5',
      pisos: [-1, 1, 2],
      tipo: 'propietario',
      estado: 'activo',
    });
    expect(carla.devices).toHaveLength(2);
    // The search also matches the unit (destino) and the type.
    const search = async (q: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/complexes/${alamos}/faces?filter=${encodeURIComponent(JSON.stringify({ q }))}`,
          headers,
        })
      )
        .json()
        .map((f: { identificacion: string }) => f.identificacion);
    expect(await search('casa 5')).toContain('1712345678');
    expect(await search('carla propietario')).toContain('1712345678');
    expect(await search('carla inquilino')).not.toContain('1712345678');
    const photo = await t.app.inject({ method: 'GET', url: carla.photoUrl });
    expect([photo.statusCode, photo.headers['content-type']]).toEqual([200, 'image/jpeg']);
    const byDevice = async (deviceId: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/complexes/${alamos}/faces?filter=${encodeURIComponent(JSON.stringify({ deviceId }))}`,
          headers,
        })
      ).json();
    const onFirst = await byDevice(carla.devices[0]);
    expect(onFirst.map((f: { identificacion: string }) => f.identificacion)).toContain('1712345678');
    const inactive = devices.find((d) => d.status !== 'active')!;
    expect((await byDevice(inactive.id)).map((f: { identificacion: string }) => f.identificacion)).not.toContain('1712345678');
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/complexes/${alamos}/faces`,
      headers: await t.login('admin2@demo.test'),
    });
    expect(other.statusCode).toBe(404);
  });
});
