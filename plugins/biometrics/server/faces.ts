// Faces: one person (identificacion, unique in the complex) enrolled on chosen devices (spec 001 §3, §5, §7).
// The database is written first and briefly; the devices are reached afterwards, outside any transaction,
// so a slow or offline reader never holds the database.
import { type ApiError, type FileSaveInput, type HostDirectory, invalid, MESSAGES, type SavedFile } from '@conjunto/core';
import { FLOOR_PINS, SELECTABLE_FLOORS } from '../manifest.ts';
import { checkFields, FACE_LIMITS, type FaceData, type RowIssue, ruleText } from '../rules.ts';
import { type DeviceRef, DeviceUnavailableError, type FaceRecord } from './driver.ts';
import { ROW_MESSAGES } from './import-rows.ts';

type Em = { execute(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]> };

export interface FaceFields extends FaceData {
  devices: string[];
}

/** A multipart field holding a JSON list (spec 001 §7): undefined when absent or blank, 400 when not a list. */
export function jsonList(raw: string | undefined, field: string): unknown[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  try {
    const value = JSON.parse(raw);
    if (Array.isArray(value)) return value;
  } catch {}
  throw invalid(field, MESSAGES.invalidInput);
}

/** Where the form shows a broken row rule, and the form's own texts for a missing name or identification (spec 001 §2). */
function formError(issue: RowIssue): ApiError {
  switch (issue.key) {
    case 'nameRequired':
      return invalid('nombre', 'El nombre es requerido');
    case 'idRequired':
      return invalid('identificacion', 'La cédula/pasaporte es requerida');
    case 'tooLong': {
      const field = issue.args?.field === 'Nombres' ? 'nombre' : 'observaciones';
      return invalid(field, MESSAGES.maxLength(FACE_LIMITS[field]));
    }
    default:
      return invalid(issue.key === 'idDigits' ? 'identificacion' : issue.key === 'badType' ? 'tipo' : 'estado', ruleText(issue));
  }
}

/** The multipart fields of spec 001 §7, checked with the import's row rules (rules.ts) and the form's texts. */
export function faceFields(fields: Record<string, string>, options: { requireDevices: boolean }): FaceFields {
  const { face, issues } = checkFields(fields);
  if (issues.length) throw formError(issues[0]);
  const pisos = (jsonList(fields.pisos, 'pisos') ?? []).map(Number);
  if (pisos.some((p) => !(SELECTABLE_FLOORS as readonly number[]).includes(p))) throw invalid('pisos', 'Piso no válido.');
  const devices = (jsonList(fields.dispositivos_biometricos, 'dispositivos_biometricos') ?? []).map(String);
  if (options.requireDevices && devices.length === 0)
    throw invalid('dispositivos_biometricos', 'Debe seleccionar al menos un dispositivo biométrico');
  return { ...face, pisos: [...new Set(pisos)].sort((a, b) => a - b), devices: [...new Set(devices)] };
}

/** Devices with what a driver needs to reach them (their controller's address). */
export const DEVICE_REFS =
  'select d.id, d.name, d.ip, d.status, d.controller_id, c.ip as controller_ip from biometric_devices d left join biometric_controllers c on c.id = d.controller_id';

export const deviceRef = (r: Record<string, unknown>): DeviceRef => ({
  id: r.id as string,
  ip: r.ip as string,
  status: r.status as string,
  controllerId: (r.controller_id as string) ?? null,
  controllerIp: (r.controller_ip as string) ?? null,
});

/** The devices of the complex by id; an id of another complex or unknown answers 400. */
export async function devicesOf(em: Em, complexId: string, ids: string[]): Promise<DeviceRef[]> {
  if (!ids.length) return [];
  const unknown = () => invalid('dispositivos_biometricos', 'Dispositivo biométrico no encontrado.');
  if (ids.some((id) => !/^[0-9a-f-]{36}$/i.test(id))) throw unknown();
  const rows = await em.execute(`${DEVICE_REFS} where d.complex_id = ? and d.id in (?)`, [complexId, ids]);
  if (rows.length !== ids.length) throw unknown();
  return rows.map(deviceRef);
}

