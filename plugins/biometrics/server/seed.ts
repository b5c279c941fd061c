// Demo data of Los Álamos: two named controllers (the second fails its SSH check), five devices in mixed states,
// 40 people with generated portraits (drawn here, no downloaded data), and one finished bulk import.
import { type DemoSeedContext, newId } from '@conjunto/core';
import { FACE_TYPES } from '../manifest.ts';
import { importSummary } from './imports.ts';

const DEVICES = [
  { name: 'Entrada principal', location: 'Garita norte', status: 'active', controller: 0 },
  { name: 'Torre A - Lobby', location: 'Torre A, planta baja', status: 'active', controller: 0 },
  { name: 'Parqueadero', location: 'Subsuelo 1', status: 'inactive', controller: 0 },
  { name: 'Torre B - Lobby', location: 'Torre B, planta baja', status: 'active', controller: 1 },
  { name: 'Gimnasio', location: 'Área comunal', status: 'connection_error', controller: 1 },
];
const FACES = 40;
/** The last faces came in through the demo's finished bulk import (one row of it failed). */
const IMPORTED = 12;

const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)];

/** A simple drawn portrait: background, shoulders, face, hair, eyes, mouth; colours vary per person. */
function portrait(random: () => number): Buffer {
  const skin = pick(['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac', '#d9a066'], random);
  const hair = pick(['#2c1b10', '#4a3020', '#090806', '#a55728', '#8a8a8a', '#5b3a1e'], random);
  const shirt = pick(['#1e3a8a', '#0f766e', '#9f1239', '#4d7c0f', '#6b21a8', '#334155'], random);
  const background = pick(['#dbeafe', '#dcfce7', '#fef3c7', '#fce7f3', '#e0e7ff', '#f1f5f9'], random);
  const smile = 360 + Math.round(random() * 30);
  const longHair = random() < 0.45;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="480" height="640" viewBox="0 0 480 640">
  <rect width="480" height="640" fill="${background}"/>
  ${longHair ? `<path d="M110 300 Q100 520 160 540 L320 540 Q380 520 370 300 Z" fill="${hair}"/>` : ''}
  <ellipse cx="240" cy="640" rx="210" ry="150" fill="${shirt}"/>
  <rect x="205" y="400" width="70" height="110" rx="20" fill="${skin}"/>
  <ellipse cx="240" cy="290" rx="118" ry="148" fill="${skin}"/>
  <path d="M118 280 Q120 118 240 116 Q360 118 362 280 Q340 178 240 186 Q142 178 118 280 Z" fill="${hair}"/>
  <ellipse cx="195" cy="285" rx="16" ry="10" fill="#fff"/><circle cx="195" cy="285" r="7" fill="#3b2f2f"/>
  <ellipse cx="285" cy="285" rx="16" ry="10" fill="#fff"/><circle cx="285" cy="285" r="7" fill="#3b2f2f"/>
  <path d="M240 295 Q228 335 246 340" stroke="#00000040" stroke-width="4" fill="none"/>
  <path d="M205 ${smile} Q240 ${smile + 22} 275 ${smile}" stroke="#a0524d" stroke-width="6" fill="none" stroke-linecap="round"/>
</svg>`);
}

export async function seedBiometrics(ctx: DemoSeedContext): Promise<void> {
  const complex = ctx.complexes[0];
  if (!complex) return;
  // The simulator treats controllers on 10.255.0.0/16 as unreachable: the second one shows the SSH alert.
  const controllers = [
    { id: newId(), sequence: 1, name: 'Garita principal', ip: '192.168.10.20' },
    { id: newId(), sequence: 2, name: 'Cuarto técnico Torre B', ip: '10.255.10.21' },
  ];
  for (const c of controllers) {
    await ctx.em.execute(
      'insert into biometric_controllers (id, complex_id, sequence, name, ip, port, username) values (?, ?, ?, ?, ?, 22, ?)',
      [c.id, complex.id, c.sequence, c.name, c.ip, 'pi'],
    );
  }
  const devices: { id: string; name: string; status: string }[] = [];
  for (const [n, d] of DEVICES.entries()) {
    const id = newId();
    devices.push({ id, name: d.name, status: d.status });
    await ctx.em.execute(
      `insert into biometric_devices (id, complex_id, controller_id, name, location, ip, brand, status, created_at)
       values (?, ?, ?, ?, ?, ?, 'Hikvision', ?, now() - (? || ' days')::interval)`,
      [id, complex.id, controllers[d.controller].id, d.name, d.location, `192.168.10.${101 + n}`, d.status, String(30 - n * 5)],
    );
  }
  await ctx.switchOn([complex.id], 'RostrosResidentes');
  await seedFaces(ctx, complex.id, devices);
}

async function seedFaces(
  ctx: DemoSeedContext,
  complexId: string,
  devices: { id: string; name: string; status: string }[],
): Promise<void> {
  const units = await ctx.directory(complexId).units({ includeInactive: true });
  const residents = ctx.residents[complexId] ?? [];
  const files = ctx.files(complexId);
  const active = devices.filter((d) => d.status === 'active');
  const importId = newId();
  const importRows: Record<string, unknown>[] = [];
  const { default: sharp } = await import('sharp');
  for (let i = 0; i < FACES; i++) {
    const id = newId();
    const unit = units[i % units.length];
    const tipo = i < residents.length ? (i % 5 === 0 ? 'inquilino' : 'propietario') : pick(FACE_TYPES, ctx.random);
    const nombre = residents[i]?.name ?? `Persona ${i + 1}`;
    const identificacion = String(1712000000 + i * 104729);
    const photo = await sharp(portrait(ctx.random)).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
    const file = await files.save(ctx.em, {
      category: 'face',
      personal: true,
      filename: `${identificacion}.jpg`,
      label: nombre,
      contentType: 'image/jpeg',
      data: photo,
    });
    const held = i % 4 === 0 ? [...active, devices[2]] : active.filter(() => ctx.random() < 0.7);
    const on = held.length ? held : [active[0]];
    await ctx.em.execute(
      `insert into faces (id, complex_id, identificacion, nombre, unit_id, pisos, tipo, estado, observaciones, photo_file_id, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, now() - (? || ' days')::interval, now() - (? || ' days')::interval)`,
      [
        id,
        complexId,
        identificacion,
        nombre,
        unit?.id ?? null,
        JSON.stringify(i % 3 === 0 ? [-1, 1] : [1, 2]),
        tipo,
        i % 13 === 7 ? 'bloqueado' : 'activo',
        null,
        file.id,
        String(FACES - i),
        String(FACES - i),
      ],
    );
    for (const d of on)
      await ctx.em.execute('insert into face_devices (face_id, device_id, complex_id) values (?, ?, ?) on conflict do nothing', [
        id,
        d.id,
        complexId,
      ]);
    if (i >= FACES - IMPORTED) {
      importRows.push({
        fila: importRows.length + 5,
        identificacion,
        nombre,
        status: 'completed',
        error: null,
        outcome: { created: on.map((d) => d.id), skipped: [], failed: [] },
      });
    }
  }
  // One row of the import named a photo the ZIP did not have.
  importRows.push({
    fila: importRows.length + 5,
    identificacion: '1799999999',
    nombre: 'Pedro Salazar',
    status: 'failed',
    error: "Imagen 'pedro.jpg' no encontrada en el archivo ZIP",
    outcome: null,
  });
  const byId = new Map(devices.map((d) => [d.id, d as Record<string, unknown>]));
  const result = importSummary(importId, importRows, byId);
  await ctx.em.execute(
    `insert into face_imports (id, complex_id, status, total_rostros, procesados, exitosos, fallidos, payload_sha256, result, created_at, started_at, finished_at)
     values (?, ?, 'completed', ?, ?, ?, 1, ?, ?::jsonb, now() - interval '3 days', now() - interval '3 days', now() - interval '3 days' + interval '40 seconds')`,
    [importId, complexId, importRows.length, importRows.length, importRows.length - 1, '0'.repeat(64), JSON.stringify(result)],
  );
  for (const r of importRows) {
    await ctx.em.execute(
      `insert into face_import_rows (import_id, fila, identificacion, nombre, tipo, estado, devices, status, error, outcome)
       values (?, ?, ?, ?, 'propietario', 'activo', ?::jsonb, ?, ?, ?::jsonb)`,
      [
        importId,
        r.fila,
        r.identificacion,
        r.nombre,
        JSON.stringify(active.map((d) => d.id)),
        r.status,
        r.error,
        JSON.stringify(r.outcome),
      ],
    );
  }
}
