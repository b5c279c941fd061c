// /api/complexes/:complexId/gate-entries: the digital log (bitácora digital). Guards register entries and exits,
// approve or reject a black-listed visitor; the office also deletes. Guards do not see VIP residents' visits.
import {
  ApiError,
  businessDay,
  ERROR_RESPONSES,
  ErrorSchema,
  fieldsOf,
  formatDateTime,
  type HostServices,
  IdParams,
  type ListCondition,
  notFound,
  type PluginApp,
} from '@conjunto/core';
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { GATE_MESSAGES, GATE_TOPICS, LIST_KINDS, normaliseIdNumber, normalisePlate } from '../gate.ts';
import { GateEntryCreateSchema, GateEntrySchema, GateLogScopeSchema } from '../schemas.ts';
import { entryImages, startEntryCapture, storeEntryImages } from './camera-capture.ts';
import { badFilter, dayBounds, em, isOffice, tags, yesNo } from './common.ts';
import { insertEntry, openEntryGuard, prepareEntry, reloadEntry, toEntry, visitorOf } from './entries.ts';
import { GateEntry } from './entry.entity.ts';
import { deleteRecorded, recordTimeline } from './timeline.ts';

const RESOURCE = 'gate-entries';
type EntryItem = Static<typeof GateEntrySchema>;

const NOTICE_LABELS: Record<string, string> = { negra: 'Lista negra', blanca: 'Lista blanca' };
const when = (value: string | null) => (value ? formatDateTime(value) : '');
const ENTRY_EXPORT = {
  enteredAt: { header: 'Ingreso', value: (e: EntryItem) => when(e.enteredAt) },
  exitedAt: { header: 'Salida', value: (e: EntryItem) => when(e.exitedAt) },
  idNumber: 'Cédula',
  firstName: 'Nombre',
  lastName: 'Apellido',
  plate: 'Placa',
  vehicleColor: 'Color',
  visitType: 'Tipo de visita',
  unitNumber: { header: 'Destino', value: (e: EntryItem) => e.unitNumber ?? e.place ?? '' },
  residentName: 'Residente',
  postName: 'Garita',
  listHit: { header: 'Lista', value: (e: EntryItem) => (e.listHit ? NOTICE_LABELS[e.listHit] : '') },
  rejected: { header: 'Rechazado', value: (e: EntryItem) => (e.rejected ? 'Sí' : 'No') },
  observations: 'Observaciones',
  registeredByName: 'Registrado por',
};

/**
 * What guards see of the log: not the visits of VIP residents (spec 002: residents flagged VIP are not shown in the
 * log); with LimitBitacora, only today's entries (Guayaquil) and those still without exit; without JoinGuardBinnacle,
 * a guard on shift at a post sees that post's log (and the entries of no post), not the other posts'.
 */
const guardView =
  (host: HostServices) =>
  (request: FastifyRequest): ListCondition => {
    if (isOffice(host, request)) return {};
    const conditions: ListCondition[] = [
      { $sql: { text: 'not coalesce((select pp.vip from directory_people pp where pp.id = t.resident_id), false)' } },
    ];
    if (host.switchOn(request, 'LimitBitacora'))
      conditions.push({ $or: [{ exitedAt: null }, { enteredAt: { $gte: dayBounds(businessDay())[0] } }] });
    // The post the server knows the guard is at: their open shift's (none: the whole log, as before a shift).
    if (!host.switchOn(request, 'JoinGuardBinnacle'))
      conditions.push({
        $sql: {
          text: `(t.post_id is null or not exists (select 1 from gate_shifts s where s.complex_id = t.complex_id
                   and s.guard_id = ? and s.ended_at is null and s.post_id is distinct from t.post_id))`,
          params: [host.context(request).userId],
        },
      });
    return { $and: conditions };
  };

/** One entry as the caller may read it: a guard never gets a VIP resident's visit (as the list leaves it out). */
export async function visibleEntry(host: HostServices, request: FastifyRequest): Promise<GateEntry> {
  const entry = await host.findOr404<GateEntry>(request, GateEntry, (request.params as { id: string }).id);
  if (!isOffice(host, request) && entry.residentId && (await host.directory(request).person(entry.residentId))?.vip)
    throw notFound();
  return entry;
}

