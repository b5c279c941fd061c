// Registering an entry: the destination, the visitor, the black and white lists, one open entry per person, the
// audit and the live events. Shared by the console's route, the spec's form-encoded path and early visits.
import { ApiError, blank, type HostServices, invalid, isoOrNull, onUniqueViolation } from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import {
  expectedExit,
  GATE_MESSAGES,
  GATE_TOPICS,
  ID_NUMBER_FORMAT,
  type ListKind,
  normaliseIdNumber,
  normalisePlate,
  noticeOf,
  PLATE_FORMAT,
  validUntil,
} from '../gate.ts';
import type { GateEntrySchema } from '../schemas.ts';
import { checkedPost } from './common.ts';
import { GateEntry } from './entry.entity.ts';
import { recordTimeline } from './timeline.ts';

/** The entry on the gate's timeline, and its list hit as a fact of its own (the black list's warning). */
async function timelineOfEntry(
  host: HostServices,
  complexId: string,
  tx: SqlEntityManager,
  entry: GateEntry,
  hit: ListKind | null,
) {
  const unit = entry.unitId ? await host.directory({ complexId, em: tx }).unit(entry.unitId) : undefined;
  const fact = {
    subject: visitorOf(entry),
    postId: entry.postId ?? null,
    unitNumber: unit?.number ?? null,
    place: entry.unitId ? null : (entry.place ?? null),
    refId: entry.id,
    occurredAt: entry.enteredAt,
  };
  const plate = entry.plate ? ` · ${entry.plate}` : '';
  await recordTimeline(host, complexId, tx, { ...fact, kind: 'entrada', detail: `${entry.visitType}${plate}` });
  if (hit)
    await recordTimeline(host, complexId, tx, {
      ...fact,
      kind: hit === 'negra' ? 'lista_negra' : 'lista_blanca',
      detail: hit === 'negra' ? GATE_MESSAGES.blackListed : GATE_MESSAGES.whiteListed,
    });
}

type EntryItem = Static<typeof GateEntrySchema>;

export const toEntry = (e: GateEntry): EntryItem => ({
  id: e.id,
  unitId: e.unitId ?? null,
  unitNumber: e.unitNumber ?? null,
  residentId: e.residentId ?? null,
  residentName: e.residentName ?? null,
  place: e.place ?? null,
  idNumber: e.idNumber,
  firstName: e.firstName,
  lastName: e.lastName ?? '',
  plate: e.plate ?? null,
  vehicleColor: e.vehicleColor ?? null,
  visitType: e.visitType as EntryItem['visitType'],
  validUntil: isoOrNull(e.validUntil),
  expectedStay: (e.expectedStay ?? null) as EntryItem['expectedStay'],
  expectedExitAt: isoOrNull(e.expectedExitAt),
  observations: e.observations ?? null,
  entryKind: e.entryKind ?? null,
  postId: e.postId ?? null,
  postName: e.postName ?? null,
  registeredBy: e.registeredBy ?? null,
  registeredByName: e.registeredByName ?? null,
  enteredAt: isoOrNull(e.enteredAt) ?? '',
  exitedAt: isoOrNull(e.exitedAt),
  exitRegisteredByName: e.exitRegisteredByName ?? null,
  listHit: (e.listHit ?? null) as EntryItem['listHit'],
  warning: e.listHit === 'negra',
  notice: noticeOf((e.listHit ?? null) as ListKind | null),
  approvedByName: e.approvedByName ?? null,
  approvedAt: isoOrNull(e.approvedAt),
  rejected: Boolean(e.rejected),
  source: e.source,
});

/** The visitor's name as the log and the audit show it. */
export const visitorOf = (e: { firstName: string; lastName?: string | null; idNumber: string }) =>
  `${`${e.firstName} ${e.lastName ?? ''}`.replace(/\s+/g, ' ').trim()} (${e.idNumber})`;

