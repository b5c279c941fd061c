// A novedad: something the guard records during the shift, optionally e-mailed through the host's outbox.
import { newId } from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';
import { personNameOf, postNameOf } from './formulas.ts';

export const GateEventSchema = defineEntity({
  name: 'GateEvent',
  tableName: 'gate_events',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    complexId: p.uuid(),
    postId: p.uuid().nullable(),
    postName: postNameOf(),
    title: p.string().length(120),
    detail: p.string().length(2000).nullable(),
    occurredAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    registeredBy: p.uuid().nullable(),
    registeredByName: personNameOf('registeredBy'),
    recipients: p.json<string[]>().defaultRaw("'[]'::jsonb"),
    /** The outbox message that carried it, when e-mailed. */
    mailId: p.uuid().nullable(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export class GateEvent extends GateEventSchema.class {}
GateEventSchema.setClass(GateEvent);
