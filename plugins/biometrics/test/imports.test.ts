// The bulk import (spec 001 §5, §7): small batches answer at once (201/207/409), large ones run as a job
// whose live record streams through events; the ZIP path and the hostile inputs of the issue.
import { type Dirent, existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import {
  hostWorkers,
  lieAboutZipSizes,
  listQuery,
  type MultipartPart,
  multipart,
  startTestServer,
  type TestServer,
  workerPool,
} from '@conjunto/server/testing';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '../server/import-intake.ts';
import { runImport } from '../server/imports.ts';
import { simulator } from '../server/index.ts';

let t: TestServer;
let alamos: string;
/** The devices available now: active, on the controller that answers (the wizard offers only these). */
let active: { id: string; name: string }[];
/** An active device behind the demo's controller that fails its check, and an inactive one. */
let behindDown: { id: string; name: string };
let inactive: { id: string; name: string };
let photo: Buffer;
let headers: { authorization: string };

beforeAll(async () => {
  t = await startTestServer({ env: { JOBS_POLL_SECONDS: '0.5' } });
  alamos = await t.complexId('alamos');
  const devices = `select d.id, d.name from biometric_devices d join biometric_controllers c on c.id = d.controller_id
    where d.complex_id = ? and d.status = ? and c.ip like ? order by d.name`;
  active = await t.sql(devices, [alamos, 'active', '192.168.%']);
  [behindDown] = await t.sql(devices, [alamos, 'active', '10.255.%']);
  [inactive] = await t.sql(devices, [alamos, 'inactive', '%']);
  photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#a87' } })
    .jpeg()
    .toBuffer();
  headers = await t.login('admin@demo.test');
});
afterAll(() => t?.close());

let nextId = 1_700_000_000;
const person = (extra: Record<string, unknown> = {}) => ({
  nombre: `Persona ${nextId}`,
  identificacion: String(nextId++),
  destino: 'Casa 3',
  tipo: 'familiar',
  estado: 'activo',
  pisos: [1, -1],
  observaciones: '',
  dispositivos_biometricos: active.slice(0, 2).map((d) => d.id),
  ...extra,
});

async function importRows(
  rows: Record<string, unknown>[],
  images: (Buffer | null)[] = rows.map(() => photo),
  extra: MultipartPart[] = [],
) {
  const body = multipart([
    { name: 'rostros', data: JSON.stringify(rows) },
    ...images.flatMap((image, i) =>
      image ? [{ name: `imagen_${i}`, filename: `foto${i}.jpg`, contentType: 'image/jpeg', data: image }] : [],
    ),
    ...extra,
  ]);
  return post(body);
}

async function post(body: { payload: Buffer; headers: Record<string, string> }, complexId = alamos, auth = headers) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/biometrics/conjuntos/${complexId}/rostros/import/`,
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

const record = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/complexes/${alamos}/face-imports/${id}`, headers })).json();

