// /api/complexes/:complexId/early-visits: visits a resident announces for their unit (visitas anticipadas). The
// guard lists today's pending ones (the bell) and lets the visitor in, which registers the entry and sets
// EstadoSalida; the resident lists and cancels their unit's; the office sees and manages all.
import { randomInt } from 'node:crypto';
import {
  ApiError,
  blank,
  businessDay,
  ERROR_RESPONSES,
  ErrorSchema,
  fieldsOf,
  formatDateTime,
  type HostServices,
  IdParams,
  invalid,
  isoOrNull,
  type ListCondition,
  notFound,
  type PluginApp,
} from '@conjunto/core';
import type { FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import {
  BELL_LAST,
  bellBadge,
  type EarlyVisitStatus,
  GATE_MESSAGES,
  GATE_TOPICS,
  RECURRING_MAX_DAYS,
  VISIT_AHEAD_DAYS,
  weekdayMask,
  weekdaysOf,
} from '../gate.ts';
import {
  EarlyVisitApproveSchema,
  EarlyVisitCreateSchema,
  EarlyVisitOptionsSchema,
  EarlyVisitScanSchema,
  EarlyVisitSchema,
  GateEntrySchema,
} from '../schemas.ts';
import { dayBounds, em, tags, yesNo } from './common.ts';
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
import { deleteRecorded, recordTimeline } from './timeline.ts';

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
  code: v.code ?? null,
  weekdays: weekdaysOf(v.weekdays),
  validUntil: v.validUntil ?? null,
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

/** Spec 002 §9: the pass's 8 digits. */
const visitCode = () => String(randomInt(100_000_000)).padStart(8, '0');
/** Another pending visit of the complex holds the code drawn (1 in 10^8 a try): draw again. */
const CODE_TRIES = 5;
const codeClash = (error: unknown) => {
  for (
    let e = error as { message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  )
    if (typeof e.message === 'string' && e.message.includes('"early_visits_code"')) return true;
  return false;
};
async function withFreshCode<T>(write: (code: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write(visitCode());
    } catch (error) {
      if (attempt >= CODE_TRIES || !codeClash(error)) throw error;
    }
  }
}

/** ISO weekday (1 Monday … 7 Sunday) of a 'YYYY-MM-DD' day. */
const isoWeekday = (day: string) => ((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The visits that open the gate on `day` (table alias t): a single visit expected that day, or a recurring pass
 * whose weekday it is, between its first day and its last, not used yet that day.
 */
export function openOnSql(day: string) {
  const [from, to] = dayBounds(day);
  return {
    text: `((t.weekdays is null and t.expected_arrival >= ? and t.expected_arrival < ?)
      or (t.weekdays is not null and t.expected_arrival < ? and t.valid_until >= ?::date and (t.weekdays & ?) <> 0
          and t.last_entry_on is distinct from ?::date))`,
    params: [from, to, to, day, 1 << (isoWeekday(day) - 1), day],
  };
}

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

/** A recurring pass (QrRecurrente): weekdays and a last day, both or neither, from its first day, within 90 days. */
function recurrenceOf(
  body: { weekdays?: number[] | null; validUntil?: string | null },
  firstDay: string,
  allowed: boolean,
): { weekdays: number | null; validUntil: string | null } {
  const days = body.weekdays ?? [];
  if (!days.length && !body.validUntil) return { weekdays: null, validUntil: null };
  if (!allowed) throw invalid('weekdays', GATE_MESSAGES.recurringOff);
  const until = body.validUntil;
  if (!days.length || !until || until < firstDay || until > addDays(firstDay, RECURRING_MAX_DAYS))
    throw invalid(days.length ? 'validUntil' : 'weekdays', GATE_MESSAGES.recurrence);
  return { weekdays: weekdayMask(days), validUntil: until };
}

export function earlyVisitRoutes(app: PluginApp, host: HostServices) {
  const optionsOf = async (request: FastifyRequest) => {
    const [entryDate, recurring, pin, print] = await Promise.all(
      ['FechaIngreso', 'QrRecurrente', 'QRPin', 'QrPrint'].map((name) => host.switchOn(request, name)),
    );
    return { entryDate, recurring, pin, print, aheadDays: VISIT_AHEAD_DAYS, recurringMaxDays: RECURRING_MAX_DAYS };
  };
  const seesAll = (request: FastifyRequest) => host.context(request).roles.some((r) => ALL_VISITS.includes(r));
  /** The unit the caller lives in (a resident), or null. */
  const ownUnit = async (request: FastifyRequest) =>
    (await host.directory(request).person(host.context(request).userId))?.unitId ?? null;
  const load = async (request: FastifyRequest, id = (request.params as { id: string }).id) => {
    const visit = await host.findOr404<EarlyVisit>(request, EarlyVisit, id);
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
  const todayCondition = (): ListCondition => ({ $sql: openOnSql(businessDay()) });

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
      const today = openOnSql(businessDay());
      // The last 5 and (a window over the same rows, before the limit) how many there are.
      const rows = await em(host, request).execute<{ id: string; total: string }[]>(
        `select t.id, count(*) over () as total from early_visits t
          where t.complex_id = ? and t.status = 'pendiente' and ${today.text}
          order by t.expected_arrival desc, t.id desc limit ${BELL_LAST}`,
        [complexId, ...today.params],
      );
      const count = Number(rows[0]?.total ?? 0);
      const found = await em(host, request).find(EarlyVisit, { complexId, id: { $in: rows.map((r) => r.id) } });
      const latest = rows.map((r) => found.find((v) => v.id === r.id)).filter((v) => v !== undefined);
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
      const today = businessDay();
      const options = await optionsOf(request);
      // A resident announces from today on (FechaIngreso: up to 30 days ahead; without it, for today); the office
      // may record one after the fact.
      if (!seesAll(request)) {
        const [todayStart, todayEnd] = dayBounds(today).map((d) => new Date(d).getTime());
        if (expectedArrival.getTime() < todayStart) throw invalid('expectedArrival', GATE_MESSAGES.pastArrival);
        if (!options.entryDate && expectedArrival.getTime() >= todayEnd)
          throw invalid('expectedArrival', GATE_MESSAGES.onlyToday);
        if (expectedArrival.getTime() >= new Date(dayBounds(addDays(today, VISIT_AHEAD_DAYS))[1]).getTime())
          throw invalid('expectedArrival', GATE_MESSAGES.tooFar);
      }
      const recurring = recurrenceOf(body, businessDay(expectedArrival), options.recurring);
      const visit = await withFreshCode((code) =>
        em(host, request).transactional(async (tx) => {
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
            code,
            ...recurring,
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
            unitNumber: created.unitId
              ? ((await host.directory({ complexId, em: tx }).unit(created.unitId))?.number ?? null)
              : null,
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
        }),
      );
      return reply.status(201).send(await reload(request, visit.id));
    },
  );

  app.get(
    `/${RESOURCE}/options`,
    {
      config: { access: 'list' },
      schema: {
        tags,
        summary: "What the complex's switches let the visit forms offer: FechaIngreso, QrRecurrente, QRPin, QrPrint",
        response: { 200: EarlyVisitOptionsSchema },
      },
    },
    (request) => optionsOf(request),
  );

  /** Let the visitor of a pending visit in: the entry with the console's rules, then EstadoSalida (or, for a recurring pass, today's use). */
  const letIn = async (request: FastifyRequest, visit: EarlyVisit, body: Static<typeof EarlyVisitApproveSchema>) => {
    const idNumber = blank(body.idNumber) ?? visit.idNumber;
    if (!idNumber) throw invalid('idNumber', GATE_MESSAGES.idNumber);
    const { complexId } = host.context(request);
    const day = businessDay();
    const openToday = openOnSql(day);
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
        // Locked, then checked again: of two guards letting the same pass in at once, one does.
        const [locked] = await tx.execute<{ weekdays: number | null; open_today: boolean; last_day: boolean }[]>(
          `select t.weekdays, ${openToday.text} as open_today, t.valid_until <= ?::date as last_day
               from early_visits t where t.id = ? and t.complex_id = ? and t.status = 'pendiente' for update`,
          [...openToday.params, day, visit.id, complexId],
        );
        if (!locked) throw new ApiError(409, 'NOT_PENDING', GATE_MESSAGES.visitNotPending);
        if (locked.weekdays !== null && !locked.open_today) throw new ApiError(409, 'NOT_TODAY', GATE_MESSAGES.notToday);
        const created = await insertEntry(host, request, tx, prepared);
        // A recurring pass stays pending until its last day (EstadoSalida then); it opens once a day.
        const done = locked.weekdays === null || locked.last_day;
        await tx.execute(
          `update early_visits set status = ?, entry_id = ?, last_entry_on = ?::date, updated_at = now()
              where id = ? and complex_id = ?`,
          [done ? 'ingresada' : 'pendiente', created.id, day, visit.id, complexId],
        );
        const status = done ? 'ingresada' : 'pendiente';
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: visit.id,
          action: 'approve',
          changes: { status: ['pendiente', status], entryId: created.id },
          description: describe(visit),
        });
        await host.publish(complexId, GATE_TOPICS.earlyVisitChanged, { id: visit.id, status, entryId: created.id }, tx);
        return created;
      }),
    );
    return { visit: await reload(request, visit.id), entry: toEntry(await reloadEntry(host, request, entry.id)) };
  };

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
    async (request) => letIn(request, await pending(request), fieldsOf(EarlyVisitApproveSchema, request.body)),
  );

  app.post(
    `/${RESOURCE}/scan`,
    {
      config: { idempotent: true, access: 'approve' },
      schema: {
        tags,
        summary:
          'Let a visitor in by their pass: the 8 digits of the QR (a scanner types them) or the PIN, of a visit valid today; 404 when no pending visit of the complex holds the code or it does not open today',
        body: EarlyVisitScanSchema,
        response: { 200: Type.Object({ visit: EarlyVisitSchema, entry: GateEntrySchema }), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { code, ...rest } = fieldsOf(EarlyVisitScanSchema, request.body);
      const { complexId } = host.context(request);
      const today = openOnSql(businessDay());
      const [row] = await em(host, request).execute<{ id: string }[]>(
        `select t.id from early_visits t where t.complex_id = ? and t.code = ? and t.status = 'pendiente' and ${today.text}`,
        [complexId, code, ...today.params],
      );
      if (!row) throw new ApiError(404, 'CODE_INVALID', GATE_MESSAGES.codeInvalid);
      return letIn(request, await load(request, row.id), rest);
    },
  );

  app.delete(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, response: { 200: EarlyVisitSchema, ...ERROR_RESPONSES } } },
    async (request) => {
      const visit = await load(request);
      const result = toEarlyVisit(visit);
      await deleteRecorded(
        host,
        request,
        { resource: RESOURCE, recordId: visit.id, changes: result, description: describe(visit) },
        (tx) => tx.remove(visit),
      );
      return result;
    },
  );
}
