import { newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';

export const BiometricDeviceSchema = defineEntity({
  name: 'BiometricDevice',
  tableName: 'biometric_devices',
  properties: {
    id: p.uuid().primary().onCreate(() => newId()),
    complexId: p.uuid(),
    controllerId: p.uuid().nullable(),
    name: p.string().length(100),
    location: p.string().length(150).nullable(),
    ip: p.string().length(45),
    brand: p.string().length(50).nullable(),
    status: p.string().length(20),
    notes: p.string().length(500).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class BiometricDevice extends BiometricDeviceSchema.class {}
BiometricDeviceSchema.setClass(BiometricDevice);