/** The unit (destino) by its number; the spec leaves this check to the server. */
export async function unitIdOf(directory: HostDirectory, destino: string | null): Promise<string | null> {
  if (!destino) return null;
  const [unit] = await directory.units({ numbers: [destino], includeInactive: true });
  if (!unit) throw invalid('destino', ROW_MESSAGES.unit(destino));
  return unit.id;
}

export const recordOf = (face: FaceData): FaceRecord => ({
  identificacion: face.identificacion,
  nombre: face.nombre,
  pins: face.pisos.map((p) => FLOOR_PINS[p]).filter((p): p is number => p !== undefined),
  estado: face.estado,
});

export interface DeviceOutcome {
  device: DeviceRef;
  ok: boolean;
  reason?: 'device_offline' | 'ssh_failed';
}

/** Runs `call` on every device at once; a device that fails is reported, not thrown. */
export async function onDevices(devices: DeviceRef[], call: (device: DeviceRef) => Promise<void>): Promise<DeviceOutcome[]> {
  return Promise.all(
    devices.map(async (device) => {
      try {
        await call(device);
        return { device, ok: true };
      } catch (error) {
        return { device, ok: false, reason: error instanceof DeviceUnavailableError ? error.reason : 'device_offline' };
      }
    }),
  );
}

/** The alerts of a 207 answer (spec 001 §7). */
export function alertsOf(outcomes: DeviceOutcome[]) {
  return outcomes
    .filter((o) => !o.ok)
    .map((o) => ({
      type: o.reason ?? 'device_offline',
      message: o.reason === 'ssh_failed' ? 'Error de conexión' : 'Algunos dispositivos no están activos',
      severity: o.reason === 'ssh_failed' ? 'error' : 'warning',
      device_id: o.device.id,
    }));
}

/** Stores a new person and its photo (personal data: every read of it is audited), in the caller's transaction. */
export async function insertFace(
  tx: Em,
  saveFile: (input: FileSaveInput) => Promise<SavedFile>,
  person: { id: string; complexId: string; unitId: string | null; face: FaceData; jpeg: Uint8Array },
): Promise<void> {
  const { face } = person;
  const file = await saveFile({
    category: 'face',
    personal: true,
    filename: `${face.identificacion}.jpg`,
    // The person it shows: the audit log names the photo's reads by it.
    label: face.nombre,
    contentType: 'image/jpeg',
    data: person.jpeg,
  });
  await tx.execute(
    `insert into faces (id, complex_id, identificacion, nombre, unit_id, pisos, tipo, estado, observaciones, photo_file_id)
     values (?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?)`,
    [
      person.id,
      person.complexId,
      face.identificacion,
      face.nombre,
      person.unitId,
      JSON.stringify(face.pisos),
      face.tipo,
      face.estado,
      face.observaciones,
      file.id,
    ],
  );
}

/** The alerts as one message (spec §8: 'Algunos dispositivos no están activos', 'Error de conexión'). */
export const alertsMessage = (alerts: { message: string }[]) => [...new Set(alerts.map((a) => a.message))].join('. ');

/**
 * Forgets a person no device holds, photo included: personal data is not kept without use. Answers whether it
 * did. `removeFile` deletes the stored photo in the same transaction.
 */
export async function forgetIfUnheld(tx: Em, faceId: string, removeFile: (fileId: string) => Promise<void>): Promise<boolean> {
  const [gone] = await tx.execute(
    'delete from faces where id = ? and not exists (select 1 from face_devices where face_id = ?) returning photo_file_id',
    [faceId, faceId],
  );
  if (gone?.photo_file_id) await removeFile(gone.photo_file_id as string);
  return gone !== undefined;
}

/** The statement that records which devices hold a person (also a part of a larger one); a repeat adds nothing. */
export const enrolmentInsert = (complexId: string, faceId: string, deviceIds: readonly string[]) => ({
  sql: `insert into face_devices (face_id, device_id, complex_id) values ${deviceIds.map(() => '(?, ?, ?)').join(', ')} on conflict do nothing`,
  params: deviceIds.flatMap((deviceId) => [faceId, deviceId, complexId]),
});

export async function recordEnrolments(em: Em, complexId: string, faceId: string, outcomes: DeviceOutcome[]): Promise<void> {
  const ok = outcomes.filter((o) => o.ok).map((o) => o.device.id);
  if (!ok.length) return;
  const insert = enrolmentInsert(complexId, faceId, ok);
  await em.execute(insert.sql, insert.params);
}