export function entryRoutes(app: PluginApp, host: HostServices) {
  host.listRoute(app, {
    resource: RESOURCE,
    tags,
    summary:
      'The digital log, newest first. Filters: enteredAt_gte/_lte (Guayaquil days), postId, visitType, unitId, open, warning, rejected, listHit, source, idNumber, plate; q searches names, cédula, plate, place, unit and resident',
    entity: GateEntry,
    filters: {
      enteredAt: 'dateRange',
      postId: 'exact',
      visitType: 'exact',
      unitId: 'exact',
      rejected: 'exact',
      source: 'exact',
      listHit: (value) => {
        if (typeof value !== 'string' || !(LIST_KINDS as readonly string[]).includes(value)) throw badFilter('listHit');
        return { listHit: value };
      },
      open: (value) => (yesNo('open', value) ? { exitedAt: null } : { exitedAt: { $ne: null } }),
      warning: (value) =>
        yesNo('warning', value) ? { listHit: 'negra' } : { $or: [{ listHit: null }, { listHit: { $ne: 'negra' } }] },
      idNumber: (value) => ({ idNumber: typeof value === 'string' ? normaliseIdNumber(value) : '' }),
      plate: (value) => ({ plate: typeof value === 'string' ? normalisePlate(value) : '' }),
    },
    search: ['firstName', 'lastName', 'idNumber', 'plate', 'place', 'unitNumber', 'residentName'],
    sortable: ['enteredAt', 'exitedAt', 'lastName', 'idNumber', 'plate', 'visitType', 'unitNumber', 'postName'],
    sortAliases: { unitNumber: 'unitSort' },
    defaultSort: { field: 'enteredAt', order: 'DESC' },
    where: guardView(host),
    item: GateEntrySchema,
    exportColumns: ENTRY_EXPORT,
    toItem: (row: GateEntry) => toEntry(row),
  });

  app.get(
    `/${RESOURCE}/scope`,
    {
      config: { access: 'list' },
      schema: {
        tags,
        summary:
          "How much of the log the caller sees: the post of a guard's open shift (JoinGuardBinnacle off), today's only (LimitBitacora)",
        response: { 200: GateLogScopeSchema },
      },
    },
    async (request) => {
      if (isOffice(host, request)) return { postName: null, todayOnly: false };
      const { complexId, userId } = host.context(request);
      const [shift] = host.switchOn(request, 'JoinGuardBinnacle')
        ? []
        : await em(host, request).execute<{ name: string }[]>(
            `select p.name from gate_shifts s join gate_posts p on p.id = s.post_id
              where s.complex_id = ? and s.guard_id = ? and s.ended_at is null limit 1`,
            [complexId, userId],
          );
      return { postName: shift?.name ?? null, todayOnly: host.switchOn(request, 'LimitBitacora') };
    },
  );

  app.get(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, response: { 200: GateEntrySchema, 404: ErrorSchema } } },
    async (request) => {
      const entry = await visibleEntry(host, request);
      return { ...toEntry(entry), images: await entryImages(host, request, entry.id) };
    },
  );

  app.post(
    `/${RESOURCE}`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          "Register an entry at the gate: the unit (or 'Otro' with the place), the visitor, the visit type and expected stay. 409 OPEN_ENTRY when the person has an entry without exit; a black-listed visitor is registered with warning: true and the live event gate.entry.warning",
        body: GateEntryCreateSchema,
        response: { 201: GateEntrySchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const body = fieldsOf(GateEntryCreateSchema, request.body) as Static<typeof GateEntryCreateSchema>;
      const prepared = await prepareEntry(host, request, { ...body, source: 'guardia' });
      // The post's cameras are read while the entry is written (camera-capture.ts): at most the driver's timeout.
      const capture = startEntryCapture(host, request, prepared.postId);
      const entry = await openEntryGuard(host, request, prepared.idNumber, () =>
        em(host, request).transactional((tx) => insertEntry(host, request, tx, prepared)),
      );
      const stored = await storeEntryImages(host, request, entry.id, visitorOf(entry), await capture);
      const images = stored ? await entryImages(host, request, entry.id) : [];
      return reply.status(201).send({ ...toEntry(await reloadEntry(host, request, entry.id)), images });
    },
  );

  const alreadyExited = () => new ApiError(409, 'ALREADY_EXITED', GATE_MESSAGES.alreadyExited);
  const notWarning = () => new ApiError(409, 'NOT_WARNING', GATE_MESSAGES.notWarning);

  /**
   * A change of an entry's state, made only while `when` still holds (of two guards pressing at once, one wins and
   * the other gets `refused`), audited as `action`, then published live.
   */
  const change = async (
    request: FastifyRequest,
    action: string,
    when: Record<string, unknown>,
    refused: () => ApiError,
    set: (at: Date, userId: string) => Record<string, unknown>,
  ) => {
    const entry = await visibleEntry(host, request);
    const { complexId, userId } = host.context(request);
    const at = new Date();
    const values = set(at, userId);
    await em(host, request).transactional(async (tx) => {
      const changed = await tx.nativeUpdate(GateEntry, { id: entry.id, complexId, ...when }, values);
      if (!changed) throw refused();
      const changes = Object.fromEntries(
        Object.entries(values)
          .filter(([key]) => !key.endsWith('By'))
          .map(([key, value]) => [
            key,
            [entry[key as keyof GateEntry] ?? null, value instanceof Date ? value.toISOString() : value],
          ]),
      );
      host.audit(request, tx, { resource: RESOURCE, recordId: entry.id, action, changes, description: visitorOf(entry) });
      if (action === 'exit' || action === 'reject')
        await recordTimeline(host, complexId, tx, {
          kind: action === 'exit' ? 'salida' : 'rechazo',
          subject: visitorOf(entry),
          detail: entry.plate ?? null,
          postId: entry.postId ?? null,
          unitNumber: entry.unitNumber ?? null,
          refId: entry.id,
          occurredAt: at,
        });
    });
    // After the commit: the consoles re-read the entry.
    await host.publish(complexId, GATE_TOPICS.entryChanged, { id: entry.id, action }, em(host, request));
    return toEntry(await reloadEntry(host, request, entry.id));
  };

  app.post(
    `/${RESOURCE}/:id/exit`,
    {
      schema: {
        tags,
        summary: "Register the visitor's exit (now); 409 when it was registered already",
        params: IdParams,
        response: { 200: GateEntrySchema, ...ERROR_RESPONSES },
      },
    },
    (request) =>
      change(request, 'exit', { exitedAt: null }, alreadyExited, (at, userId) => ({ exitedAt: at, exitRegisteredBy: userId })),
  );

  app.post(
    `/${RESOURCE}/:id/approve`,
    {
      schema: {
        tags,
        summary: "Let a black-listed visitor in after all ('Aprobar la entrada'); 409 when the entry has no warning to approve",
        params: IdParams,
        response: { 200: GateEntrySchema, ...ERROR_RESPONSES },
      },
    },
    (request) =>
      change(request, 'approve', { listHit: 'negra', approvedAt: null, rejected: false }, notWarning, (at, userId) => ({
        approvedAt: at,
        approvedBy: userId,
      })),
  );

  app.post(
    `/${RESOURCE}/:id/reject`,
    {
      schema: {
        tags,
        summary: 'Refuse the visitor (bitácoras rechazadas): the entry is closed at once',
        params: IdParams,
        response: { 200: GateEntrySchema, ...ERROR_RESPONSES },
      },
    },
    (request) =>
      change(request, 'reject', { exitedAt: null }, alreadyExited, (at, userId) => ({
        rejected: true,
        exitedAt: at,
        exitRegisteredBy: userId,
      })),
  );

  app.delete(
    `/${RESOURCE}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete an entry registered by mistake',
        params: IdParams,
        response: { 200: GateEntrySchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const entry = await visibleEntry(host, request);
      const result = toEntry(entry);
      await deleteRecorded(
        host,
        request,
        { resource: RESOURCE, recordId: entry.id, changes: result, description: visitorOf(entry) },
        async (tx) => {
          // An early visit let in through it goes back to pending.
          await tx.execute(
            "update early_visits set status = 'pendiente', entry_id = null, updated_at = now() where complex_id = ? and entry_id = ?",
            [entry.complexId, entry.id],
          );
          // Its pictures go with it (personal data: the visitor's face must not outlive the record).
          const pictures = await tx.execute<{ file_id: string }[]>(
            'select file_id from gate_entry_images where complex_id = ? and entry_id = ?',
            [entry.complexId, entry.id],
          );
          for (const { file_id } of pictures) await host.files.remove(request, tx, file_id);
          await tx.execute('delete from gate_entries where id = ? and complex_id = ?', [entry.id, entry.complexId]);
        },
      );
      return result;
    },
  );
}
