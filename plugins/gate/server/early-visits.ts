// /api/complexes/:complexId/early-visits: visits a resident announces for their unit (visitas anticipadas). The
// guard lists today's pending ones (the bell) and lets the visitor in, which registers the entry and sets
// EstadoSalida; the resident lists and cancels their unit's; the office sees and manages all.
import { randomInt } from 'node:crypto';
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
import { type Static, Type } from 'typebox';
import { BELL_LAST, bellBadge, type EarlyVisitStatus, GATE_MESSAGES, GATE_TOPICS } from '../gate.ts';
import { EarlyVisitApproveSchema, EarlyVisitCreateSchema, EarlyVisitSchema, GateEntrySchema } from '../schemas.ts';
import { blank, dayBounds, em, invalid, isoOrNull, tags, yesNo } from './common.ts';
import { EarlyVisit } from './early-visit.entity.ts';
import {
  checkedIdNumber,
  checkedPlate,
  destinationOf,
  insertEntry,
  openEntryGuard,
  prepareEntry,
  reloadEntry,
  toEntry,
} from './entries.ts';
import { recordTimeline } from './timeline.ts';

const RESOURCE = 'early-visits';
type VisitItem = Static<typeof EarlyVisitSchema>;
const STATUS_LABELS: Record<string, string> = { pendiente: 'Pendiente', ingresada: 'Ingresada', cancelada: 'Cancelada' };

export const toEarlyVisit = (v: EarlyVisit): VisitItem => ({
  id: v.id,
  unitId: v.unitId ?? null,
  unitNumber: v.unitNumber ?? null,
  place: v.place ?? null,
  residentId: v.residentId ?? null,
  residentName: v.residentName ?? null,
  announcedByName: v.announcedByName ?? null,
  firstName: v.firstName,
  lastName: v.lastName ?? '',
  idNumber: v.idNumber ?? null,
  plate: v.plate ?? null,
  vehicleColor: v.vehicleColor ?? null,
  expectedArrival: isoOrNull(v.expectedArrival) ?? '',
  expectedStay: (v.expectedStay ?? null) as VisitItem['expectedStay'],
  visitType: v.visitType as VisitItem['visitType'],
  observations: v.observations ?? null,
  hash: v.hash,
  status: v.status as EarlyVisitStatus,
  exited: v.status === 'ingresada',
  entryId: v.entryId ?? null,
  createdAt: isoOrNull(v.createdAt) ?? '',
});
const describe = (v: { firstName: string; lastName?: string | null; unitNumber?: string | null; place?: string | null }) =>
  `Visita anticipada: ${`${v.firstName} ${v.lastName ?? ''}`.trim()} → ${v.unitNumber ?? v.place ?? ''}`;

/** Spec 002 §9: a random 15-character lowercase alphanumeric id. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const visitHash = () => Array.from({ length: 15 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Roles that see every unit's visits: the office and the guards. */
const ALL_VISITS: readonly string[] = ['administrador', 'superAdministrador', 'supervisor'];

const TodaySchema = Type.Object({
  /** Today's pending visits. */
  count: Type.Integer(),
  /** The bell's badge: the count below 10, else '+9'; empty at 0. */
  badge: Type.String(),
  /** The last 5 (by expected arrival, latest first). */
  latest: Type.Array(EarlyVisitSchema),
});

