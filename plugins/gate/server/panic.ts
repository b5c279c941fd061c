// /api/complexes/:complexId/panic-alerts (spec 002 §3 Panic alert, §4, §8): a resident raises one (their data as
// they are now, an optional detail); every guard of the complex gets it live (the 'gate.panic.raised' event, at the
// commit, on every server process) and as an urgent push; a guard or the office closes it with an observation
// (Estado 1 -> 0) or deletes it. A resident pressing again while their alert is open and under a minute old gets
// that alert back: one emergency, one alert.
import {
  ApiError,
  blank,
  ERROR_RESPONSES,
  ErrorSchema,
  fieldsOf,
  formatDateTime,
  type HostServices,
  IdParams,
  isoOrNull,
  notFound,
  type PluginApp,
} from '@conjunto/core';
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { GATE_MESSAGES, GATE_TOPICS, PANIC_REPEAT_SECONDS, PANIC_STATUS } from '../gate.ts';
import { type PanicAlertItem, PanicAlertSchema, PanicCloseSchema, PanicRaiseSchema } from '../schemas.ts';
import { badFilter, em, tags } from './common.ts';
import { PanicAlert } from './panic.entity.ts';
import { deleteRecorded, recordTimeline } from './timeline.ts';

const RESOURCE = 'panic-alerts';
const STAFF = ['administrador', 'superAdministrador', 'supervisor'];

export const toPanicAlert = (a: PanicAlert): PanicAlertItem => ({
  id: a.id,
  residentId: a.residentId ?? null,
  residentName: a.residentName,
  residentPhone: a.residentPhone ?? null,
  unitId: a.unitId ?? null,
  unitNumber: a.unitNumber ?? null,
  detail: a.detail ?? null,
  status: a.status === PANIC_STATUS.open ? 1 : 0,
  observation: a.observation ?? null,
  raisedAt: isoOrNull(a.raisedAt) ?? '',
  closedAt: isoOrNull(a.closedAt),
  closedByName: a.closedByName ?? null,
});

