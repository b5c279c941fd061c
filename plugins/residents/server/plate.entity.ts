// A resident's vehicle plate (spec 002 §3 "Plate and tag"): unique per complex (index plates_complex_value_unique).
import { defineEntity } from '@mikro-orm/core';
import { vehicleProperties } from './vehicle-properties.ts';

export const PlateSchema = defineEntity({ name: 'Plate', tableName: 'plates', properties: vehicleProperties() });
export class Plate extends PlateSchema.class {}
PlateSchema.setClass(Plate);
