// /api/complexes/:complexId/reservations: residents book their unit's slots, the office books for a unit and decides
// (reservasxaprobar), guards read the approved ones and validate codes at the gate.
import {
  blank,
  changesOf,
  ERROR_RESPONSES,
  ErrorSchema,
  formatDateTime,
  type HostServices,
  IdParams,
  invalid,
  isDay,
  isUuid,
  notFound,
  type PluginApp,
} from '@conjunto/core';
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import {
  RESERVATION_LIMITS as L,
  RESERVATION_MESSAGES as M,
  RESERVATION_EVENTS,
  RESERVATION_STATUSES,
  type ReservationCodeValidated,
} from '../reservations.ts';
import {
  BulkApproveResultSchema,
  BulkApproveSchema,
  CalendarQuery,
  CalendarSchema,
  PassOptionsSchema,
  PendingSchema,
  ReasonSchema,
  ReservationCreateSchema,
  ReservationSchema,
  ReservationUpdateSchema,
  ValidateCodeSchema,
  ValidationResultSchema,
} from '../schemas.ts';
import { ReservationArea } from './area.entity.ts';
import { areaRoutes } from './areas.ts';
import {
  approve,
  changedLive,
  checkBooking,
  codeWindow,
  end,
  insertReservation,
  lockedReservation,
  slotTaken,
  tellOffice,
  toReservation,
} from './booking.ts';
import { accountingOf, em, isGuardOnly, isOffice, refused, type Tx, tags } from './common.ts';
import { Reservation } from './reservation.entity.ts';
import { instantOf } from './slots.ts';

type Item = Static<typeof ReservationSchema>;
const RESOURCE = 'reservations';
const STATUS_LABELS: Record<string, string> = {
  pendiente: 'Pendiente',
  aprobada: 'Aprobada',
  rechazada: 'Rechazada',
  cancelada: 'Cancelada',
};
const statusFilter = (value: unknown) => {
  const list = Array.isArray(value) ? value : [value];
  if (!list.length || list.some((s) => !(RESERVATION_STATUSES as readonly unknown[]).includes(s)))
    throw refused(400, 'INVALID_FILTER', 'Filtro no permitido.', 'status');
  return { status: { $in: list } };
};