export function panicRoutes(app: PluginApp, host: HostServices) {
  /** Guards and the office see every alert of the complex; a resident their own. */
  const isStaff = (request: FastifyRequest) => host.context(request).roles.some((r) => STAFF.includes(r));
  const load = async (request: FastifyRequest) => {
    const alert = await host.findOr404<PanicAlert>(request, PanicAlert, (request.params as { id: string }).id);
    if (!isStaff(request) && alert.residentId !== host.context(request).userId) throw notFound();
    return alert;
  };
  const reread = async (request: FastifyRequest, id: string) =>
    toPanicAlert((await em(host, request).fork().findOneOrFail(PanicAlert, { id })) as PanicAlert);

  host.listRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'Panic alerts, newest first (a resident: their own); filters: status (1 open, 0 closed), raisedAt_gte/_lte',
    entity: PanicAlert,
    filters: {
      status: (value) => {
        if (value !== 0 && value !== 1 && value !== '0' && value !== '1') throw badFilter('status');
        return { status: Number(value) };
      },
      raisedAt: 'dateRange',
    },
    search: ['residentName', 'unitNumber', 'detail'],
    sortable: ['raisedAt', 'residentName', 'unitNumber', 'status'],
    defaultSort: { field: 'raisedAt', order: 'DESC' },
    where: (request) => (isStaff(request) ? {} : { residentId: host.context(request).userId }),
    item: PanicAlertSchema,
    exportColumns: {
      raisedAt: { header: 'Fecha', value: (a: PanicAlertItem) => formatDateTime(a.raisedAt) },
      residentName: 'Residente',
      unitNumber: 'U.H.',
      residentPhone: 'Teléfono',
      detail: 'Detalle',
      status: { header: 'Estado', value: (a: PanicAlertItem) => (a.status === 1 ? 'Activa' : 'Cerrada') },
      observation: 'Observación',
      closedByName: 'Cerrada por',
    },
    toItem: (row: PanicAlert) => toPanicAlert(row),
  });

  app.get(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, response: { 200: PanicAlertSchema, 404: ErrorSchema } } },
    async (request) => ({ ...toPanicAlert(await load(request)), complexName: (await host.directory(request).complex()).name }),
  );

  app.post(
    `/${RESOURCE}`,
    {
      // An emergency is never locked out: a locked property's resident still raises one (the lock is about debts).
      config: { idempotent: true, payments: true },
      schema: {
        tags,
        summary:
          'Raise a panic alert as the signed-in resident (201); pressed again within a minute while it is open, that alert (200). Every guard of the complex gets it live and as an urgent push',
        body: PanicRaiseSchema,
        response: { 200: PanicAlertSchema, 201: PanicAlertSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const body = fieldsOf(PanicRaiseSchema, request.body as object) as Static<typeof PanicRaiseSchema>;
      const { complexId, userId } = host.context(request);
      const directory = host.directory(request);
      const me = await directory.person(userId);
      if (!me) throw notFound();
      const unit = me.unitId ? await directory.unit(me.unitId) : undefined;
      const guards = (await directory.staff('supervisor')).filter((g) => g.isActive).map((g) => g.id);
      const { id, created } = await em(host, request).transactional(async (tx) => {
        // One alert per emergency: presses at once take turns (the resident's advisory lock), and any but the first
        // finds the open alert of the last minute.
        await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`panic:${complexId}:${userId}`]);
        const [recent] = await tx.execute<{ id: string }[]>(
          `select id from panic_alerts where complex_id = ? and resident_id = ? and status = 1
              and raised_at > now() - make_interval(secs => ?) order by raised_at desc limit 1`,
          [complexId, userId, PANIC_REPEAT_SECONDS],
        );
        if (recent) return { id: recent.id, created: false };
        const alert = tx.create(PanicAlert, {
          complexId,
          residentId: userId,
          residentName: me.name,
          residentPhone: me.phone ?? null,
          unitId: unit?.id ?? null,
          unitNumber: unit?.number ?? null,
          detail: blank(body.detail),
          status: PANIC_STATUS.open,
        } as never);
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: alert.id,
          action: 'create',
          changes: { detail: alert.detail, unitNumber: alert.unitNumber },
          description: me.name,
        });
        await tx.flush();
        await host.publish(complexId, GATE_TOPICS.panicRaised, { id: alert.id }, tx);
        await recordTimeline(host, complexId, tx, {
          kind: 'panico',
          subject: me.name,
          detail: alert.detail ?? null,
          unitNumber: alert.unitNumber ?? null,
          refId: alert.id,
        });
        if (guards.length)
          await host.push.queue(tx, {
            userIds: guards,
            title: GATE_MESSAGES.panicSnackbar,
            body: [`${GATE_MESSAGES.panicDialog}: ${me.name}`, alert.unitNumber, alert.detail].filter(Boolean).join(' · '),
            url: '/#/guardia/alerta',
            data: { alertId: alert.id },
            complexId,
            category: 'gate.panic',
            urgent: true,
          });
        return { id: alert.id, created: true };
      });
      return reply.status(created ? 201 : 200).send(await reread(request, id));
    },
  );

  app.post(
    `/${RESOURCE}/:id/close`,
    {
      config: { access: 'close' },
      schema: {
        tags,
        summary: 'Close an open alert with an observation (Estado 1 -> 0); 409 when it is already closed',
        params: IdParams,
        body: PanicCloseSchema,
        response: { 200: PanicAlertSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const alert = await load(request);
      const observation = blank(request.body.observation);
      if (!observation)
        throw new ApiError(400, 'VALIDATION', GATE_MESSAGES.panicObservation, { observation: GATE_MESSAGES.panicObservation });
      const { complexId, userId } = host.context(request);
      await em(host, request).transactional(async (tx) => {
        // Only while open: of two guards closing at once, one does.
        const closed = await tx.nativeUpdate(
          PanicAlert,
          { id: alert.id, complexId, status: PANIC_STATUS.open },
          { status: PANIC_STATUS.closed, observation, closedAt: new Date(), closedBy: userId },
        );
        if (!closed) throw new ApiError(409, 'PANIC_CLOSED', GATE_MESSAGES.panicClosed);
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: alert.id,
          action: 'close',
          changes: { status: [1, 0], observation },
          description: alert.residentName,
        });
        await host.publish(complexId, GATE_TOPICS.panicClosed, { id: alert.id }, tx);
      });
      return reread(request, alert.id);
    },
  );

  app.delete(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, response: { 200: PanicAlertSchema, ...ERROR_RESPONSES } } },
    async (request) => {
      const alert = await load(request);
      const result = toPanicAlert(alert);
      await deleteRecorded(
        host,
        request,
        { resource: RESOURCE, recordId: alert.id, changes: result, description: alert.residentName },
        (tx) => tx.remove(alert),
      );
      return result;
    },
  );
}
