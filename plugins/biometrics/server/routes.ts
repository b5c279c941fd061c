// The biometrics routes: the REST resources under /api/complexes/:complexId and the spec's own paths under
// /api/biometrics/conjuntos/:complexId (its compatibility surface). The host checks tenancy, the
// RostrosResidentes switch and, from the manifest's access table, the roles on both.
import {
  ApiError,
  CLOSED,
  contentDisposition,
  ErrorSchema,
  formatDate,
  type HostServices,
  IdParams,
  type ListDeclaration,
  Nullable,
  newId,
  notFound,
  type PluginApp,
} from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import { deviceStatusGroup } from '../manifest.ts';
import es from '../messages/es.ts';
import { DeviceSchema, DevicesStatusSchema, FaceSchema } from '../schemas.ts';
import { BiometricDevice, Face } from './device.entity.ts';
import { deviceRoutes, toDevice } from './device-routes.ts';
import { devicesStatus } from './devices.ts';
import type { BiometricDriver } from './driver.ts';
import {
  alertsMessage,
  alertsOf,
  devicesOf,
  faceFields,
  forgetIfUnheld,
  insertFace,
  jsonList,
  onDevices,
  recordEnrolments,
  recordOf,
  unitIdOf,
} from './faces.ts';
import { FACE_IMAGE, IMAGE_TOO_LARGE, ImageRejected, normaliseFace } from './images.ts';
import { errorReport, importTemplate } from './spreadsheets.ts';

/** The uploaded photo as a stored JPEG, or 400 with the reason. */
async function facePhoto(data: Uint8Array): Promise<Buffer> {
  try {
    return await normaliseFace(data);
  } catch (error) {
    if (error instanceof ImageRejected) throw new ApiError(400, 'INVALID_IMAGE', error.message, { imagen: error.message });
    throw error;
  }
}

const tags = ['biometrics'];

// The exports' columns are what the screens show, in Spanish: labels for codes, no ids nor signed photo URLs.
const text = es.biometrics;
const labelOf = (labels: Record<string, string>, code: string) => (Object.hasOwn(labels, code) ? labels[code] : code);
type FaceItem = Static<typeof FaceSchema>;
type DeviceItem = Static<typeof DeviceSchema>;
const FACE_EXPORT: ListDeclaration<never, FaceItem>['exportColumns'] = {
  nombre: text.form.nombre,
  identificacion: text.form.identificacion,
  destino: text.form.destino,
  pisos: text.form.pisos,
  tipo: { header: text.form.tipo, value: (face) => labelOf(text.types, face.tipo) },
  estado: { header: text.form.estado, value: (face) => labelOf(text.states, face.estado) },
  observaciones: text.form.observaciones,
  devices: { header: text.form.dispositivos, value: (face) => face.devices.length },
  createdAt: { header: text.faces.created, value: (face) => formatDate(face.createdAt) },
};
const DEVICE_EXPORT: ListDeclaration<never, DeviceItem>['exportColumns'] = {
  name: text.form.nombre,
  location: text.devices.location,
  ip: text.devices.ip,
  brand: text.devices.brand,
  status: { header: text.form.estado, value: (device) => text.devices.status[deviceStatusGroup(device.status)] },
  notes: text.form.observaciones,
  createdAt: { header: text.devices.created, value: (device) => formatDate(device.createdAt) },
};