/** What a registration gets, from any of the three ways in. */
export interface EntryInput {
  unitId?: string | null;
  residentId?: string | null;
  place?: string | null;
  idNumber: string;
  firstName: string;
  lastName?: string | null;
  plate?: string | null;
  vehicleColor?: string | null;
  visitType: string;
  expectedStay?: string | null;
  observations?: string | null;
  entryKind?: string | null;
  postId?: string | null;
  source: 'guardia' | 'anticipada' | 'bitacora';
}

/** The same person is inside already: 409 on the REST route, 200 on the spec's path. */
export class OpenEntry extends ApiError {
  readonly openId: string | null;
  constructor(openId: string | null) {
    super(409, 'OPEN_ENTRY', GATE_MESSAGES.openEntry, { idNumber: GATE_MESSAGES.openEntry });
    this.openId = openId;
  }
}

export function checkedIdNumber(raw: string | null | undefined, field = 'idNumber'): string {
  const idNumber = normaliseIdNumber(raw ?? '');
  if (!ID_NUMBER_FORMAT.test(idNumber)) throw invalid(field, GATE_MESSAGES.idNumber);
  return idNumber;
}

export function checkedPlate(raw: string | null | undefined, field = 'plate'): string | null {
  const plate = normalisePlate(raw ?? '');
  if (!plate) return null;
  if (!PLATE_FORMAT.test(plate)) throw invalid(field, GATE_MESSAGES.plate);
  return plate;
}

/**
 * Where the visitor goes: a unit of the complex (and the resident visited, who lives there; by default the unit's
 * holder), a resident (their unit), or a free-text place ('Otro').
 */
export async function destinationOf(
  host: HostServices,
  request: FastifyRequest,
  input: { unitId?: string | null; residentId?: string | null; place?: string | null },
): Promise<{ unitId: string | null; residentId: string | null; place: string | null }> {
  const directory = host.directory(request);
  const place = blank(input.place);
  let resident: { id: string; unitId: string | null } | undefined;
  if (input.residentId) {
    [resident] = await directory.residents({ ids: [input.residentId], includeInactive: true });
    if (!resident) throw invalid('residentId', GATE_MESSAGES.residentMissing);
  }
  if (input.unitId) {
    const unit = await directory.unit(input.unitId);
    if (!unit) throw invalid('unitId', GATE_MESSAGES.unitMissing);
    if (resident && resident.unitId !== unit.id) throw invalid('residentId', GATE_MESSAGES.residentOfUnit);
    return { unitId: unit.id, residentId: resident?.id ?? unit.holderId, place };
  }
  if (resident?.unitId) return { unitId: resident.unitId, residentId: resident.id, place };
  if (!place) throw invalid('unitId', GATE_MESSAGES.destination);
  return { unitId: null, residentId: resident?.id ?? null, place };
}

/** The list a visitor (by cédula) or their vehicle (by plate) is on: the black list wins over the white one. */
async function listHitOf(
  tx: SqlEntityManager,
  complexId: string,
  idNumber: string,
  plate: string | null,
): Promise<ListKind | null> {
  const rows = await tx.execute<{ kind: ListKind }[]>(
    `select kind from gate_lists where complex_id = ? and (id_number = ? or (plate is not null and plate = ?))
      order by (kind = 'negra') desc limit 1`,
    [complexId, idNumber, plate ?? ''],
  );
  return rows[0]?.kind ?? null;
}

/** An entry's input checked and normalised, with its destination and post resolved: ready to write. */
export interface PreparedEntry extends EntryInput {
  idNumber: string;
  plate: string | null;
  unitId: string | null;
  residentId: string | null;
  place: string | null;
  postId: string | null;
}

/**
 * Checks an entry's input and resolves its destination and post. Reads on the request's EntityManager: call it
 * before the write's transaction (PGlite has one connection: a read outside the transaction would wait for it).
 */
export async function prepareEntry(host: HostServices, request: FastifyRequest, input: EntryInput): Promise<PreparedEntry> {
  const idNumber = checkedIdNumber(input.idNumber);
  const plate = checkedPlate(input.plate);
  const destination = await destinationOf(host, request, input);
  const postId = await checkedPost(host, request, input.postId);
  return { ...input, ...destination, idNumber, plate, postId };
}

