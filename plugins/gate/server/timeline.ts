// The gate's timeline (GET gate-timeline): one time-ordered record per complex of every fact at the gate. The gate's
// own writes add their row in their transaction (recordTimeline); biometrics' face recognitions and the residents'
// plate and tag reads arrive as their domain events, when those plugins are installed and on (the gate works without
// them: optionalDependsOn), and add theirs in the delivery's transaction, once per event id. Every row is published
// live ('gate.timeline.added') at its commit; the list is the host's (keyset on occurred_at and id, export).
import {
  type AuditEntry,
  type DomainEvent,
  type DomainEventContext,
  formatDateTime,
  type HostServices,
  isoOrNull,
  newId,
  type PluginApp,
} from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { GATE_TOPICS } from '../gate.ts';
import { TIMELINE_KINDS, type TimelineKind } from '../timeline.ts';
import { TimelineItemSchema } from '../timeline-schemas.ts';
import { badFilter, isOffice, tags } from './common.ts';
import { GateTimelineItem } from './timeline.entity.ts';

type Item = Static<typeof TimelineItemSchema>;
type Executor = { execute(sql: string, params?: unknown[]): Promise<unknown> };

export interface TimelineFact {
  kind: TimelineKind;
  subject: string;
  detail?: string | null;
  postId?: string | null;
  place?: string | null;
  unitNumber?: string | null;
  refId?: string | null;
  occurredAt?: Date | string;
  /** The domain event it comes from: a second delivery of it writes nothing. */
  eventId?: string | null;
}

const cut = (text: string | null | undefined, max: number) => (text == null ? null : text.slice(0, max));

/**
 * Adds a fact to the complex's timeline on `tx` (the fact's own transaction) and publishes it live at the commit.
 * `publish` is the host's (a route) or the delivery's (a domain event). Answers false when the event was there already.
 */
export async function addToTimeline(
  tx: Executor,
  publish: (topic: string, payload: unknown) => Promise<void>,
  complexId: string,
  fact: TimelineFact,
): Promise<boolean> {
  const id = newId();
  const rows = (await tx.execute(
    `insert into gate_timeline (id, complex_id, occurred_at, kind, post_id, place, subject, detail, unit_number, ref_id, event_id)
     values (?, ?, coalesce(?::timestamptz, now()), ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (event_id) where event_id is not null do nothing returning id`,
    [
      id,
      complexId,
      fact.occurredAt ? new Date(fact.occurredAt).toISOString() : null,
      fact.kind,
      fact.postId ?? null,
      cut(fact.place, 120),
      cut(fact.subject, 200) ?? '',
      cut(fact.detail, 300),
      cut(fact.unitNumber, 30),
      fact.refId ?? null,
      fact.eventId ?? null,
    ],
  )) as unknown[];
  if (!rows.length) return false;
  await publish(GATE_TOPICS.timelineAdded, { id, kind: fact.kind, postId: fact.postId ?? null });
  return true;
}

/**
 * Deletes a record of the gate (an entry, an early visit, a panic alert) in one transaction: `remove` deletes it,
 * its facts leave the timeline with it (what the office erased must not stay readable at the gate), and the audit
 * log keeps the deletion.
 */
export async function deleteRecorded(
  host: HostServices,
  request: FastifyRequest,
  audit: Omit<AuditEntry, 'action'>,
  remove: (tx: SqlEntityManager) => unknown,
): Promise<void> {
  const { complexId } = host.context(request);
  await (host.em(request) as SqlEntityManager).transactional(async (tx) => {
    await remove(tx);
    await tx.execute('delete from gate_timeline where complex_id = ? and ref_id = ?', [complexId, audit.recordId]);
    host.audit(request, tx, { ...audit, action: 'delete' });
  });
}

/**
 * What guards read of the timeline: not the visits of VIP residents (their entries and early visits), as the log.
 * The office reads it all.
 */
const GUARD_VIEW = `not exists (select 1 from gate_entries e join directory_people pp on pp.id = e.resident_id
                                 where e.id = t.ref_id and pp.vip)
                and not exists (select 1 from early_visits v join directory_people pp on pp.id = v.resident_id
                                 where v.id = t.ref_id and pp.vip)`;

/** The same for a route of the gate: on the request's transaction `tx`. */
export const recordTimeline = (host: HostServices, complexId: string, tx: unknown, fact: TimelineFact) =>
  addToTimeline(tx as Executor, (topic, payload) => host.publish(complexId, topic, payload, tx), complexId, fact);

const KIND_LABELS: Record<TimelineKind, string> = {
  entrada: 'Entrada',
  salida: 'Salida',
  rechazo: 'Rechazo',
  lista_negra: 'Lista negra',
  lista_blanca: 'Lista blanca',
  visita_anticipada: 'Visita anticipada',
  panico: 'Alerta de pánico',
  rostro: 'Reconocimiento facial',
  placa: 'Placa',
  tag: 'Tag',
  reserva: 'Reserva',
};

