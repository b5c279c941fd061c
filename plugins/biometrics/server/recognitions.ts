// A face reader recognised someone (POST biometric-devices/:id/recognitions): the reader's integration reports it,
// biometrics keeps it in its own table and announces it as the domain event 'biometrics.recognition.recorded'
// (in the same transaction), so that the gate's timeline (or any other plugin) follows it without reading faces.
import { ApiError, ERROR_RESPONSES, type HostServices, IdParams, newId, type PluginApp } from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { Type } from 'typebox';
import { BIOMETRICS_EVENTS } from '../manifest.ts';
import { BiometricDevice } from './device.entity.ts';

const tags = ['biometrics'];

const RecognitionCreateSchema = Type.Object(
  {
    /** The cédula the reader matched (its enrolled face's identificacion). */
    identificacion: Type.String({ minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9-]+$' }),
    /** When the reader saw the face; default now. At most a day old, never in the future (a reader's clock drifts a little). */
    recognizedAt: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
  },
  { additionalProperties: false },
);
const RecognitionSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  deviceId: Type.String({ format: 'uuid' }),
  faceId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  identificacion: Type.String(),
  nombre: Type.Union([Type.String(), Type.Null()]),
  recognizedAt: Type.String({ format: 'date-time' }),
});

/** Payload of 'biometrics.recognition.recorded'. */
export interface RecognitionRecorded {
  recognitionId: string;
  deviceId: string;
  deviceName: string;
  faceId: string | null;
  identificacion: string;
  nombre: string | null;
  unitId: string | null;
  recognizedAt: string;
}

export function recognitionRoutes(app: PluginApp, host: HostServices) {
  app.post(
    '/biometric-devices/:id/recognitions',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          "A face recognised by the device (its integration reports it): recorded, and announced as 'biometrics.recognition.recorded'. An identificacion with no enrolled face is recorded without face",
        params: IdParams,
        body: RecognitionCreateSchema,
        response: { 201: RecognitionSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const device = await host.findOr404<BiometricDevice>(request, BiometricDevice, request.params.id);
      const { complexId } = host.context(request);
      const body = request.body;
      const now = Date.now();
      const at = body.recognizedAt ? Date.parse(body.recognizedAt) : now;
      if (!Number.isFinite(at) || at > now + 60_000 || at < now - 86_400_000) {
        const message = 'Fecha de reconocimiento inválida.';
        throw new ApiError(400, 'VALIDATION', message, { recognizedAt: message });
      }
      const identificacion = body.identificacion.toUpperCase();
      const em = host.em(request) as SqlEntityManager;
      const record = await em.transactional(async (tx) => {
        const [face] = await tx.execute<{ id: string; nombre: string; unit_id: string | null }[]>(
          'select id, nombre, unit_id from faces where complex_id = ? and upper(identificacion) = ? limit 1',
          [complexId, identificacion],
        );
        const id = newId();
        const recognizedAt = new Date(at).toISOString();
        await tx.execute(
          `insert into face_recognitions (id, complex_id, device_id, face_id, identificacion, recognized_at)
           values (?, ?, ?, ?, ?, ?)`,
          [id, complexId, device.id, face?.id ?? null, identificacion, recognizedAt],
        );
        const event: RecognitionRecorded = {
          recognitionId: id,
          deviceId: device.id,
          deviceName: device.name,
          faceId: face?.id ?? null,
          identificacion,
          nombre: face?.nombre ?? null,
          unitId: face?.unit_id ?? null,
          recognizedAt,
        };
        await host.emit(request, tx, BIOMETRICS_EVENTS.recognitionRecorded, { ...event });
        return event;
      });
      return reply.status(201).send({
        id: record.recognitionId,
        deviceId: record.deviceId,
        faceId: record.faceId,
        identificacion: record.identificacion,
        nombre: record.nombre,
        recognizedAt: record.recognizedAt,
      });
    },
  );
}