/**
 * Writes one prepared entry inside `tx` (the caller's transaction): the open-entry rule, the lists, the audit and
 * the live events (delivered at commit). A concurrent registration of the same person is refused by the
 * database's one-open-entry index: wrap the transaction in `openEntryGuard`.
 */
export async function insertEntry(
  host: HostServices,
  request: FastifyRequest,
  tx: SqlEntityManager,
  input: PreparedEntry,
): Promise<GateEntry> {
  const { complexId, userId } = host.context(request);
  const { idNumber, plate, postId } = input;
  const destination = { unitId: input.unitId, residentId: input.residentId, place: input.place };
  const [open] = await tx.execute<{ id: string }[]>(
    'select id from gate_entries where complex_id = ? and id_number = ? and exited_at is null limit 1',
    [complexId, idNumber],
  );
  if (open) throw new OpenEntry(open.id);
  const hit = await listHitOf(tx, complexId, idNumber, plate);
  const enteredAt = new Date();
  const entry = tx.create(GateEntry, {
    complexId,
    ...destination,
    idNumber,
    firstName: input.firstName.trim(),
    lastName: blank(input.lastName) ?? '',
    plate,
    vehicleColor: blank(input.vehicleColor),
    visitType: input.visitType,
    validUntil: validUntil(input.visitType, enteredAt),
    expectedStay: input.expectedStay ?? null,
    expectedExitAt: expectedExit(input.expectedStay, enteredAt),
    observations: blank(input.observations),
    entryKind: blank(input.entryKind),
    postId,
    registeredBy: userId,
    enteredAt,
    listHit: hit,
    source: input.source,
  } as never);
  host.audit(request, tx, {
    resource: 'gate-entries',
    recordId: entry.id,
    action: 'create',
    changes: {
      ...destination,
      idNumber,
      firstName: entry.firstName,
      lastName: entry.lastName,
      plate,
      visitType: entry.visitType,
      expectedStay: entry.expectedStay,
      postId,
      listHit: hit,
      source: input.source,
    },
    description: visitorOf(entry),
  });
  // Now, so that a concurrent registration of the same person fails here (the one-open-entry index).
  await tx.flush();
  const event = { id: entry.id, postId, notice: noticeOf(hit) };
  await host.publish(complexId, GATE_TOPICS.entryCreated, event, tx);
  if (hit === 'negra') await host.publish(complexId, GATE_TOPICS.entryWarning, event, tx);
  await timelineOfEntry(host, complexId, tx, entry, hit);
  return entry;
}

/** Runs a registration; the index's refusal of a second open entry becomes OpenEntry with the open one's id. */
export async function openEntryGuard<T>(
  host: HostServices,
  request: FastifyRequest,
  idNumber: string,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    try {
      onUniqueViolation('gate_entries_one_open', () => new OpenEntry(null))(error);
    } catch (mapped) {
      // Anything else, or the check before the insert (which knows the open entry), goes on as it is.
      if (!(mapped instanceof OpenEntry) || mapped.openId) throw mapped;
    }
    const [open] = await (host.em(request) as SqlEntityManager)
      .fork()
      .getConnection()
      .execute<{ id: string }[]>(
        'select id from gate_entries where complex_id = ? and id_number = ? and exited_at is null limit 1',
        [host.context(request).complexId, normaliseIdNumber(idNumber)],
      );
    throw new OpenEntry(open?.id ?? null);
  }
}

/** Re-reads an entry after its write (formulas: names, the post). */
export async function reloadEntry(host: HostServices, request: FastifyRequest, id: string): Promise<GateEntry> {
  const fresh = await (host.em(request) as SqlEntityManager)
    .fork()
    .findOne(GateEntry, { id, complexId: host.context(request).complexId });
  if (!fresh) throw new Error(`entry ${id} vanished after its write`);
  return fresh;
}
