// TypeBox schemas of the biometrics API. The spec's endpoints keep its field names (snake_case, Spanish).
import { CLOSED, Nullable } from '@conjunto/core';
import { Type } from 'typebox';
import { DEVICE_LIMITS, DEVICE_STATUSES } from './device-rules.ts';

/** GET /api/biometrics/conjuntos/{conjuntoId}/biometricos/status (spec 001 §3, §7). */
export const DevicesStatusSchema = Type.Object({
  success: Type.Boolean(),
  data: Type.Object({
    devices_status: Type.Array(
      Type.Object({
        rostro_id: Type.String(),
        device_name: Type.String(),
        ubicacion: Type.String(),
        status: Type.String(),
        ip: Type.String(),
        marca: Type.String(),
        timestamp: Type.String(),
        raspberry_id: Nullable(Type.String()),
        ssh_status: Type.String(),
        /** What the device itself last reported; `status` is its state now (off line when its controller is). */
        device_status: Type.String(),
        raspberry_name: Nullable(Type.String()),
      }),
    ),
    devices_active: Type.Integer(),
    devices_inactive: Type.Integer(),
    devices_configured: Type.Integer(),
    raspberrys_total: Type.Integer(),
    ssh_success_count: Type.Integer(),
    ssh_failed_count: Type.Integer(),
    raspberrys: Type.Array(
      Type.Object({
        raspberry_id: Type.String(),
        name: Type.String(),
        sequence: Type.Integer(),
        ssh_config: Type.Object({ ip: Type.String(), puerto: Type.Integer(), usuario: Type.String() }),
        ssh_status: Type.String(),
      }),
    ),
  }),
});

export const DeviceSchema = Type.Object({
  id: Type.String(),
  controllerId: Nullable(Type.String()),
  name: Type.String(),
  location: Nullable(Type.String()),
  ip: Type.String(),
  brand: Nullable(Type.String()),
  status: Type.String(),
  notes: Nullable(Type.String()),
  createdAt: Type.String(),
});

/** A device as the administration registers it: name and IP required, the rest optional (status 'inactive'). */
export const DeviceCreateSchema = Type.Object(
  {
    name: Type.String({ maxLength: DEVICE_LIMITS.name }),
    ip: Type.String({ maxLength: DEVICE_LIMITS.ip }),
    location: Type.Optional(Nullable(Type.String({ maxLength: DEVICE_LIMITS.location }))),
    brand: Type.Optional(Nullable(Type.String({ maxLength: DEVICE_LIMITS.brand }))),
    status: Type.Optional(Type.Enum([...DEVICE_STATUSES])),
    notes: Type.Optional(Nullable(Type.String({ maxLength: DEVICE_LIMITS.notes }))),
    /** The controller it hangs from, of the same complex. */
    controllerId: Type.Optional(Nullable(Type.String({ maxLength: 36 }))),
  },
  CLOSED,
);
/** PUT: the fields sent change, the others stay. */
export const DeviceUpdateSchema = Type.Partial(DeviceCreateSchema, CLOSED);

export const ControllerSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  sequence: Type.Integer(),
  ip: Type.String(),
  port: Type.Integer(),
  username: Type.String(),
});
export const ControllerUpdateSchema = Type.Object({ name: Type.String({ maxLength: DEVICE_LIMITS.controllerName }) }, CLOSED);

export const FaceSchema = Type.Object({
  id: Type.String(),
  identificacion: Type.String(),
  nombre: Type.String(),
  /** The unit's number (Casa). */
  destino: Nullable(Type.String()),
  pisos: Type.Array(Type.Integer()),
  tipo: Type.String(),
  estado: Type.String(),
  observaciones: Nullable(Type.String()),
  /** Ids of the devices that hold the face. */
  devices: Type.Array(Type.String()),
  /** A signed URL of the photo, valid for a few minutes. */
  photoUrl: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

/** A bulk import's live record (spec 001 §3 "Import job"); the detail adds its rows and, once finished, its summary. */
export const FaceImportSchema = Type.Object({
  id: Type.String(),
  status: Type.String(),
  total_rostros: Type.Integer(),
  procesados: Type.Integer(),
  exitosos: Type.Integer(),
  fallidos: Type.Integer(),
  error: Nullable(Type.String()),
  createdAt: Type.String(),
  startedAt: Nullable(Type.String()),
  finishedAt: Nullable(Type.String()),
  rostros: Type.Optional(
    Type.Array(
      Type.Object({
        fila: Type.Integer(),
        identificacion: Type.String(),
        nombre: Type.String(),
        status: Type.String(),
        error: Nullable(Type.String()),
      }),
    ),
  ),
  result: Type.Optional(Nullable(Type.Record(Type.String(), Type.Unknown()))),
});
