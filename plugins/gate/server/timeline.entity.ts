// One fact at the gate, as the timeline shows it (server/timeline.ts writes it; the host's list helper reads it).
import { defineEntity, p } from '@mikro-orm/core';
import { postNameOf } from './formulas.ts';

export const GateTimelineSchema = defineEntity({
  name: 'GateTimelineItem',
  tableName: 'gate_timeline',
  properties: {
    id: p.uuid().primary(),
    complexId: p.uuid(),
    occurredAt: p.datetime().defaultRaw('now()'),
    kind: p.string().length(20),
    postId: p.uuid().nullable(),
    postName: postNameOf(),
    /** Where, when not a post: the reader or device that saw it. */
    place: p.string().length(120).nullable(),
    /** Who or what: the visitor and cédula, the plate, the face. */
    subject: p.string().length(200),
    detail: p.string().length(300).nullable(),
    unitNumber: p.string().length(30).nullable(),
    /** The record it is about (an entry, a visit, an alert; another plugin's record). */
    refId: p.uuid().nullable(),
    eventId: p.uuid().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
export class GateTimelineItem extends GateTimelineSchema.class {}
GateTimelineSchema.setClass(GateTimelineItem);