const toItem = (row: GateTimelineItem): Item => ({
  id: row.id,
  occurredAt: isoOrNull(row.occurredAt) ?? '',
  kind: row.kind as TimelineKind,
  postId: row.postId ?? null,
  postName: row.postName ?? null,
  place: row.place ?? null,
  subject: row.subject,
  detail: row.detail ?? null,
  unitNumber: row.unitNumber ?? null,
  refId: row.refId ?? null,
});

const kindFilter = (value: unknown) => {
  const kinds = Array.isArray(value) ? value : [value];
  if (
    !kinds.length ||
    kinds.length > TIMELINE_KINDS.length ||
    kinds.some((k) => !(TIMELINE_KINDS as readonly unknown[]).includes(k))
  )
    throw badFilter('kind');
  return { kind: { $in: kinds } };
};

export function timelineRoutes(app: PluginApp, host: HostServices) {
  host.listRoute(app, {
    resource: 'gate-timeline',
    tags,
    summary:
      "The gate's timeline, newest first: entries, exits, rejections, list hits, early visits, panic alerts, face recognitions, plate and tag reads. Filters: occurredAt_gte/_lte (Guayaquil days), postId, kind (one or several); q searches who, detail, place and unit. Deep pages: X-Next-Cursor as `after`",
    entity: GateTimelineItem,
    filters: { occurredAt: 'dateRange', postId: 'exact', kind: kindFilter },
    search: ['subject', 'detail', 'place', 'unitNumber'],
    // Only the time: the keyset (occurred_at, id) is what the indexes serve.
    sortable: ['occurredAt'],
    defaultSort: { field: 'occurredAt', order: 'DESC' },
    where: (request) => (isOffice(host, request) ? {} : { $sql: { text: GUARD_VIEW } }),
    item: TimelineItemSchema,
    exportColumns: {
      occurredAt: { header: 'Fecha', value: (i: Item) => formatDateTime(i.occurredAt) },
      kind: { header: 'Tipo', value: (i: Item) => KIND_LABELS[i.kind] },
      subject: 'Quién',
      detail: 'Detalle',
      unitNumber: 'U.H.',
      postName: { header: 'Garita', value: (i: Item) => i.postName ?? i.place ?? '' },
    },
    toItem,
  });
}

// ---------------------------------------------------------------- other plugins' facts (domain events)

/** 'biometrics.recognition.recorded' (biometrics' RecognitionRecorded; read as data, never biometrics' code). */
interface RecognitionRecorded {
  recognitionId: string;
  deviceName: string;
  identificacion: string;
  nombre: string | null;
  recognizedAt: string;
}
/** 'residents.vehicle.read' (the residents' VehicleRead). */
interface VehicleRead {
  kind: 'plate' | 'tag';
  value: string;
  known: boolean;
  status: string | null;
  unitNumber: string | null;
  reader: string | null;
  readAt: string;
}

/** 'reservations.code.validated' (the reservations' ReservationCodeValidated). */
interface ReservationCodeValidated {
  reservationId: string;
  areaName: string;
  unitNumber: string | null;
  residentName: string | null;
  accepted: boolean;
  reason: string | null;
  validatedAt: string;
}

const STATUS_LABELS: Record<string, string> = { active: 'Registrado', inactive: 'Inactivo', blocked: 'Bloqueado' };
const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : null);

export const timelineHandlers = {
  'biometrics.recognition.recorded': async (event: DomainEvent<RecognitionRecorded>, ctx: DomainEventContext) => {
    const p = event.payload;
    const who = text(p.nombre, 150);
    await addToTimeline(ctx.em, ctx.publish, event.complexId, {
      kind: 'rostro',
      subject: who ? `${who} (${p.identificacion})` : String(text(p.identificacion, 20)),
      detail: who ? null : 'Rostro sin registro',
      place: text(p.deviceName, 120),
      refId: p.recognitionId,
      occurredAt: p.recognizedAt,
      eventId: event.id,
    });
  },
  'residents.vehicle.read': async (event: DomainEvent<VehicleRead>, ctx: DomainEventContext) => {
    const p = event.payload;
    await addToTimeline(ctx.em, ctx.publish, event.complexId, {
      kind: p.kind === 'tag' ? 'tag' : 'placa',
      subject: String(text(p.value, 20)),
      detail: p.known ? (STATUS_LABELS[p.status ?? ''] ?? p.status) : 'No registrado',
      unitNumber: text(p.unitNumber, 30),
      place: text(p.reader, 120),
      occurredAt: p.readAt,
      eventId: event.id,
    });
  },
  'reservations.code.validated': async (event: DomainEvent<ReservationCodeValidated>, ctx: DomainEventContext) => {
    const p = event.payload;
    await addToTimeline(ctx.em, ctx.publish, event.complexId, {
      kind: 'reserva',
      subject: String(text(p.residentName, 150) ?? text(p.areaName, 100)),
      detail: p.accepted ? `Código QR válido: ${text(p.areaName, 100)}` : `Código QR rechazado: ${text(p.reason, 150)}`,
      unitNumber: text(p.unitNumber, 30),
      place: text(p.areaName, 120),
      refId: p.reservationId,
      occurredAt: p.validatedAt,
      eventId: event.id,
    });
  },
};
