// A resident's panic alert (spec 002 §3): DatosUsuario kept as it was when raised, Estado 1 open / 0 closed.
import { newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';
import { personNameOf } from './formulas.ts';

export const PanicAlertSchema = defineEntity({
  name: 'PanicAlert',
  tableName: 'panic_alerts',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    complexId: p.uuid(),
    residentId: p.uuid().nullable(),
    residentName: p.string().length(141),
    residentPhone: p.string().length(20).nullable(),
    unitId: p.uuid().nullable(),
    unitNumber: p.string().length(30).nullable(),
    detail: p.string().length(500).nullable(),
    status: p.smallint().default(1),
    observation: p.string().length(500).nullable(),
    raisedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    closedAt: p.datetime().nullable(),
    closedBy: p.uuid().nullable(),
    closedByName: personNameOf('closedBy'),
  },
});
export class PanicAlert extends PanicAlertSchema.class {}
PanicAlertSchema.setClass(PanicAlert);