export function earlyVisitRoutes(app: PluginApp, host: HostServices) {
  const seesAll = (request: FastifyRequest) => host.context(request).roles.some((r) => ALL_VISITS.includes(r));
  /** The unit the caller lives in (a resident), or null. */
  const ownUnit = async (request: FastifyRequest) =>
    (await host.directory(request).person(host.context(request).userId))?.unitId ?? null;
  const load = async (request: FastifyRequest) => {
    const visit = await host.findOr404<EarlyVisit>(request, EarlyVisit, (request.params as { id: string }).id);
    if (!seesAll(request) && (!visit.unitId || visit.unitId !== (await ownUnit(request)))) throw notFound();
    return visit;
  };
  const reload = async (request: FastifyRequest, id: string) => {
    const fresh = await em(host, request)
      .fork()
      .findOne(EarlyVisit, { id, complexId: host.context(request).complexId });
    if (!fresh) throw notFound();
    return toEarlyVisit(fresh);
  };
  const todayCondition = (): ListCondition => {
    const [from, to] = dayBounds(businessDay());
    return { expectedArrival: { $gte: from, $lt: to } };
  };

  host.listRoute(app, {
    resource: RESOURCE,
    tags,
    summary:
      "Early visits (a resident: their unit's). Filters: status, today (Guayaquil), expectedArrival_gte/_lte, unitId, visitType; the guard's list is { today: true, status: 'pendiente' }",
    entity: EarlyVisit,
    filters: {
      status: 'exact',
      unitId: 'exact',
      visitType: 'exact',
      expectedArrival: 'dateRange',
      today: (value) => (yesNo('today', value) ? todayCondition() : {}),
    },
    search: ['firstName', 'lastName', 'idNumber', 'plate', 'place', 'unitNumber', 'residentName'],
    sortable: ['expectedArrival', 'createdAt', 'status', 'lastName', 'unitNumber'],
    sortAliases: { unitNumber: 'unitSort' },
    defaultSort: { field: 'expectedArrival', order: 'DESC' },
    where: (request) =>
      seesAll(request)
        ? {}
        : {
            $sql: {
              text: 't.unit_id = (select pp.unit_id from directory_people pp where pp.id = ?)',
              params: [host.context(request).userId],
            },
          },
    item: EarlyVisitSchema,
    exportColumns: {
      expectedArrival: { header: 'Hora estimada de llegada', value: (v: VisitItem) => formatDateTime(v.expectedArrival) },
      firstName: 'Nombre',
      lastName: 'Apellido',
      idNumber: 'Cédula',
      plate: 'Placa',
      unitNumber: { header: 'Destino', value: (v: VisitItem) => v.unitNumber ?? v.place ?? '' },
      residentName: 'Residente',
      visitType: 'Tipo de visita',
      status: { header: 'Estado', value: (v: VisitItem) => STATUS_LABELS[v.status] ?? v.status },
      observations: 'Observaciones',
    },
    toItem: (row: EarlyVisit) => toEarlyVisit(row),
  });

  app.get(
    `/${RESOURCE}/today`,
    {
      schema: {
        tags,
        summary: "The guard's bell: today's pending early visits, their badge and the last 5",
        response: { 200: TodaySchema },
      },
    },
    async (request) => {
      const { complexId } = host.context(request);
      const [from, to] = dayBounds(businessDay());
      const where = { complexId, status: 'pendiente', expectedArrival: { $gte: new Date(from), $lt: new Date(to) } };
      const [latest, count] = await Promise.all([
        em(host, request).find(EarlyVisit, where, { orderBy: { expectedArrival: 'desc', id: 'desc' }, limit: BELL_LAST }),
        em(host, request).count(EarlyVisit, where),
      ]);
      return { count, badge: bellBadge(count), latest: latest.map(toEarlyVisit) };
    },
  );

  app.get(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, response: { 200: EarlyVisitSchema, 404: ErrorSchema } } },
    async (request) => toEarlyVisit(await load(request)),
  );

  app.post(
    `/${RESOURCE}`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          "Announce an early visit: a resident for their own unit (from today on), the office for any unit or 'Otro'. Published live (gate.earlyVisit.created) to the guards' bell",
        body: EarlyVisitCreateSchema,
        response: { 201: EarlyVisitSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const body = fieldsOf(EarlyVisitCreateSchema, request.body) as Static<typeof EarlyVisitCreateSchema>;
      const { complexId, userId } = host.context(request);
      let destination: { unitId: string | null; residentId: string | null; place: string | null };
      if (seesAll(request)) {
        destination = await destinationOf(host, request, body);
      } else {
        // A resident announces for their own unit, as the one visited; another unit is a record they cannot reach.
        const unitId = await ownUnit(request);
        if (!unitId) throw new ApiError(400, 'NO_UNIT', GATE_MESSAGES.noUnit, { unitId: GATE_MESSAGES.noUnit });
        if ((body.unitId && body.unitId !== unitId) || (body.residentId && body.residentId !== userId)) throw notFound();
        const unit = await host.directory(request).unit(unitId);
        if (unit?.tenantVisitsBlocked && unit.tenantId === userId)
          throw new ApiError(403, 'VISITS_BLOCKED', GATE_MESSAGES.visitsBlocked);
        destination = { unitId, residentId: userId, place: null };
      }
      const idNumber = blank(body.idNumber) ? checkedIdNumber(body.idNumber) : null;
      const plate = checkedPlate(body.plate);
      const expectedArrival = new Date(body.expectedArrival);
      // A resident announces from today on; the office may record one after the fact.
      if (!seesAll(request) && expectedArrival.getTime() < new Date(dayBounds(businessDay())[0]).getTime())
        throw invalid('expectedArrival', GATE_MESSAGES.pastArrival);
      const visit = await em(host, request).transactional(async (tx) => {
        const created = tx.create(EarlyVisit, {
          complexId,
          ...destination,
          announcedBy: userId,
          firstName: body.firstName.trim(),
          lastName: blank(body.lastName) ?? '',
          idNumber,
          plate,
          vehicleColor: blank(body.vehicleColor),
          expectedArrival,
          expectedStay: body.expectedStay ?? null,
          visitType: body.visitType,
          observations: blank(body.observations),
          hash: visitHash(),
          status: 'pendiente',
        } as never);
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: created.id,
          action: 'create',
          changes: {
            ...destination,
            firstName: created.firstName,
            lastName: created.lastName,
            idNumber: created.idNumber,
            plate: created.plate,
            visitType: created.visitType,
            expectedArrival: expectedArrival.toISOString(),
          },
          description: describe(created),
        });
        await tx.flush();
        await recordTimeline(host, complexId, tx, {
          kind: 'visita_anticipada',
          subject: [`${created.firstName} ${created.lastName ?? ''}`.trim(), created.idNumber && `(${created.idNumber})`]
            .filter(Boolean)
            .join(' '),
          place: created.place ?? null,
          detail: `Llegada estimada: ${formatDateTime(expectedArrival)}`,
          refId: created.id,
        });
        await host.publish(
          complexId,
          GATE_TOPICS.earlyVisitCreated,
          { id: created.id, expectedArrival: expectedArrival.toISOString() },
          tx,
        );
        return created;
      });
      return reply.status(201).send(await reload(request, visit.id));
    },
  );

  /** Only a pending visit moves on: a second approval or a late cancellation is refused (409). */
  const pending = async (request: FastifyRequest) => {
    const visit = await load(request);
    if (visit.status !== 'pendiente') throw new ApiError(409, 'NOT_PENDING', GATE_MESSAGES.visitNotPending);
    return visit;
  };

  app.post(
    `/${RESOURCE}/:id/cancel`,
    {
      schema: {
        tags,
        summary: "Cancel a pending early visit (a resident: their unit's)",
        params: IdParams,
        response: { 200: EarlyVisitSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const visit = await pending(request);
      const { complexId } = host.context(request);
      // Conditional: of two concurrent changes, one wins.
      const changed = await em(host, request).transactional(async (tx) => {
        const rows = await tx.execute(
          "update early_visits set status = 'cancelada', updated_at = now() where id = ? and complex_id = ? and status = 'pendiente' returning id",
          [visit.id, complexId],
        );
        if (!rows.length) return false;
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: visit.id,
          action: 'cancel',
          changes: { status: ['pendiente', 'cancelada'] },
          description: describe(visit),
        });
        await host.publish(complexId, GATE_TOPICS.earlyVisitChanged, { id: visit.id, status: 'cancelada' }, tx);
        return true;
      });
      if (!changed) throw new ApiError(409, 'NOT_PENDING', GATE_MESSAGES.visitNotPending);
      return reload(request, visit.id);
    },
  );

  app.post(
    `/${RESOURCE}/:id/approve`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          "Let the visitor in: registers the entry (the same rules as the console's) and sets EstadoSalida; 409 when the visit is not pending or the person has an entry without exit",
        params: IdParams,
        body: EarlyVisitApproveSchema,
        response: { 200: Type.Object({ visit: EarlyVisitSchema, entry: GateEntrySchema }), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const visit = await pending(request);
      const body = fieldsOf(EarlyVisitApproveSchema, request.body);
      const idNumber = blank(body.idNumber) ?? visit.idNumber;
      if (!idNumber) throw invalid('idNumber', GATE_MESSAGES.idNumber);
      const { complexId } = host.context(request);
      const input = {
        unitId: visit.unitId,
        residentId: visit.residentId,
        place: visit.place,
        idNumber,
        firstName: visit.firstName,
        lastName: visit.lastName,
        plate: visit.plate,
        vehicleColor: visit.vehicleColor,
        visitType: visit.visitType,
        expectedStay: visit.expectedStay,
        observations: blank(body.observations) ?? visit.observations,
        postId: body.postId,
        source: 'anticipada' as const,
      };
      // The resident visited may have moved since the announcement: the visit still goes to the unit (its holder).
      const prepared = await prepareEntry(host, request, input).catch((error: unknown) =>
        error instanceof ApiError && error.errors?.residentId && visit.unitId
          ? prepareEntry(host, request, { ...input, residentId: null })
          : Promise.reject(error),
      );
      const entry = await openEntryGuard(host, request, prepared.idNumber, () =>
        em(host, request).transactional(async (tx) => {
          const rows = await tx.execute(
            "select id from early_visits where id = ? and complex_id = ? and status = 'pendiente' for update",
            [visit.id, complexId],
          );
          if (!rows.length) throw new ApiError(409, 'NOT_PENDING', GATE_MESSAGES.visitNotPending);
          const created = await insertEntry(host, request, tx, prepared);
          await tx.execute(
            "update early_visits set status = 'ingresada', entry_id = ?, updated_at = now() where id = ? and complex_id = ?",
            [created.id, visit.id, complexId],
          );
          host.audit(request, tx, {
            resource: RESOURCE,
            recordId: visit.id,
            action: 'approve',
            changes: { status: ['pendiente', 'ingresada'], entryId: created.id },
            description: describe(visit),
          });
          await host.publish(
            complexId,
            GATE_TOPICS.earlyVisitChanged,
            { id: visit.id, status: 'ingresada', entryId: created.id },
            tx,
          );
          return created;
        }),
      );
      return { visit: await reload(request, visit.id), entry: toEntry(await reloadEntry(host, request, entry.id)) };
    },
  );

  app.delete(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, response: { 200: EarlyVisitSchema, ...ERROR_RESPONSES } } },
    async (request) => {
      const visit = await load(request);
      const result = toEarlyVisit(visit);
      em(host, request).remove(visit);
      host.audit(request, em(host, request), {
        resource: RESOURCE,
        recordId: visit.id,
        action: 'delete',
        changes: result,
        description: describe(visit),
      });
      await em(host, request).flush();
      return result;
    },
  );
}