async function finished(id: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await record(id);
    if (r.status === 'completed' || r.status === 'failed') return r;
    if (Date.now() > deadline) throw new Error(`import ${id} still ${r.status}: ${JSON.stringify(r).slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Runs `action` while sampling the bytes in the work and upload folders; answers its result and their peak. */
async function watchingWorkBytes<T>(action: () => Promise<T>): Promise<{ result: T; peakBytes: number }> {
  const roots = [join(t.app.files.tmpDir, '..', 'work'), t.app.files.tmpDir];
  const size = () => {
    let bytes = 0;
    for (const root of roots) {
      // A folder removed while it is listed (the import cleaning up) is no bytes: not an error of the sampler.
      let entries: Dirent[] = [];
      try {
        entries = existsSync(root) ? readdirSync(root, { recursive: true, withFileTypes: true }) : [];
      } catch {
        continue;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        try {
          bytes += statSync(join(entry.parentPath, entry.name)).size;
        } catch {
          // removed meanwhile
        }
      }
    }
    return bytes;
  };
  let peakBytes = 0;
  const sampler = setInterval(() => {
    peakBytes = Math.max(peakBytes, size());
  }, 2);
  try {
    return { result: await action(), peakBytes };
  } finally {
    clearInterval(sampler);
  }
}

/** A ZIP built with zlib (JSZip deflates hundreds of MB too slowly): each entry deflated once. */
function zipOf(entries: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  const deflated = new Map<Buffer, Buffer>();
  let offset = 0;
  for (const { name, data } of entries) {
    const compressed = deflated.get(data) ?? deflateRawSync(data);
    deflated.set(data, compressed);
    const crc = crc32(data);
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, compressed);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const workFolders = () => {
  const dir = join(t.app.files.tmpDir, '..', 'work');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('small batches (201 / 207 / 409)', () => {
  it('imports every row on the chosen devices and answers 201 with the spec summary', async () => {
    const rows = [person(), person(), person()];
    const tasks = workerPool().stats().completed;
    const res = await importRows(rows);
    expect(res.status).toBe(201);
    // The photos were recompressed in the host's worker threads, off the event loop that answers requests.
    expect(workerPool().stats().completed - tasks).toBe(3);
    expect(res.body).toMatchObject({
      success: true,
      resumen_general: { totalRostrosEnviados: 3, importExitosas: 3, importFallidas: 0 },
      importaciones_fallidas: [],
      reporte_conflictos: { conflictos_encontrados: 0, rostros_completamente_bloqueados: [] },
    });
    expect(res.body.importaciones_exitosas[0]).toMatchObject({
      fila: 1,
      identificacion: rows[0].identificacion,
      mensaje: `Creado en ${active[0].name}, ${active[1].name}`,
    });
    expect(res.body.reporte_conflictos.estadisticas_dispositivos[active[0].id]).toEqual({
      device_name: active[0].name,
      exitosos: 3,
      fallidos: 0,
      omitidos: 0,
    });
    const faces = await t.sql<{ n: number; devices: number; photos: number }>(
      `select count(*)::int as n, sum((select count(*) from face_devices fd where fd.face_id = f.id))::int as devices, count(photo_file_id)::int as photos
         from faces f where identificacion in (?)`,
      [rows.map((r) => r.identificacion)],
    );
    expect(faces[0]).toEqual({ n: 3, devices: 6, photos: 3 });
    const [file] = await t.sql<{ size: number }>(
      'select f.size from files f join faces p on p.photo_file_id = f.id where p.identificacion = ?',
      [rows[0].identificacion],
    );
    expect(Number(file.size)).toBeLessThanOrEqual(100 * 1024);
    const [imported] = await t.sql<{ pisos: number[]; tipo: string; unit: string }>(
      'select f.pisos, f.tipo, u.number as unit from faces f join units u on u.id = f.unit_id where identificacion = ?',
      [rows[0].identificacion],
    );
    expect(imported).toMatchObject({ pisos: [-1, 1], tipo: 'familiar', unit: 'Casa 3' });
    expect(workFolders()).toEqual([]);
    // The live record keeps the finished import.
    expect(await record(res.body.job_id)).toMatchObject({
      status: 'completed',
      total_rostros: 3,
      procesados: 3,
      exitosos: 3,
      fallidos: 0,
    });
  });

  it('answers 409 when every row already exists on every chosen device, and changes nothing', async () => {
    const rows = [person(), person()];
    expect((await importRows(rows)).status).toBe(201);
    const again = await importRows(rows.map((r) => ({ ...r, nombre: 'Otro nombre' })));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      success: false,
      message: 'Ninguna rostro pudo ser importado. Todas las identificaciones ya existen.',
      duplicados_encontrados: 2,
      total_rostros: 2,
    });
    expect(again.body.rostros_completamente_bloqueados[0]).toMatchObject({
      identificacion: rows[0].identificacion,
      mensaje: `Ya existe en: ${active[0].name}, ${active[1].name}`,
    });
    expect(again.body.conflictos_reportados).toHaveLength(2);
    expect(again.body.conflictos_por_dispositivo[active[0].id].identificaciones.sort()).toEqual(
      rows.map((r) => r.identificacion).sort(),
    );
    const [face] = await t.sql<{ nombre: string }>('select nombre from faces where identificacion = ?', [rows[0].identificacion]);
    expect(face.nombre).toBe(rows[0].nombre);
  });

  it("adds an existing person only where missing ('Creado en X. Omitido en: Y') and answers 207", async () => {
    const first = person({ dispositivos_biometricos: [active[0].id] });
    expect((await importRows([first])).status).toBe(201);
    const res = await importRows([{ ...first, dispositivos_biometricos: [active[0].id, active[1].id] }, person()]);
    expect(res.status).toBe(207);
    expect(res.body.importaciones_exitosas[0]).toMatchObject({
      mensaje: `Creado en ${active[1].name}. Omitido en: ${active[0].name}`,
    });
    expect(res.body.reporte_conflictos.conflictos_encontrados).toBe(1);
    const [{ n }] = await t.sql<{ n: number }>(
      'select count(*)::int as n from face_devices fd join faces f on f.id = fd.face_id where f.identificacion = ?',
      [first.identificacion],
    );
    expect(n).toBe(2);
  });

  it('fails the rows that break a rule, with the spec messages, and imports the rest (207)', async () => {
    const truncated = photo.subarray(0, Math.floor(photo.length / 2));
    const huge = await sharp({ create: { width: 14000, height: 14000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const tiff = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123' } })
      .tiff()
      .toBuffer();
    const good = person();
    const dup = person();
    const rows = [
      good,
      person({ nombre: '' }),
      person({ identificacion: '17.123-45' }),
      person({ tipo: 'jefe' }),
      person({ estado: 'suspendido' }),
      person({ destino: 'Casa 999' }),
      person(),
      person(),
      person(),
      person(),
      dup,
      { ...dup, nombre: 'Repetida' },
      person(),
    ];
    const images = [photo, photo, photo, photo, photo, photo, truncated, huge, svg, tiff, photo, photo, null];
    const res = await importRows(rows, images);
    expect(res.status).toBe(207);
    const errors = Object.fromEntries(
      res.body.importaciones_fallidas.map((f: { fila: number; error: string }) => [f.fila, f.error]),
    );
    expect(errors).toEqual({
      2: 'Nombres es requerido',
      3: 'Identificacion debe contener solo números (sin puntos, guiones o espacios)',
      4: "Tipo 'jefe' no es válido. Use: propietario, familiar, empleado, visitante, inquilino, arrendatario",
      5: "Estado 'suspendido' no es válido. Use: activo, bloqueado",
      6: "La unidad habitacional 'Casa 999' no está registrada.",
      7: 'Error al cargar la imagen',
      8: 'Error al cargar la imagen',
      9: 'Solo se permiten archivos de imagen',
      10: 'Solo se permiten archivos de imagen',
      12: 'Identificación duplicada',
      13: 'Debe cargar una imagen del rostro',
    });
    expect(res.body.resumen_general).toEqual({ totalRostrosEnviados: 13, importExitosas: 2, importFallidas: 11 });
    const created = await t.sql('select identificacion from faces where identificacion in (?)', [
      rows.map((r) => r.identificacion),
    ]);
    expect(created.map((r) => r.identificacion).sort()).toEqual([good.identificacion, dup.identificacion].sort());
  });

  it('reports a device that stops answering during the import and keeps no person that no device took', async () => {
    const offline = active[1];
    simulator.failDevice(offline.id);
    try {
      const alone = person({ dispositivos_biometricos: [offline.id] });
      const res = await importRows([alone, person({ dispositivos_biometricos: [active[0].id, offline.id] })]);
      expect(res.status).toBe(207);
      expect(res.body.importaciones_fallidas).toEqual([
        { fila: 1, identificacion: alone.identificacion, nombre: alone.nombre, error: 'Algunos dispositivos no están activos' },
      ]);
      expect(res.body.reporte_conflictos.estadisticas_dispositivos[offline.id]).toMatchObject({ exitosos: 0, fallidos: 2 });
      expect(await t.sql('select 1 from faces where identificacion = ?', [alone.identificacion])).toEqual([]);
    } finally {
      simulator.failDevice(offline.id, 'device_offline', 0);
    }
  });

  it('refuses devices that are not available now (422 naming each and why), keeping nothing', async () => {
    const before = await t.sql<{ n: number }>('select count(*)::int as n from face_imports');
    const [controller] = await t.sql<{ name: string }>(
      'select c.name from biometric_controllers c join biometric_devices d on d.controller_id = c.id where d.id = ?',
      [behindDown.id],
    );
    // Active by its own report, but its controller does not answer: the wizard does not offer it, nor does the server take it.
    const down = person({ dispositivos_biometricos: [active[0].id, behindDown.id] });
    const res = await importRows([down]);
    const why = `${behindDown.name} (Controlador desconectado: ${controller.name})`;
    expect(res).toMatchObject({
      status: 422,
      body: {
        code: 'DEVICES_UNAVAILABLE',
        message: `Los siguientes dispositivos no están disponibles: ${why}. Elija dispositivos activos.`,
        errors: { dispositivos_biometricos: expect.stringContaining(why) },
      },
    });
    const both = await importRows([person({ dispositivos_biometricos: [inactive.id, behindDown.id] })]);
    expect(both.status).toBe(422);
    expect(both.body.message).toContain(`${inactive.name} (Inactivo)`);
    expect(both.body.message).toContain(why);
    // The same device once its controller answers again is taken.
    const controllerId = (
      await t.sql<{ controller_id: string }>('select controller_id from biometric_devices where id = ?', [behindDown.id])
    )[0].controller_id;
    // (the simulator fails controllers on 10.255.0.0/16)
    await t.sql("update biometric_controllers set ip = '192.168.10.21' where id = ?", [controllerId]);
    try {
      expect((await importRows([down])).status).toBe(201);
    } finally {
      await t.sql("update biometric_controllers set ip = '10.255.10.21' where id = ?", [controllerId]);
    }
    expect(await t.sql<{ n: number }>('select count(*)::int as n from face_imports')).toEqual([{ n: before[0].n + 1 }]);
  });

  it('refuses an import without devices, without valid rows or with a device of another complex (400), keeping nothing', async () => {
    const before = await t.sql<{ n: number }>('select count(*)::int as n from face_imports');
    const noDevices = await importRows([person({ dispositivos_biometricos: [] })]);
    expect(noDevices).toMatchObject({ status: 400, body: { message: IMPORT_MESSAGES.noDevices } });
    const noValid = await importRows([person({ nombre: '' })]);
    expect(noValid).toMatchObject({ status: 400, body: { message: IMPORT_MESSAGES.noValidRows } });
    const [foreign] = await t.sql<{ id: string }>('select id from biometric_devices where complex_id <> ? limit 1', [alamos]);
    const other = foreign?.id ?? '00000000-0000-7000-8000-000000000000';
    expect((await importRows([person({ dispositivos_biometricos: [other] })])).status).toBe(400);
    const noList = await post(multipart([{ name: 'dispositivos_biometricos', data: '[]' }]));
    expect(noList.status).toBe(400);
    expect(await t.sql<{ n: number }>('select count(*)::int as n from face_imports')).toEqual(before);
    expect(workFolders()).toEqual([]);
  });

  it('refuses 10,000 empty multipart parts and a photo over 5 MB', async () => {
    const parts = Array.from({ length: 10_000 }, (_, i) => ({ name: `p${i}`, data: '' }));
    const res = await post(multipart(parts));
    expect(res).toMatchObject({ status: 400, body: { message: 'El formulario tiene demasiados campos.' } });
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
    const tooBig = await importRows([person()], [big]);
    expect(tooBig).toMatchObject({ status: 413, body: { message: 'La imagen es demasiado grande (máximo 5MB)' } });
    expect(workFolders()).toEqual([]);
  });
});

describe('large batches (202 and a job)', () => {
  it('answers 202 with job_id, runs the rows as a job and streams its live record to the complex', async () => {
    const events: { topic: string; payload: { id: string; status: string; procesados: number } }[] = [];
    const stop = t.app.events.subscribe(alamos, (e) => events.push(e as never));
    const rows = Array.from({ length: 25 }, () => person());
    const res = await importRows(rows);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ success: true, job_id: expect.any(String), total_rostros: 25 });
    // The same upload again while it runs is the same import (no second job, no duplicates). 25 rows may be done
    // before the second request arrives: then, and only then, it is a new import (the first one has ended).
    const again = await importRows(rows);
    expect(again.status).toBe(202);
    if (again.body.job_id !== res.body.job_id) {
      const [first] = await t.sql<{ ended: boolean }>('select finished_at is not null as ended from face_imports where id = ?', [
        res.body.job_id,
      ]);
      expect(first.ended).toBe(true);
      await finished(again.body.job_id);
    }
    const done = await finished(res.body.job_id);
    stop();
    expect(done).toMatchObject({ status: 'completed', total_rostros: 25, procesados: 25, exitosos: 25, fallidos: 0 });
    expect(done.rostros).toHaveLength(25);
    expect(done.rostros[0]).toEqual({
      fila: 1,
      identificacion: rows[0].identificacion,
      nombre: rows[0].nombre,
      status: 'completed',
      error: null,
    });
    expect(done.result.resumen_general).toEqual({ totalRostrosEnviados: 25, importExitosas: 25, importFallidas: 0 });
    const mine = events.filter((e) => e.topic === 'biometrics.import' && e.payload.id === res.body.job_id);
    expect(mine[0].payload.status).toBe('processing');
    expect(mine.at(-1)?.payload).toMatchObject({ status: 'completed', procesados: 25 });
    // Progress goes out at most every 250 ms (and with the last row), always moving forward.
    expect(mine.length).toBeGreaterThanOrEqual(3);
    const counts = mine.map((e) => e.payload.procesados);
    expect(counts).toEqual([...counts].sort((x, y) => x - y));
    const [{ n }] = await t.sql<{ n: number }>('select count(*)::int as n from faces where identificacion in (?)', [
      rows.map((r) => r.identificacion),
    ]);
    expect(n).toBe(25);
    expect(workFolders()).toEqual([]);
    // The list of imports, for the progress badge.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/complexes/${alamos}/face-imports${listQuery({ filter: { active: true } })}`,
      headers,
    });
    expect(list.json().map((i: { id: string }) => i.id)).not.toContain(res.body.job_id);
  });

  it('sends the worker threads one photo each at a time, whatever the rows in flight', async () => {
    const rows = Array.from({ length: 24 }, () => person());
    const res = await importRows(rows);
    expect(res.status).toBe(202);
    const [{ created_by: userId }] = await t.sql<{ created_by: string }>('select created_by from face_imports where id = ?', [
      res.body.job_id,
    ]);
    let running = 0;
    let most = 0;
    let calls = 0;
    const counting = {
      size: 1,
      async run<T>(...args: Parameters<typeof hostWorkers.run>): Promise<T> {
        calls++;
        most = Math.max(most, ++running);
        try {
          return await hostWorkers.run<T>(...args);
        } finally {
          running--;
        }
      },
    };
    // Run beside the job's run, which the job queue starts a moment later.
    await runBeside(res.body.job_id, userId, counting);
    expect(await finished(res.body.job_id)).toMatchObject({ status: 'completed', procesados: 24, exitosos: 24 });
    expect(calls).toBeGreaterThan(1);
    expect(most).toBe(1);
  });

  it('finishes every row once when runs of one import overlap (a retry while a run that lost its claim still ends)', async () => {
    const rows = Array.from({ length: 24 }, () => person());
    const res = await importRows(rows);
    expect(res.status).toBe(202);
    const [{ created_by: userId }] = await t.sql<{ created_by: string }>('select created_by from face_imports where id = ?', [
      res.body.job_id,
    ]);
    // Two more runs beside the job's, as pg-boss may start a retry while the first run still ends its rows.
    const extra = () => runBeside(res.body.job_id, userId);
    await Promise.all([extra(), extra()]);
    const done = await finished(res.body.job_id);
    expect(done).toMatchObject({ status: 'completed', procesados: 24, exitosos: 24, fallidos: 0 });
    const held = await t.sql<{ n: number }>(
      'select count(*)::int as n from faces f join face_devices d on d.face_id = f.id where f.identificacion in (?) group by f.id',
      [rows.map((r) => r.identificacion)],
    );
    expect(held).toEqual(rows.map(() => ({ n: 2 })));
  });
});

