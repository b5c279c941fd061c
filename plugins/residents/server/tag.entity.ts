// A resident's vehicle tag (8 digits; spec 002 §3): unique per complex (index tags_complex_value_unique).
import { defineEntity } from '@mikro-orm/core';
import { vehicleProperties } from './vehicle-properties.ts';

export const TagSchema = defineEntity({ name: 'Tag', tableName: 'tags', properties: vehicleProperties() });
export class Tag extends TagSchema.class {}
TagSchema.setClass(Tag);
