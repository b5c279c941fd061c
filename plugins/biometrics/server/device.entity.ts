import { newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';

export const BiometricDeviceSchema = defineEntity({
  name: 'BiometricDevice',
  tableName: 'biometric_devices',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    complexId: p.uuid(),
    controllerId: p.uuid().nullable(),
    name: p.string().length(100),
    location: p.string().length(150).nullable(),
    ip: p.string().length(45),
    brand: p.string().length(50).nullable(),
    status: p.string().length(20).default('inactive'),
    notes: p.string().length(500).nullable(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export class BiometricDevice extends BiometricDeviceSchema.class {}
BiometricDeviceSchema.setClass(BiometricDevice);

/** A person with access: one row per identificacion, with the devices that hold the face. */
export const FaceSchema = defineEntity({
  name: 'Face',
  tableName: 'faces',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    complexId: p.uuid(),
    identificacion: p.string().length(20),
    nombre: p.string().length(150),
    unitId: p.uuid().nullable(),
    destino: p.formula<string>((cols) => `(select u.number from directory_units u where u.id = ${cols.unitId})`).type('string'),
    pisos: p.json<number[]>().defaultRaw("'[]'::jsonb"),
    tipo: p.string().length(20).default('propietario'),
    estado: p.string().length(10).default('activo'),
    observaciones: p.string().length(500).nullable(),
    photoFileId: p.uuid().nullable(),
    devices: p
      .formula<string[]>(
        (cols) =>
          `(select coalesce(json_agg(fd.device_id order by fd.enrolled_at), '[]') from face_devices fd where fd.face_id = ${cols.id})`,
      )
      .type('json'),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p.datetime().defaultRaw('now()'),
  },
});
export class Face extends FaceSchema.class {}
FaceSchema.setClass(Face);