export async function reservationRoutes(app: PluginApp, host: HostServices) {
  await areaRoutes(app, host);

  /** The unit the caller lives in (a resident), or null; read on `tx` (inside a transaction: PGlite has one connection). */
  const ownUnit = async (request: FastifyRequest, tx: Tx) => {
    const { complexId, userId } = host.context(request);
    return (await host.directory({ complexId, em: tx }).person(userId))?.unitId ?? null;
  };
  /** Codes are for their owner and the office; guards validate them, never read them. */
  const item = (request: FastifyRequest, r: Reservation) => toReservation(r, !isGuardOnly(host, request));
  /** A reservation the caller may see, on `tx` (locked for a decision): a resident's of their unit, a guard's approved. */
  const load = async (request: FastifyRequest, tx: Tx = em(host, request), lock = false) => {
    const { id } = request.params as { id: string };
    if (!isUuid(id)) throw notFound();
    const { complexId } = host.context(request);
    const r = lock ? await lockedReservation(tx, complexId, { id }) : await tx.findOne(Reservation, { id, complexId });
    if (!r) throw notFound();
    if (isOffice(host, request)) return r;
    if (isGuardOnly(host, request)) {
      if (r.status !== 'aprobada') throw notFound();
      return r;
    }
    if (r.unitId !== (await ownUnit(request, tx))) throw notFound();
    return r;
  };
  const areaOf = async (tx: Tx, r: Reservation) =>
    (await tx.findOne(ReservationArea, { id: r.areaId, complexId: r.complexId })) as ReservationArea;
  const reload = async (request: FastifyRequest, id: string) => {
    const fresh = await em(host, request)
      .fork()
      .findOne(Reservation, { id, complexId: host.context(request).complexId });
    if (!fresh) throw notFound();
    return item(request, fresh);
  };

  host.listRoute(app, {
    resource: RESOURCE,
    tags,
    summary:
      "Reservations (a resident: their unit's; a guard: the approved ones). Filters: status (one or several), areaId, unitId, startsAt_gte/_lte (Guayaquil days), pending (pending and not ended: reservasxaprobar); q searches area, unit and resident",
    entity: Reservation,
    filters: {
      status: statusFilter,
      areaId: 'exact',
      unitId: 'exact',
      startsAt: 'dateRange',
      pending: (value) => {
        if (value !== true && value !== 'true') throw refused(400, 'INVALID_FILTER', 'Filtro no permitido.', 'pending');
        return { status: 'pendiente', endsAt: { $gt: new Date() } };
      },
    },
    search: ['areaName', 'unitNumber', 'userName'],
    sortable: ['startsAt', 'createdAt', 'status', 'unitNumber', 'areaName'],
    sortAliases: { unitNumber: 'unitSort' },
    defaultSort: { field: 'startsAt', order: 'DESC' },
    where: (request) => {
      if (isOffice(host, request)) return {};
      if (isGuardOnly(host, request)) return { status: 'aprobada' };
      return {
        $sql: {
          text: 't.unit_id = (select pp.unit_id from directory_people pp where pp.id = ?)',
          params: [host.context(request).userId],
        },
      };
    },
    item: ReservationSchema,
    money: ['price', 'deposit'],
    exportColumns: {
      areaName: 'Área comunal',
      startsAt: { header: 'Inicio', value: (r: Item) => formatDateTime(r.startsAt) },
      endsAt: { header: 'Fin', value: (r: Item) => formatDateTime(r.endsAt) },
      unitNumber: 'U.H.',
      userName: 'Usuario',
      status: { header: 'Estado', value: (r: Item) => STATUS_LABELS[r.status] ?? r.status },
      guests: 'Invitados',
      price: 'Precio',
      deposit: 'Garantía',
      notes: 'Observaciones',
    },
    toItems: async (request, rows: Reservation[]) => rows.map((r) => item(request, r)),
    toItem: (row: Reservation) => toReservation(row, true),
  });

  app.get(
    `/${RESOURCE}/pending`,
    {
      schema: {
        tags,
        summary: "The office's bell: pending reservations that have not ended, their count and the 5 newest",
        response: { 200: PendingSchema },
      },
    },
    async (request) => {
      const rows = await em(host, request).execute<{ id: string; title: string; at: Date; total: number }[]>(
        `select r.id, a.name || coalesce(' · ' || u.number, '') as title, r.starts_at as at, count(*) over ()::int as total
           from reservations r join reservation_areas a on a.id = r.area_id
           left join directory_units u on u.id = r.unit_id
          where r.complex_id = ? and r.status = 'pendiente' and r.ends_at > now()
          order by r.created_at desc, r.id desc limit ?`,
        [host.context(request).complexId, L.bellLast],
      );
      return {
        count: rows[0]?.total ?? 0,
        latest: rows.map((r) => ({ id: r.id, title: r.title, at: new Date(r.at).toISOString() })),
      };
    },
  );

  app.get(
    `/${RESOURCE}/calendar`,
    {
      schema: {
        tags,
        summary: `The office's month calendar (guards: the approved ones): the reservations starting on Guayaquil days from..to (inclusive, at most ${L.calendarDays} days), of one area or all, by start; at most ${L.calendarRows} (truncated says when more matched). Without codes`,
        querystring: CalendarQuery,
        response: { 200: CalendarSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { from, to, areaId } = request.query;
      if (!isDay(from)) throw invalid('from', M.badRange(L.calendarDays));
      if (!isDay(to)) throw invalid('to', M.badRange(L.calendarDays));
      const start = instantOf(from, 0);
      const end = instantOf(to, 24 * 60);
      const days = (end.getTime() - start.getTime()) / 86_400_000;
      // The last day's end past 9999-12-31 is no timestamp the database reads (an unexpected 500 otherwise).
      if (days < 1 || days > L.calendarDays || end.getUTCFullYear() > 9999) throw invalid('to', M.badRange(L.calendarDays));
      const params: unknown[] = [host.context(request).complexId, start, end];
      let extra = '';
      if (areaId) {
        // Another complex's area (or none) is not found, as everywhere.
        await host.findOr404<ReservationArea>(request, ReservationArea, areaId);
        extra += ' and area_id = ?';
        params.push(areaId);
      }
      if (isGuardOnly(host, request)) extra += " and status = 'aprobada'";
      // reservations_complex_starts_idx (complex_id, starts_at) bounds the read to the range.
      const rows = await em(host, request).execute<
        {
          id: string;
          area_id: string;
          area_name: string;
          unit_number: string | null;
          user_name: string | null;
          starts_at: Date;
          ends_at: Date;
          status: Item['status'];
        }[]
      >(
        // The range's rows first (the index, then at most calendarRows + 1), then their names one lookup each: no
        // join reads the directory's views whole.
        `select r.id, r.area_id, (select a.name from reservation_areas a where a.id = r.area_id) as area_name,
                (select u.number from directory_units u where u.id = r.unit_id) as unit_number,
                (select pp.name from directory_people pp where pp.id = r.user_id) as user_name,
                r.starts_at, r.ends_at, r.status
           from (select id, area_id, unit_id, user_id, starts_at, ends_at, status from reservations
                  where complex_id = ? and starts_at >= ? and starts_at < ?${extra}
                  order by starts_at, id
                  limit ${L.calendarRows + 1}) r
          order by r.starts_at, r.id`,
        params,
      );
      return {
        from,
        to,
        truncated: rows.length > L.calendarRows,
        items: rows.slice(0, L.calendarRows).map((r) => ({
          id: r.id,
          areaId: r.area_id,
          areaName: r.area_name,
          unitNumber: r.unit_number,
          userName: r.user_name,
          startsAt: new Date(r.starts_at).toISOString(),
          endsAt: new Date(r.ends_at).toISOString(),
          status: r.status,
        })),
      };
    },
  );

  app.get(
    `/${RESOURCE}/pass-options`,
    {
      schema: {
        tags,
        summary:
          "How the complex shows a reservation's pass: the digits (QRPin), print (QrPrint), large (QrSize), elevator (QrElevator)",
        response: { 200: PassOptionsSchema },
      },
      config: { access: 'list' },
    },
    (request) => ({
      pin: host.switchOn(request, 'QRPin'),
      print: host.switchOn(request, 'QrPrint'),
      large: host.switchOn(request, 'QrSize'),
      elevator: host.switchOn(request, 'QrElevator'),
    }),
  );

  app.get(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, response: { 200: ReservationSchema, 404: ErrorSchema } } },
    async (request) => item(request, await load(request)),
  );

  app.post(
    `/${RESOURCE}`,
    {
      // A retried request (Idempotency-Key) answers the first one's reservation, not 'slot taken' by itself.
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          "Book an area: a resident for their unit (pending; approved at once with the prepaid guarantee), the office for a unit (approved). 409 when the slot is taken, 422 when debts or the owner's block refuse it",
        body: ReservationCreateSchema,
        response: { 201: ReservationSchema, ...ERROR_RESPONSES, 422: ErrorSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const ctx = host.context(request);
      const office = isOffice(host, request);
      const directory = host.directory(request);
      let unitId: string;
      let unitNumber: string;
      let noDeposit = false;
      if (office) {
        if (!body.unitId) throw invalid('unitId', M.unitRequired);
        const unit = await directory.unit(body.unitId);
        if (!unit?.isActive) throw invalid('unitId', M.unitRequired);
        unitId = unit.id;
        unitNumber = unit.number;
      } else {
        const person = await directory.person(ctx.userId);
        if (!person?.unitId) throw invalid('unitId', M.noUnit);
        if (body.unitId && body.unitId !== person.unitId) throw notFound();
        const unit = await directory.unit(person.unitId);
        if (!unit) throw invalid('unitId', M.noUnit);
        if (unit.tenantReservationsBlocked && unit.tenantId === ctx.userId) throw refused(422, 'TENANT_BLOCKED', M.tenantBlocked);
        if (!person.paymentAgreement) {
          const accounting = await accountingOf(host, request);
          if (accounting && (await accounting.arrearsOf(unit.id)).overdue > 0) throw refused(422, 'DEBTS', M.debts);
        }
        unitId = unit.id;
        unitNumber = unit.number;
        noDeposit = person.prepaidGuarantee;
      }
      const area = await host.findOr404<ReservationArea>(request, ReservationArea, body.areaId).catch(() => {
        throw invalid('areaId', M.areaDisabled);
      });
      const startsAt = new Date(body.startsAt);
      const endsAt = new Date(body.endsAt);
      const id = await em(host, request).transactional(async (tx) => {
        await checkBooking(tx, area, { startsAt, endsAt, guests: body.guests }, { unitId, office });
        const r = await insertReservation(tx, {
          complexId: ctx.complexId,
          area,
          unitId,
          userId: office ? null : ctx.userId,
          startsAt,
          endsAt,
          guests: body.guests ?? null,
          notes: blank(body.notes),
          noDeposit,
        });
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: r.id,
          action: 'create',
          changes: { areaId: area.id, unitId, startsAt: body.startsAt, endsAt: body.endsAt, guests: r.guests },
          description: `${area.name} ${formatDateTime(startsAt)}`,
        });
        // The office's booking and the prepaid guarantee need no approval.
        if (office || noDeposit) await approve(host, request, tx, r, area);
        else {
          await tellOffice(host, request, tx, r, area.name, { name: ctx.userName, unitNumber });
          await changedLive(host, r, tx);
        }
        return r.id;
      });
      return reply.status(201).send(await reload(request, id));
    },
  );

  app.put(
    `/${RESOURCE}/:id`,
    {
      schema: {
        tags,
        summary: "Change a live reservation's times, guests or notes (the office): the code's validity follows the times",
        params: IdParams,
        body: ReservationUpdateSchema,
        response: { 200: ReservationSchema, ...ERROR_RESPONSES, 422: ErrorSchema },
      },
    },
    async (request) => {
      const body = request.body;
      const id = await em(host, request).transactional(async (tx) => {
        const r = await load(request, tx, true);
        if (r.status !== 'pendiente' && r.status !== 'aprobada') throw refused(409, 'NOT_LIVE', M.notLive);
        const before = toReservation(r, true);
        const startsAt = body.startsAt ? new Date(body.startsAt) : new Date(r.startsAt);
        const endsAt = body.endsAt ? new Date(body.endsAt) : new Date(r.endsAt);
        const guests = body.guests !== undefined ? body.guests : (r.guests ?? null);
        if (body.startsAt || body.endsAt || body.guests !== undefined)
          await checkBooking(
            tx,
            await areaOf(tx, r),
            { startsAt, endsAt, guests },
            { unitId: r.unitId, office: true, excludeId: r.id },
          );
        r.startsAt = startsAt;
        r.endsAt = endsAt;
        r.guests = guests;
        if (body.notes !== undefined) r.notes = blank(body.notes);
        if (r.code) [r.codeValidFrom, r.codeValidUntil] = codeWindow(startsAt, endsAt);
        await tx.flush().catch(slotTaken);
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: r.id,
          action: 'update',
          changes: changesOf(before, toReservation(r, true)),
          description: `${r.areaName ?? ''} ${formatDateTime(startsAt)}`,
        });
        await changedLive(host, r, tx);
        return r.id;
      });
      return reload(request, id);
    },
  );

  app.post(
    `/${RESOURCE}/:id/approve`,
    {
      schema: {
        tags,
        summary: 'Approve a pending reservation that has not ended: its QR code (areas that allow it), its charges, the push',
        params: IdParams,
        response: { 200: ReservationSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const id = await em(host, request).transactional(async (tx) => {
        const r = await load(request, tx, true);
        await approve(host, request, tx, r, await areaOf(tx, r));
        return r.id;
      });
      return reload(request, id);
    },
  );

  app.post(
    `/${RESOURCE}/approve-many`,
    {
      schema: {
        tags,
        summary:
          'Approve several (reservasxaprobar): each in its own transaction; those that ended, are no longer pending or are refused are skipped with the reason',
        body: BulkApproveSchema,
        response: { 200: BulkApproveResultSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const approved: string[] = [];
      const skipped: { id: string; reason: string }[] = [];
      for (const id of request.body.ids) {
        try {
          await em(host, request)
            .fork()
            .transactional(async (tx) => {
              const r = await lockedReservation(tx, host.context(request).complexId, { id });
              if (!r) throw notFound();
              await approve(host, request, tx, r, await areaOf(tx, r));
            });
          approved.push(id);
        } catch (error) {
          skipped.push({ id, reason: error instanceof Error && 'statusCode' in error ? error.message : M.approveFailed });
        }
      }
      return { approved, skipped };
    },
  );

  const ending = (status: 'rechazada' | 'cancelada') => async (request: FastifyRequest) => {
    const { reason } = (request.body ?? {}) as { reason?: string | null };
    const id = await em(host, request).transactional(async (tx) => {
      const r = await load(request, tx, true);
      // A resident cancels before the start; the office may end it at any time.
      if (status === 'cancelada' && !isOffice(host, request) && new Date(r.startsAt).getTime() <= Date.now())
        throw refused(409, 'STARTED', M.started);
      await end(host, request, tx, r, (await areaOf(tx, r)).name, status, blank(reason));
      return r.id;
    });
    return reload(request, id);
  };

  app.post(
    `/${RESOURCE}/:id/reject`,
    {
      schema: {
        tags,
        summary: 'Reject (the spec: delete) a live reservation: its code goes, its unpaid charges are withdrawn, the push',
        params: IdParams,
        body: ReasonSchema,
        response: { 200: ReservationSchema, ...ERROR_RESPONSES },
      },
    },
    ending('rechazada'),
  );

  app.post(
    `/${RESOURCE}/:id/cancel`,
    {
      schema: {
        tags,
        summary: 'Cancel a live reservation (a resident: before it starts): its code goes, its unpaid charges are withdrawn',
        params: IdParams,
        body: ReasonSchema,
        response: { 200: ReservationSchema, ...ERROR_RESPONSES },
      },
    },
    ending('cancelada'),
  );

  app.post(
    `/${RESOURCE}/validate`,
    {
      schema: {
        tags,
        summary:
          "Validate a reservation's 8-digit code at the gate (a guard, the office, a reader through the API): valid from the start to the end. Recorded on the guard's timeline where the gate is on",
        body: ValidateCodeSchema,
        response: { 200: ValidationResultSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { complexId } = host.context(request);
      return em(host, request).transactional(async (tx) => {
        const r = await lockedReservation(tx, complexId, { code: request.body.code, status: 'aprobada' });
        if (!r) return { valid: false, message: M.codeUnknown, reservation: null };
        const now = Date.now();
        const valid =
          !!r.codeValidFrom &&
          !!r.codeValidUntil &&
          new Date(r.codeValidFrom).getTime() <= now &&
          now < new Date(r.codeValidUntil).getTime();
        if (valid) r.lastValidatedAt = new Date();
        await tx.flush();
        const areaName = r.areaName ?? '';
        const payload: ReservationCodeValidated = {
          reservationId: r.id,
          areaName,
          unitNumber: r.unitNumber ?? null,
          residentName: r.userName ?? null,
          accepted: valid,
          reason: valid ? null : M.codeOutside,
          validatedAt: new Date(now).toISOString(),
        };
        await host.emit(request, tx, RESERVATION_EVENTS.codeValidated, payload as unknown as Record<string, unknown>);
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: r.id,
          action: 'validate',
          changes: { accepted: valid },
          description: `${areaName} ${formatDateTime(r.startsAt)}`,
        });
        return {
          valid,
          message: valid ? `Código válido: ${areaName}, U.H. ${r.unitNumber ?? '—'}.` : M.codeOutside,
          reservation: {
            id: r.id,
            areaName,
            unitNumber: r.unitNumber ?? null,
            userName: r.userName ?? null,
            startsAt: new Date(r.startsAt).toISOString(),
            endsAt: new Date(r.endsAt).toISOString(),
            guests: r.guests ?? null,
          },
        };
      });
    },
  );
}