/** A run of an import beside its job's (as a retry of pg-boss would start one), with the given worker pool. */
const runBeside = (importId: string, userId: string, workers: typeof hostWorkers = hostWorkers) =>
  runImport({
    em: t.db.orm.em.fork() as never,
    files: t.app.files.forActor({ complexId: alamos, userId, userName: 'test' }),
    workers,
    driver: simulator,
    complexId: alamos,
    importId,
    publish: async () => {},
  });

async function templateXlsx(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Rostros');
  sheet.getRow(4).values = [
    'Nombres',
    'Identificacion',
    'Unidad Hab.',
    'Pisos',
    'Tipo',
    'Estado',
    'Nombre de Imagen',
    'Observaciones',
  ];
  rows.forEach((r, i) => {
    sheet.getRow(5 + i).values = r;
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

const zipUpload = (zip: Buffer, devices = active.map((d) => d.id)) =>
  post(
    multipart([
      { name: 'dispositivos_biometricos', data: JSON.stringify(devices) },
      { name: 'archivo', filename: 'rostros.zip', contentType: 'application/zip', data: zip },
    ]),
  );

describe('the ZIP (archivo) and hostile archives', () => {
  it('imports the template ZIP; entry names are only lookup keys (zip slip writes nothing outside)', async () => {
    const a = String(nextId++);
    const b = String(nextId++);
    const zip = new JSZip();
    zip.file('fotos/Ana.JPG', photo);
    zip.file('../../../../tmp/conjunto-zip-slip.jpg', photo);
    zip.file(
      'plantilla.xlsx',
      await templateXlsx([
        ['Ana Ruiz', a, 'Casa 2', '1,2,S1,x', '', '', 'ana.jpg', 'Torre A'],
        ['', '', '', '', '', '', '', ''],
        ['Luis Mora', b, '', '3', 'empleado', 'bloqueado', 'conjunto-zip-slip.jpg', ''],
        ['Sin Foto', String(nextId++), '', '', '', '', 'nadie.jpg', ''],
      ]),
    );
    const res = await zipUpload(await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
    expect(res.status).toBe(207);
    expect(res.body.importaciones_fallidas).toEqual([
      expect.objectContaining({ fila: 8, error: "Imagen 'nadie.jpg' no encontrada en el archivo ZIP" }),
    ]);
    const faces = await t.sql<{ identificacion: string; pisos: number[]; tipo: string; estado: string }>(
      'select identificacion, pisos, tipo, estado from faces where identificacion in (?) order by identificacion',
      [[a, b]],
    );
    expect(faces).toEqual([
      { identificacion: a, pisos: [-1, 1, 2], tipo: 'propietario', estado: 'activo' },
      { identificacion: b, pisos: [3], tipo: 'empleado', estado: 'bloqueado' },
    ]);
    expect(existsSync('/tmp/conjunto-zip-slip.jpg')).toBe(false);
    expect(workFolders()).toEqual([]);
  });

  it("answers the spec's messages for a ZIP without a workbook or with a wrong header", async () => {
    const none = new JSZip();
    none.file('a.jpg', photo);
    expect(await zipUpload(await none.generateAsync({ type: 'nodebuffer' }))).toMatchObject({
      status: 400,
      body: { message: 'No se encontró un archivo Excel válido en el ZIP' },
    });
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Rostros');
    for (let r = 1; r <= 5; r++) sheet.getRow(r).values = ['Nombre', 'Cédula'];
    const wrong = new JSZip();
    wrong.file('plantilla.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    expect(await zipUpload(await wrong.generateAsync({ type: 'nodebuffer' }))).toMatchObject({
      status: 400,
      body: { message: 'El archivo Excel no tiene el formato correcto...' },
    });
    expect(await zipUpload(Buffer.from('not a zip'))).toMatchObject({
      status: 400,
      body: { message: 'Por favor seleccione un archivo ZIP válido' },
    });
  });

  it('refuses a zip bomb, whether it declares its size or lies about it, and cleans its folder', async () => {
    const zeros = Buffer.alloc(200 * 1024 * 1024);
    const bomb = new JSZip();
    bomb.file('plantilla.xlsx', await templateXlsx([['Ana', String(nextId++), '', '', '', '', 'bomba.jpg', '']]));
    bomb.file('bomba.jpg', zeros);
    const honest = await bomb.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
    expect(honest.length).toBeLessThan(1024 * 1024);
    expect(await zipUpload(honest)).toMatchObject({
      status: 413,
      body: { message: 'El archivo ZIP descomprimido es demasiado grande.' },
    });
    // Declared as 1 KB per entry: only counting the inflated bytes stops it.
    expect(await zipUpload(lieAboutZipSizes(honest, 1024))).toMatchObject({
      status: 413,
      body: { message: 'El archivo ZIP descomprimido es demasiado grande.' },
    });
    expect(workFolders()).toEqual([]);
  }, 60_000);

  it('refuses an .xlsx that is itself a zip bomb before exceljs reads it', async () => {
    const inner = new JSZip();
    inner.file('[Content_Types].xml', '<Types/>');
    inner.file('xl/worksheets/sheet1.xml', Buffer.alloc(100 * 1024 * 1024, 32));
    const xlsx = await inner.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
    const outer = new JSZip();
    outer.file('plantilla.xlsx', lieAboutZipSizes(xlsx, 100));
    outer.file('a.jpg', photo);
    const res = await zipUpload(await outer.generateAsync({ type: 'nodebuffer' }));
    expect(res).toMatchObject({ status: 413, body: { message: IMPORT_MESSAGES.workbookTooLarge } });
    expect(workFolders()).toEqual([]);
  }, 60_000);

  it('refuses a 600 KB ZIP of "photos" of zeros (413) having written at most a few MB, whatever sizes it declares', async () => {
    // 20 rows, each naming a 29 MB photo of zeros: 29 MB deflate to ~28 KB, so the ZIP is ~600 KB.
    const rows = Array.from({ length: 20 }, (_, i) => ['Persona Cero', String(nextId++), '', '', '', '', `cero${i}.jpg`, '']);
    const workbook = await templateXlsx(rows);
    const zeros = Buffer.alloc(29 * 1024 * 1024);
    const entries = [{ name: 'plantilla.xlsx', data: workbook }, ...rows.map((r) => ({ name: r[6] as string, data: zeros }))];
    const honest = zipOf(entries);
    expect(honest.length).toBeLessThan(700 * 1024);
    for (const zip of [honest, lieAboutZipSizes(honest, 50 * 1024)]) {
      const { result, peakBytes } = await watchingWorkBytes(() => zipUpload(zip));
      expect(result).toMatchObject({ status: 413, body: { message: 'El archivo ZIP descomprimido es demasiado grande.' } });
      // The ZIP itself (~600 KB, the upload's temporary and its staged copy) and, when it lies about its sizes, one
      // photo up to 100 times its ~28 KB compressed (the ratio check). Without the caps: 609 MB, and a 207.
      expect(peakBytes).toBeLessThan(5 * 1024 * 1024);
      expect(workFolders()).toEqual([]);
    }
  }, 60_000);

  it('removes the temporary files of an upload aborted half-way', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = new URL(`/api/biometrics/conjuntos/${alamos}/rostros/import/`, base);
    const body = multipart([
      { name: 'rostros', data: JSON.stringify([person()]) },
      { name: 'imagen_0', filename: 'a.jpg', contentType: 'image/jpeg', data: Buffer.alloc(3 * 1024 * 1024, 7) },
    ]);
    const { request } = await import('node:http');
    await new Promise<void>((resolve) => {
      const req = request(url, {
        method: 'POST',
        headers: { ...headers, ...body.headers, 'content-length': String(body.payload.length) },
      });
      req.on('error', () => resolve());
      req.write(body.payload.subarray(0, 1024 * 1024));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
    const tmp = t.app.files.tmpDir;
    const deadline = Date.now() + 5000;
    while ((readdirSync(tmp).length || workFolders().length) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(readdirSync(tmp)).toEqual([]);
    expect(workFolders()).toEqual([]);
  });
});
