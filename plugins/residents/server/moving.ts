// /api/complexes/:complexId/moving-requests (switch Mudanza): a unit's move-in or move-out requests, their
// approval, and the log of the truck's entries and exits for the unit (bitácora de mudanza). Residents ask for
// their own unit only; the office decides. The host has checked tenancy, the switch and the roles.
import {
  ApiError,
  blank,
  businessDay,
  changesOf,
  ERROR_RESPONSES,
  ErrorSchema,
  fieldsOf,
  formatDate,
  formatDateTime,
  type HostServices,
  IdParams,
  invalid,
  isoOrNull,
  notFound,
  type PluginApp,
} from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import {
  EntryParams,
  MovingEntryCreateSchema,
  MovingEntrySchema,
  MovingEntryUpdateSchema,
  MovingRejectSchema,
  MovingRequestCreateSchema,
  MovingRequestSchema,
  MovingRequestUpdateSchema,
} from '../moving.schemas.ts';
import { canMove, MOVING_MESSAGES, type MovingStatus, normalisePlate, PLATE_FORMAT, TIME_FORMAT } from '../moving.ts';
import { MovingEntry, MovingRequest } from './moving.entity.ts';
import { checkPersonOfUnit, checkReach, dayText, isOffice, ownUnitWhere, targetUnit } from './unit-scope.ts';

const tags = ['residents'];
const RESOURCE = 'moving-requests';
type MovingItem = Static<typeof MovingRequestSchema>;
type EntryItem = Static<typeof MovingEntrySchema>;

export const toMovingRequest = (r: MovingRequest): MovingItem => ({
  id: r.id,
  unitId: r.unitId,
  unitNumber: r.unitNumber ?? null,
  residentId: r.residentId ?? null,
  residentName: r.residentName ?? null,
  type: r.type as MovingItem['type'],
  date: dayText(r.date) ?? '',
  startTime: r.startTime ?? null,
  endTime: r.endTime ?? null,
  plate: r.plate,
  notes: r.notes ?? null,
  status: r.status as MovingStatus,
  rejectReason: r.rejectReason ?? null,
  decidedByName: r.decidedByName ?? null,
  decidedAt: isoOrNull(r.decidedAt),
  entryCount: Number(r.entryCount ?? 0),
  createdAt: isoOrNull(r.createdAt) ?? '',
});

export const toMovingEntry = (e: MovingEntry): EntryItem => ({
  id: e.id,
  requestId: e.requestId,
  unitId: e.unitId,
  unitNumber: e.unitNumber ?? null,
  plate: e.plate,
  enteredAt: isoOrNull(e.enteredAt) ?? '',
  exitedAt: isoOrNull(e.exitedAt),
  registeredByName: e.registeredByName ?? null,
  notes: e.notes ?? null,
});

// Exports: what the screens show, in Spanish (labels for codes, dates as users read them).
const TYPE_LABELS: Record<string, string> = { ingreso: 'Ingreso', salida: 'Salida' };
const STATUS_LABELS: Record<string, string> = {
  pendiente: 'Pendiente',
  aprobada: 'Aprobada',
  rechazada: 'Rechazada',
  completada: 'Completada',
  cancelada: 'Cancelada',
};
const label = (labels: Record<string, string>, code: string) => (Object.hasOwn(labels, code) ? labels[code] : code);
const window = (r: MovingItem) => (r.startTime ? `${r.startTime}${r.endTime ? ` - ${r.endTime}` : ''}` : '');

const MOVING_EXPORT = {
  date: { header: 'Fecha', value: (r: MovingItem) => formatDate(r.date) },
  startTime: { header: 'Horario', value: window },
  unitNumber: 'U.H.',
  type: { header: 'Tipo', value: (r: MovingItem) => label(TYPE_LABELS, r.type) },
  plate: 'Placa',
  residentName: 'Solicitante',
  status: { header: 'Estado', value: (r: MovingItem) => label(STATUS_LABELS, r.status) },
  rejectReason: 'Motivo del rechazo',
  entryCount: 'Ingresos registrados',
  notes: 'Observaciones',
  createdAt: { header: 'Fecha de solicitud', value: (r: MovingItem) => formatDateTime(r.createdAt) },
};
const ENTRY_EXPORT = {
  plate: 'Placa',
  unitNumber: 'U.H.',
  enteredAt: { header: 'Ingreso', value: (e: EntryItem) => formatDateTime(e.enteredAt) },
  exitedAt: { header: 'Salida', value: (e: EntryItem) => (e.exitedAt ? formatDateTime(e.exitedAt) : '') },
  registeredByName: 'Registrado por',
  notes: 'Observaciones',
};

