// The spec's qrcode/qr_area paths (002 §7), for clients that register a reservation's code themselves:
//   POST   /api/qrcode/qr_area/                     conjunto, code, direction 'in', date_from, date_until, area, reserva, user
//   PUT    /api/qrcode/qr_area/update_code/:hash/   date_from, date_until                (?conjunto=<complex>)
//   DELETE /api/qrcode/qr_area/delete_code/:hash/                                        (?conjunto=<complex>)
// `hash` is the reservation's Hash. The complex is the body's or the query's `conjunto` (the host admits on it).
import { ERROR_RESPONSES, formatDateTime, type HostServices, invalid, onUniqueViolation, type PluginApp } from '@conjunto/core';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { RESERVATION_MESSAGES as M, RESERVATION_TOPICS } from '../reservations.ts';
import { QrAreaCreateSchema, QrAreaQuery, QrAreaSchema, QrAreaUpdateSchema } from '../schemas.ts';
import { lockedReservation, slotTaken } from './booking.ts';
import { em, refused, tags } from './common.ts';
import type { Reservation } from './reservation.entity.ts';

/** Two clients registering one code at once: the unique index settles it. */
const codeClash = onUniqueViolation('reservations_complex_code_unique', () => refused(409, 'CODE_TAKEN', M.codeTaken, 'code'));

const HashParams = Type.Object({ hash: Type.String({ pattern: '^[a-z0-9]{15}$' }) });

const toQrArea = (r: Reservation) => ({
  code: r.code ?? null,
  hash: r.hash,
  reserva: r.id,
  area: r.areaId,
  date_from: r.codeValidFrom ? new Date(r.codeValidFrom).toISOString() : null,
  date_until: r.codeValidUntil ? new Date(r.codeValidUntil).toISOString() : null,
});

export function qrAreaRoutes(app: PluginApp, host: HostServices) {
  const window = (from: string, until: string) => {
    const [start, end] = [new Date(from), new Date(until)];
    if (!(end > start)) throw invalid('date_until', 'date_until debe ser posterior a date_from.');
    return [start, end] as const;
  };
  /** Writes the code's change, audited and announced, in one transaction. */
  const save = async (request: FastifyRequest, find: Record<string, unknown>, change: (r: Reservation) => void, action: string) =>
    em(host, request).transactional(async (tx) => {
      const r = await lockedReservation(tx, host.context(request).complexId, find);
      if (!r) throw refused(404, 'NOT_FOUND', 'No se encontró el registro.');
      const before = toQrArea(r);
      change(r);
      await tx.flush().catch(codeClash).catch(slotTaken);
      host.audit(request, tx, {
        resource: 'reservations',
        recordId: r.id,
        action,
        changes: { before, after: toQrArea(r) },
        description: `${r.areaName ?? ''} ${formatDateTime(r.startsAt)}`,
      });
      await host.publish(r.complexId, RESERVATION_TOPICS.changed, { id: r.id, status: r.status }, tx);
      return toQrArea(r);
    });

  app.post(
    '/qr_area/',
    {
      schema: {
        tags,
        summary: "The spec's qrcode/qr_area/: registers the 8-digit code of an approved reservation and its validity",
        body: QrAreaCreateSchema,
        response: { 201: QrAreaSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const [from, until] = window(body.date_from, body.date_until);
      const [area] = await em(host, request).execute<{ allow_qr: boolean }[]>(
        'select allow_qr from reservation_areas where id = ? and complex_id = ?',
        [body.area, host.context(request).complexId],
      );
      if (area && !area.allow_qr) throw refused(409, 'NO_QR', M.noCode, 'area');
      // A code another reservation holds is refused by the unique index as the change is written (codeClash).
      const result = await save(
        request,
        { id: body.reserva, areaId: body.area },
        (r) => {
          if (r.status !== 'aprobada') throw refused(409, 'NOT_APPROVED', M.notPending);
          r.code = body.code;
          r.codeValidFrom = from;
          r.codeValidUntil = until;
        },
        'code',
      );
      return reply.status(201).send(result);
    },
  );

  app.put(
    '/qr_area/update_code/:hash/',
    {
      schema: {
        tags,
        summary: "The spec's qrcode/qr_area/update_code/{hash}/: the code's new validity",
        params: HashParams,
        querystring: QrAreaQuery,
        body: QrAreaUpdateSchema,
        response: { 200: QrAreaSchema, ...ERROR_RESPONSES },
      },
    },
    (request) => {
      const [from, until] = window(request.body.date_from, request.body.date_until);
      return save(
        request,
        { hash: request.params.hash },
        (r) => {
          if (!r.code) throw refused(404, 'NOT_FOUND', 'No se encontró el registro.');
          r.codeValidFrom = from;
          r.codeValidUntil = until;
        },
        'code',
      );
    },
  );

  app.delete(
    '/qr_area/delete_code/:hash/',
    {
      schema: {
        tags,
        summary: "The spec's qrcode/qr_area/delete_code/{hash}/: the reservation keeps its state, without a code",
        params: HashParams,
        querystring: QrAreaQuery,
        response: { 200: QrAreaSchema, ...ERROR_RESPONSES },
      },
    },
    (request) =>
      save(
        request,
        { hash: request.params.hash },
        (r) => {
          r.code = null;
          r.codeValidFrom = null;
          r.codeValidUntil = null;
        },
        'code',
      ),
  );
}