export const biometricRoutes = (app: PluginApp, host: HostServices) => {
  host.listRoute(app, {
    resource: 'biometric-devices',
    tags,
    entity: BiometricDevice,
    filters: { status: 'exact', controllerId: 'exact' },
    search: ['name', 'location', 'brand', 'ip', 'notes'],
    sortable: ['createdAt', 'name', 'status'],
    defaultSort: { field: 'createdAt', order: 'DESC' },
    item: DeviceSchema,
    exportColumns: DEVICE_EXPORT,
    toItem: (row: BiometricDevice) => toDevice(row),
  });
  app.get(
    '/biometric-devices/:id',
    { schema: { tags, params: IdParams, response: { 200: DeviceSchema, 404: ErrorSchema } } },
    async (request) => toDevice(await host.findOr404<BiometricDevice>(request, BiometricDevice, request.params.id)),
  );
  deviceRoutes(app, host);

  app.get(
    '/faces/import-template.xlsx',
    {
      schema: { tags, summary: "The bulk-import template: sheet 'Rostros', header on row 4, data from row 5, instructions" },
    },
    async (request, reply) => {
      const units = await host.directory(request).units({ limit: 1 });
      return reply
        .type(XLSX)
        .header('Content-Disposition', contentDisposition('plantilla-rostros.xlsx'))
        .send(await importTemplate(units.map((u) => u.number)));
    },
  );
  app.post(
    '/faces/import-errors.xlsx',
    {
      schema: {
        tags,
        summary: 'The error report of a validated import (fila, errores, nombre, identificacion, imagen)',
        body: Type.Object({ rows: Type.Array(ReportRow, { maxItems: 5000 }) }, CLOSED),
      },
    },
    async (request, reply) =>
      reply
        .type(XLSX)
        .header('Content-Disposition', contentDisposition('errores-importacion-rostros.xlsx'))
        .send(await errorReport(request.body.rows)),
  );

  host.listRoute(app, {
    resource: 'faces',
    tags,
    summary:
      'People with access (the card grid): q over name, identificacion and observations; filters tipo, estado, unitId, deviceId',
    entity: Face,
    filters: {
      tipo: 'exact',
      estado: 'exact',
      unitId: 'exact',
      // 'Filtrar por dispositivo': the people that device holds.
      deviceId: (value) => ({
        $sql: {
          text: 'exists (select 1 from face_devices fd where fd.face_id = t.id and fd.device_id = ?)',
          params: [String(value)],
        },
      }),
    },
    search: ['nombre', 'identificacion', 'observaciones', 'tipo', 'destino'],
    sortable: ['nombre', 'createdAt', 'identificacion'],
    defaultSort: { field: 'nombre', order: 'ASC' },
    item: FaceSchema,
    exportColumns: FACE_EXPORT,
    // The export: no photo column, so no photo URL to sign.
    toItem: (face: Face) => ({ ...toFace(face), photoUrl: null }),
    // Photos are personal data: each card gets a short-lived signed URL, and each read of it is audited.
    toItems: async (request, faces: Face[]) => {
      const urls = await host.files.signedUrls(
        request,
        faces.flatMap((f) => (f.photoFileId ? [f.photoFileId] : [])),
      );
      return faces.map((f) => ({ ...toFace(f), photoUrl: (f.photoFileId && urls.get(f.photoFileId)?.url) || null }));
    },
  });
};

const ReportRow = Type.Object(
  {
    fila: Type.Integer({ minimum: 1 }),
    errores: Type.Array(Type.String({ maxLength: 500 }), { maxItems: 20 }),
    nombre: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    identificacion: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
    imagen: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  },
  CLOSED,
);

/** The devices to remove a face from: a list of ids, or that list as JSON text (as a form sends it). One schema
 * with two types, so that coercion never turns one form into the other. */
const FaceDeleteSchema = Type.Object(
  {
    dispositivos_biometricos: Type.Optional(
      Type.Unsafe<string[] | string>({
        type: ['array', 'string'],
        items: Type.String({ maxLength: 64 }),
        maxItems: 500,
        maxLength: 40_000,
      }),
    ),
  },
  CLOSED,
);

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The person's id in the spec's paths (/rostros/:identificacion/...). */
const FaceParams = Type.Object({ identificacion: Type.String() });

const toFace = (f: Face) => ({
  id: f.id,
  identificacion: f.identificacion,
  nombre: f.nombre,
  destino: f.destino ?? null,
  pisos: f.pisos,
  tipo: f.tipo,
  estado: f.estado,
  observaciones: f.observaciones ?? null,
  devices: (typeof f.devices === 'string' ? JSON.parse(f.devices) : (f.devices ?? [])) as string[],
  createdAt: new Date(f.createdAt).toISOString(),
  updatedAt: new Date(f.updatedAt).toISOString(),
});

