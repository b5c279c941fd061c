// A guard post's camera: its driver, snapshot URL and credentials (the password sealed, never answered).
import { newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';
import { postNameOf } from './formulas.ts';

export const GateCameraSchema = defineEntity({
  name: 'GateCamera',
  tableName: 'gate_cameras',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    complexId: p.uuid(),
    postId: p.uuid(),
    postName: postNameOf(),
    name: p.string().length(60),
    driver: p.string().length(20),
    url: p.string().length(500).nullable(),
    username: p.string().length(100).nullable(),
    passwordSealed: p.text().nullable(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export class GateCamera extends GateCameraSchema.class {}
GateCameraSchema.setClass(GateCamera);