const describe = (r: { unitNumber?: string | null; plate: string; type: string }) =>
  `Mudanza (${label(TYPE_LABELS, r.type).toLowerCase()}) ${r.unitNumber ?? ''} · ${r.plate}`.replace(/\s+/g, ' ');

function checkedPlate(raw: string): string {
  const plate = normalisePlate(raw);
  if (!PLATE_FORMAT.test(plate)) throw invalid('plate', MOVING_MESSAGES.plate);
  return plate;
}

function checkWindow(startTime: string | null | undefined, endTime: string | null | undefined) {
  if (startTime && !TIME_FORMAT.test(startTime)) throw invalid('startTime', MOVING_MESSAGES.time);
  if (endTime && !TIME_FORMAT.test(endTime)) throw invalid('endTime', MOVING_MESSAGES.time);
  if (startTime && endTime && endTime <= startTime) throw invalid('endTime', MOVING_MESSAGES.timeOrder);
}

export async function movingRoutes(app: PluginApp, host: HostServices) {
  const em = (request: FastifyRequest) => host.em(request) as SqlEntityManager;

  /** The request of the path: of this complex and, for a resident, of their unit; else 404. */
  const load = async (request: FastifyRequest) => {
    const found = await host.findOr404<MovingRequest>(request, MovingRequest, (request.params as { id: string }).id);
    await checkReach(host, request, found);
    return found;
  };
  /** Re-read after a write (formulas: names, counts). */
  const reload = async (request: FastifyRequest, id: string) => {
    const fresh = await em(request)
      .fork()
      .findOne(MovingRequest, { id, complexId: host.context(request).complexId });
    if (!fresh) throw notFound();
    return toMovingRequest(fresh);
  };

  /** The resident who asks must live in the unit (a resident of another unit or complex is refused). */
  const checkResident = (request: FastifyRequest, unitId: string, residentId: string | null | undefined) =>
    checkPersonOfUnit(host, request, unitId, residentId, 'residentId', MOVING_MESSAGES.resident);

  host.listRoute(app, {
    resource: RESOURCE,
    tags,
    summary:
      "Moving requests (a resident sees only their unit's); filters: status, type, unitId, residentId (mudanzaUsuario/:id), plate, date_gte/_lte",
    entity: MovingRequest,
    filters: {
      status: 'exact',
      type: 'exact',
      unitId: 'exact',
      residentId: 'exact',
      plate: (value) => ({ plate: typeof value === 'string' ? normalisePlate(value) : '' }),
      date: 'dateRange',
    },
    search: ['plate', 'unitNumber', 'residentName', 'notes'],
    sortable: ['date', 'createdAt', 'status', 'type', 'plate', 'unitNumber'],
    sortAliases: { unitNumber: 'unitSort' },
    defaultSort: { field: 'date', order: 'DESC' },
    where: ownUnitWhere(host),
    item: MovingRequestSchema,
    exportColumns: MOVING_EXPORT,
    toItem: (row: MovingRequest) => toMovingRequest(row),
  });

  // The log of a plate's entries (bitacoraMudanza/:placa/unidas/:unidadHabitacional: filter plate and unitId).
  host.listRoute(app, {
    resource: `${RESOURCE}/entries`,
    tags,
    summary: "The moving trucks' log: filters plate, unitId, requestId, enteredAt_gte/_lte (a resident: their unit's)",
    entity: MovingEntry,
    filters: {
      plate: (value) => ({ plate: typeof value === 'string' ? normalisePlate(value) : '' }),
      unitId: 'exact',
      requestId: 'exact',
      enteredAt: 'dateRange',
    },
    search: ['plate', 'unitNumber', 'notes'],
    sortable: ['enteredAt', 'exitedAt', 'plate'],
    defaultSort: { field: 'enteredAt', order: 'DESC' },
    where: ownUnitWhere(host),
    item: MovingEntrySchema,
    exportColumns: ENTRY_EXPORT,
    toItem: (row: MovingEntry) => toMovingEntry(row),
  });

  app.get(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, response: { 200: MovingRequestSchema, 404: ErrorSchema } } },
    async (request) => toMovingRequest(await load(request)),
  );

  app.post(
    `/${RESOURCE}`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Ask for a move in or out (pendiente). The office names the unit and the resident asking; a resident asks for their own unit, from today on',
        body: MovingRequestCreateSchema,
        response: { 201: MovingRequestSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const body = fieldsOf(MovingRequestCreateSchema, request.body);
      const { complexId, userId } = host.context(request);
      const { unitId, holderId } = await targetUnit(host, request, body.unitId, MOVING_MESSAGES);
      let residentId: string | null;
      if (isOffice(host, request)) {
        residentId = body.residentId === undefined ? holderId : body.residentId;
        await checkResident(request, unitId, residentId);
      } else {
        // A resident asks as themselves: anyone else is a record they cannot reach.
        if (body.residentId && body.residentId !== userId) throw notFound();
        residentId = userId;
        if (body.date && body.date < businessDay()) throw invalid('date', MOVING_MESSAGES.pastDate);
      }
      const plate = checkedPlate(body.plate ?? '');
      checkWindow(body.startTime, body.endTime);
      const created = em(request).create(MovingRequest, {
        complexId,
        unitId,
        residentId,
        type: body.type as string,
        date: body.date as string,
        startTime: blank(body.startTime),
        endTime: blank(body.endTime),
        plate,
        notes: blank(body.notes),
        status: 'pendiente',
        createdBy: userId,
      } as never);
      host.audit(request, em(request), {
        resource: RESOURCE,
        recordId: created.id,
        action: 'create',
        changes: { ...body, unitId, residentId, plate, status: 'pendiente' },
        description: describe({ unitNumber: (await host.directory(request).unit(unitId))?.number, plate, type: created.type }),
      });
      await em(request).flush();
      return reply.status(201).send(await reload(request, created.id));
    },
  );

  app.put(
    `/${RESOURCE}/:id`,
    {
      schema: {
        tags,
        summary: 'Edit a pending or approved request (the unit stays)',
        params: IdParams,
        body: MovingRequestUpdateSchema,
        response: { 200: MovingRequestSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const found = await load(request);
      if (found.status !== 'pendiente' && found.status !== 'aprobada')
        throw new ApiError(409, 'NOT_EDITABLE', MOVING_MESSAGES.edit);
      const before = toMovingRequest(found);
      const body = fieldsOf(MovingRequestUpdateSchema, request.body);
      if (body.plate !== undefined) found.plate = checkedPlate(body.plate);
      if (body.type !== undefined) found.type = body.type;
      if (body.date !== undefined) found.date = body.date;
      if (body.startTime !== undefined) found.startTime = blank(body.startTime);
      if (body.endTime !== undefined) found.endTime = blank(body.endTime);
      if (body.notes !== undefined) found.notes = blank(body.notes);
      if (body.residentId !== undefined) {
        await checkResident(request, found.unitId, body.residentId);
        found.residentId = body.residentId;
      }
      checkWindow(found.startTime, found.endTime);
      host.audit(request, em(request), {
        resource: RESOURCE,
        recordId: found.id,
        action: 'update',
        changes: changesOf(before, toMovingRequest(found)),
        description: describe(found),
      });
      await em(request).flush();
      return reload(request, found.id);
    },
  );

  /** Moves a request to `to` (409 when its state does not allow it), audited as `action`. */
  const transition = async (request: FastifyRequest, to: MovingStatus, action: string, reason?: string) => {
    const found = await load(request);
    const from = found.status as MovingStatus;
    // A resident only withdraws their own pending request.
    if (!isOffice(host, request) && !(to === 'cancelada' && from === 'pendiente'))
      throw new ApiError(409, 'INVALID_TRANSITION', MOVING_MESSAGES.transition(from, to));
    if (!canMove(from, to)) throw new ApiError(409, 'INVALID_TRANSITION', MOVING_MESSAGES.transition(from, to));
    found.status = to;
    if (to === 'aprobada' || to === 'rechazada') {
      found.decidedBy = host.context(request).userId;
      found.decidedAt = new Date();
    }
    if (to === 'rechazada') found.rejectReason = reason ?? null;
    host.audit(request, em(request), {
      resource: RESOURCE,
      recordId: found.id,
      action,
      changes: { status: [from, to], ...(reason ? { rejectReason: [null, reason] } : {}) },
      description: describe(found),
    });
    await em(request).flush();
    return reload(request, found.id);
  };

  const transitionRoute = (verb: string, to: MovingStatus, summary: string) =>
    app.post(
      `/${RESOURCE}/:id/${verb}`,
      { schema: { tags, summary, params: IdParams, response: { 200: MovingRequestSchema, ...ERROR_RESPONSES } } },
      (request) => transition(request, to, verb),
    );
  transitionRoute('approve', 'aprobada', 'Approve a pending request (409 from any other state)');
  transitionRoute('complete', 'completada', 'Mark an approved move as done');
  transitionRoute('cancel', 'cancelada', "Withdraw a request (a resident: their unit's pending one)");
  app.post(
    `/${RESOURCE}/:id/reject`,
    {
      schema: {
        tags,
        summary: 'Reject a pending or approved request, with the reason the resident reads',
        params: IdParams,
        body: MovingRejectSchema,
        response: { 200: MovingRequestSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const reason = request.body.reason.trim();
      if (!reason) throw invalid('reason', MOVING_MESSAGES.reason);
      return transition(request, 'rechazada', 'reject', reason);
    },
  );

  app.delete(
    `/${RESOURCE}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a request and its log',
        params: IdParams,
        response: { 200: MovingRequestSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const found = await load(request);
      const result = toMovingRequest(found);
      await em(request).transactional(async (tx) => {
        await tx.execute('delete from moving_entries where request_id = ? and complex_id = ?', [found.id, found.complexId]);
        await tx.execute('delete from moving_requests where id = ? and complex_id = ?', [found.id, found.complexId]);
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: found.id,
          action: 'delete',
          changes: result,
          description: describe(found),
        });
      });
      return result;
    },
  );

  // ---------------------------------------------------------------- the truck's log of one request

  app.post(
    `/${RESOURCE}/:id/entries`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: "Record the truck's entry (and exit, if known) for an approved request",
        params: IdParams,
        body: MovingEntryCreateSchema,
        response: { 201: MovingEntrySchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const found = await load(request);
      if (found.status !== 'aprobada') throw new ApiError(409, 'NOT_APPROVED', MOVING_MESSAGES.entryNeedsApproval);
      const body = fieldsOf(MovingEntryCreateSchema, request.body);
      const enteredAt = new Date(body.enteredAt as string);
      const exitedAt = body.exitedAt ? new Date(body.exitedAt) : null;
      if (Number.isNaN(enteredAt.getTime())) throw invalid('enteredAt', MOVING_MESSAGES.time);
      if (exitedAt && !(exitedAt >= enteredAt)) throw invalid('exitedAt', MOVING_MESSAGES.exitOrder);
      const id = await em(request).transactional(async (tx) => {
        // One open pass at a time: the truck leaves before it enters again.
        const [open] = await tx.execute(
          'select 1 from moving_entries where complex_id = ? and request_id = ? and exited_at is null for update',
          [found.complexId, found.id],
        );
        if (open) throw new ApiError(409, 'OPEN_ENTRY', MOVING_MESSAGES.openEntry);
        const entry = tx.create(MovingEntry, {
          complexId: found.complexId,
          requestId: found.id,
          unitId: found.unitId,
          plate: found.plate,
          enteredAt,
          exitedAt,
          registeredBy: host.context(request).userId,
          notes: blank(body.notes),
        } as never);
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: found.id,
          action: 'entry',
          changes: { entryId: entry.id, plate: found.plate, enteredAt: enteredAt.toISOString(), exitedAt: isoOrNull(exitedAt) },
          description: describe(found),
        });
        return entry.id;
      });
      const entry = await em(request).fork().findOne(MovingEntry, { id, complexId: found.complexId });
      return reply.status(201).send(toMovingEntry(entry as MovingEntry));
    },
  );

  const loadEntry = async (request: FastifyRequest) => {
    const found = await load(request);
    const { entryId } = request.params as { entryId: string };
    const entry = await host.findOr404<MovingEntry>(request, MovingEntry, entryId);
    if (entry.requestId !== found.id) throw notFound();
    return { found, entry };
  };

  app.put(
    `/${RESOURCE}/:id/entries/:entryId`,
    {
      schema: {
        tags,
        summary: "Record the truck's exit (or correct the notes) of a log entry",
        params: EntryParams,
        body: MovingEntryUpdateSchema,
        response: { 200: MovingEntrySchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { found, entry } = await loadEntry(request);
      const before = toMovingEntry(entry);
      const body = fieldsOf(MovingEntryUpdateSchema, request.body);
      if (body.exitedAt !== undefined) {
        const exitedAt = body.exitedAt ? new Date(body.exitedAt) : null;
        if (exitedAt && !(exitedAt >= new Date(entry.enteredAt))) throw invalid('exitedAt', MOVING_MESSAGES.exitOrder);
        entry.exitedAt = exitedAt;
      }
      if (body.notes !== undefined) entry.notes = blank(body.notes);
      host.audit(request, em(request), {
        resource: RESOURCE,
        recordId: found.id,
        action: 'entry',
        changes: changesOf(before, toMovingEntry(entry)),
        description: describe(found),
      });
      await em(request).flush();
      return toMovingEntry(entry);
    },
  );

  app.delete(
    `/${RESOURCE}/:id/entries/:entryId`,
    {
      schema: {
        tags,
        summary: 'Delete a log entry recorded by mistake',
        params: EntryParams,
        response: { 200: MovingEntrySchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { found, entry } = await loadEntry(request);
      const result = toMovingEntry(entry);
      em(request).remove(entry);
      host.audit(request, em(request), {
        resource: RESOURCE,
        recordId: found.id,
        action: 'entry',
        changes: { deleted: result },
        description: describe(found),
      });
      await em(request).flush();
      return result;
    },
  );
}