/** The spec's paths (spec 001 §7). */
export const biometricCompatRoutes = (driver: BiometricDriver) => (app: PluginApp, host: HostServices) => {
  const em = (request: FastifyRequest) => host.em(request) as SqlEntityManager;

  app.post(
    '/rostros/',
    {
      schema: {
        tags,
        summary: 'Create a face on the chosen devices (multipart: fields of spec 001 §7 and imagen)',
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      const { complexId } = host.context(request);
      const upload = await host.files.readUpload(request, {
        maxFileSize: FACE_IMAGE.maxBytes,
        maxFiles: 1,
        maxFields: 12,
        tooLargeMessage: IMAGE_TOO_LARGE,
      });
      const face = faceFields(upload.fields, { requireDevices: true });
      const photo = upload.files.find((f) => f.fieldname === 'imagen');
      if (!photo)
        throw new ApiError(400, 'VALIDATION', 'Debe cargar una imagen del rostro', {
          imagen: 'Debe cargar una imagen del rostro',
        });
      const jpeg = await facePhoto(await photo.buffer());
      const faceId = newId();
      const devices = await em(request).transactional(async (tx) => {
        const chosen = await devicesOf(tx, complexId, face.devices);
        const unitId = await unitIdOf(host.directory({ complexId, em: tx }), face.destino);
        const [taken] = await tx.execute('select 1 from faces where complex_id = ? and identificacion = ?', [
          complexId,
          face.identificacion,
        ]);
        if (taken)
          throw new ApiError(409, 'DUPLICATE', 'Identificación duplicada', { identificacion: 'Identificación duplicada' });
        await insertFace(tx, (file) => host.files.save(request, tx, file), { id: faceId, complexId, unitId, face, jpeg });
        host.audit(request, tx, {
          resource: 'faces',
          recordId: faceId,
          action: 'create',
          changes: { ...face, devices: face.devices },
          description: face.nombre,
        });
        return chosen;
      });
      const outcomes = await onDevices(devices, (device) => driver.enrol(device, recordOf(face), jpeg));
      const alerts = alertsOf(outcomes);
      const forgotten = await em(request).transactional(async (tx) => {
        await recordEnrolments(tx, complexId, faceId, outcomes);
        const gone = await forgetIfUnheld(tx, faceId, (fileId) => host.files.remove(request, tx, fileId));
        if (gone)
          host.audit(request, tx, {
            resource: 'faces',
            recordId: faceId,
            action: 'delete',
            changes: { identificacion: face.identificacion, devices: [] },
            description: face.nombre,
          });
        return gone;
      });
      // No device took the person: nothing is kept, and the answer says why.
      if (forgotten) return reply.status(503).send({ message: alertsMessage(alerts), code: 'DEVICES_UNAVAILABLE', alerts });
      return reply.status(alerts.length ? 207 : 201).send({
        success: true,
        rostro: {
          id: faceId,
          identificacion: face.identificacion,
          nombre: face.nombre,
          dispositivos_biometricos: outcomes.filter((o) => o.ok).map((o) => o.device.id),
        },
        alerts,
      });
    },
  );

  app.put(
    '/rostros/:identificacion/edit/',
    {
      schema: {
        tags,
        summary: 'Edit a face and put it on the chosen devices (multipart; imagen optional; identificacion locked)',
        params: FaceParams,
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      const { complexId } = host.context(request);
      const { identificacion } = request.params;
      const upload = await host.files.readUpload(request, {
        maxFileSize: FACE_IMAGE.maxBytes,
        maxFiles: 1,
        maxFields: 12,
        tooLargeMessage: IMAGE_TOO_LARGE,
      });
      const face = faceFields(
        { ...upload.fields, identificacion: upload.fields.identificacion || identificacion },
        { requireDevices: true },
      );
      if (face.identificacion !== identificacion)
        throw new ApiError(400, 'VALIDATION', 'La identificación no se puede modificar.', {
          identificacion: 'La identificación no se puede modificar.',
        });
      const photo = upload.files.find((f) => f.fieldname === 'imagen');
      const jpeg = photo ? await facePhoto(await photo.buffer()) : undefined;
      const { faceId, devices, enrolled, photoId } = await em(request).transactional(async (tx) => {
        const [row] = await tx.execute(
          'select id, photo_file_id from faces where complex_id = ? and identificacion = ? for update',
          [complexId, identificacion],
        );
        if (!row) throw notFound();
        const chosen = await devicesOf(tx, complexId, face.devices);
        const unitId = await unitIdOf(host.directory({ complexId, em: tx }), face.destino);
        let photoId = row.photo_file_id as string | null;
        if (jpeg) {
          photoId = (
            await host.files.save(request, tx, {
              category: 'face',
              personal: true,
              filename: `${identificacion}.jpg`,
              label: face.nombre,
              contentType: 'image/jpeg',
              data: jpeg,
            })
          ).id;
          if (row.photo_file_id) await host.files.remove(request, tx, row.photo_file_id as string);
        } else if (photoId) await host.files.relabel(request, tx, photoId, face.nombre);
        await tx.execute(
          `update faces set nombre = ?, unit_id = ?, pisos = ?::jsonb, tipo = ?, estado = ?, observaciones = ?, photo_file_id = ?, updated_at = now() where id = ?`,
          [face.nombre, unitId, JSON.stringify(face.pisos), face.tipo, face.estado, face.observaciones, photoId, row.id],
        );
        host.audit(request, tx, {
          resource: 'faces',
          recordId: row.id as string,
          action: 'update',
          changes: { ...face, newPhoto: Boolean(jpeg) },
          description: face.nombre,
        });
        const on = new Set(
          (await tx.execute('select device_id from face_devices where face_id = ?', [row.id])).map((r) => r.device_id as string),
        );
        return { faceId: row.id as string, devices: chosen, enrolled: on, photoId };
      });
      // A device that did not hold the face yet needs the photo: the new one, else the stored one.
      const needsPhoto = !jpeg && photoId && devices.some((d) => !enrolled.has(d.id));
      const image = jpeg ?? (needsPhoto ? await host.files.read(request, photoId) : undefined);
      const outcomes = await onDevices(devices, (device) =>
        enrolled.has(device.id)
          ? driver.update(device, recordOf(face), jpeg)
          : driver.enrol(device, recordOf(face), image ?? new Uint8Array()),
      );
      await em(request).transactional((tx) => recordEnrolments(tx, complexId, faceId, outcomes));
      const alerts = alertsOf(outcomes);
      return reply.status(alerts.length ? 207 : 200).send({
        success: true,
        message: alerts.length ? alertsMessage(alerts) : 'Rostro actualizado',
        data: {
          identificacion_original: identificacion,
          alerts,
          devices_added: outcomes
            .filter((o) => !enrolled.has(o.device.id))
            .map((o) => ({ success: o.ok, rostro_id: faceId, device_id: o.device.id })),
        },
      });
    },
  );

  app.delete(
    '/rostros/:identificacion/delete/',
    {
      schema: {
        tags,
        summary: 'Remove a face from the chosen devices (body: dispositivos_biometricos)',
        params: FaceParams,
        body: FaceDeleteSchema,
      },
    },
    async (request, reply) => {
      const { complexId } = host.context(request);
      const { identificacion } = request.params;
      const raw = request.body?.dispositivos_biometricos;
      const ids = typeof raw === 'string' ? jsonList(raw, 'dispositivos_biometricos') : raw;
      if (!Array.isArray(ids) || ids.length === 0)
        throw new ApiError(400, 'VALIDATION', 'Debe seleccionar al menos un dispositivo', {
          dispositivos_biometricos: 'Debe seleccionar al menos un dispositivo',
        });
      const [face] = await em(request).execute('select id, nombre from faces where complex_id = ? and identificacion = ?', [
        complexId,
        identificacion,
      ]);
      if (!face) throw notFound();
      const devices = await devicesOf(em(request), complexId, [...new Set(ids.map(String))]);
      const enrolled = new Set(
        (await em(request).execute('select device_id from face_devices where face_id = ?', [face.id])).map(
          (r) => r.device_id as string,
        ),
      );
      const targets = devices.filter((d) => enrolled.has(d.id));
      const outcomes = await onDevices(targets, (device) => driver.remove(device, identificacion));
      const removed = outcomes.filter((o) => o.ok).map((o) => o.device.id);
      await em(request).transactional(async (tx) => {
        if (removed.length)
          await tx.execute('delete from face_devices where face_id = ? and device_id in (?)', [face.id, removed]);
        await forgetIfUnheld(tx, face.id as string, (fileId) => host.files.remove(request, tx, fileId));
        host.audit(request, tx, {
          resource: 'faces',
          recordId: face.id as string,
          action: 'delete',
          changes: { identificacion, devices: removed },
          description: face.nombre as string,
        });
      });
      const failed = outcomes.length - removed.length;
      return reply.status(failed ? 207 : 200).send({
        success: failed === 0,
        data: {
          successful_count: removed.length,
          failed_count: failed,
          skipped_count: devices.length - targets.length,
          successful_devices: removed.map((id) => ({ biometric_id: id })),
        },
      });
    },
  );

  app.get(
    '/biometricos/status',
    {
      schema: {
        tags,
        summary: 'Devices and controllers of the complex, with the SSH check of each controller',
        response: { 200: DevicesStatusSchema },
      },
    },
    (request) => devicesStatus(host.em(request), driver, host.context(request).complexId),
  );
};
