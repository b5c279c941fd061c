// /api/complexes/:complexId/gate-events: novedades, what a guard records during a shift, optionally e-mailed
// (through the host's outbox, in the same transaction) to the addresses given or the complex's administrators.
import {
  ApiError,
  blank,
  EMAIL,
  ERROR_RESPONSES,
  ErrorSchema,
  fieldsOf,
  formatDateTime,
  type HostServices,
  IdParams,
  invalid,
  isoOrNull,
  type PluginApp,
} from '@conjunto/core';
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { GATE_MESSAGES } from '../gate.ts';
import { GateEventCreateSchema, GateEventSchema } from '../schemas.ts';
import { checkedPost, em, tags } from './common.ts';
import { GateEvent } from './event.entity.ts';

const RESOURCE = 'gate-events';
type EventItem = Static<typeof GateEventSchema>;

export const toGateEvent = (e: GateEvent): EventItem => ({
  id: e.id,
  postId: e.postId ?? null,
  postName: e.postName ?? null,
  title: e.title,
  detail: e.detail ?? null,
  occurredAt: isoOrNull(e.occurredAt) ?? '',
  registeredByName: e.registeredByName ?? null,
  recipients: Array.isArray(e.recipients) ? e.recipients : [],
  emailed: Boolean(e.mailId),
});

export function gateEventRoutes(app: PluginApp, host: HostServices) {
  const load = (request: FastifyRequest) => host.findOr404<GateEvent>(request, GateEvent, (request.params as { id: string }).id);

  /** Who gets the e-mail: the addresses given (valid, without repeats), else the complex's administrators. */
  const recipientsOf = async (request: FastifyRequest, given: readonly string[] | undefined) => {
    const typed = [...new Set((given ?? []).map((e) => e.trim().toLowerCase()).filter(Boolean))];
    if (typed.some((e) => !EMAIL.test(e))) throw invalid('recipients', GATE_MESSAGES.recipients);
    if (typed.length) return typed;
    const admins = (await host.directory(request).staff('administrador')).map((a) => a.email.toLowerCase());
    if (!admins.length) throw invalid('recipients', GATE_MESSAGES.noRecipients);
    return admins;
  };

  host.listRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'Novedades, newest first; filters: occurredAt_gte/_lte, postId; q searches title and detail',
    entity: GateEvent,
    filters: { occurredAt: 'dateRange', postId: 'exact' },
    search: ['title', 'detail'],
    sortable: ['occurredAt', 'title', 'postName'],
    defaultSort: { field: 'occurredAt', order: 'DESC' },
    item: GateEventSchema,
    exportColumns: {
      occurredAt: { header: 'Fecha', value: (e: EventItem) => formatDateTime(e.occurredAt) },
      postName: 'Garita',
      title: 'Novedad',
      detail: 'Detalle',
      registeredByName: 'Registrada por',
      emailed: { header: 'Correo enviado', value: (e: EventItem) => (e.emailed ? 'Sí' : 'No') },
    },
    toItem: (row: GateEvent) => toGateEvent(row),
  });

  app.get(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, response: { 200: GateEventSchema, 404: ErrorSchema } } },
    async (request) => toGateEvent(await load(request)),
  );

  app.post(
    `/${RESOURCE}`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          "Record a novedad; with sendEmail (switch EmailNovedades; by default with CorreoNovedadesDefault) it is e-mailed (outbox) to `recipients` or, none given, the complex's administrators",
        body: GateEventCreateSchema,
        response: { 201: GateEventSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const body = fieldsOf(GateEventCreateSchema, request.body) as Static<typeof GateEventCreateSchema>;
      const { complexId, userId, userName } = host.context(request);
      const postId = await checkedPost(host, request, body.postId);
      // EmailNovedades allows e-mailing novedades; CorreoNovedadesDefault e-mails each one unless the guard says not to.
      const emailOn = host.switchOn(request, 'EmailNovedades');
      const send = body.sendEmail ?? (emailOn && host.switchOn(request, 'CorreoNovedadesDefault'));
      if (send && !emailOn) throw new ApiError(409, 'EMAIL_OFF', GATE_MESSAGES.emailOff, { sendEmail: GATE_MESSAGES.emailOff });
      const recipients = send ? await recipientsOf(request, body.recipients) : [];
      const occurredAt = body.occurredAt ? new Date(body.occurredAt) : new Date();
      if (Number.isNaN(occurredAt.getTime())) throw invalid('occurredAt', GATE_MESSAGES.occurredAt);
      const complex = recipients.length ? await host.directory(request).complex() : null;
      const id = await em(host, request).transactional(async (tx) => {
        const event = tx.create(GateEvent, {
          complexId,
          postId,
          title: body.title.trim(),
          detail: blank(body.detail),
          occurredAt,
          registeredBy: userId,
          recipients,
        } as never);
        if (complex) {
          const when = formatDateTime(occurredAt.toISOString());
          event.mailId = await host.queueMail(request, tx, {
            to: recipients,
            subject: `Novedad en ${complex.name}: ${event.title}`,
            text: [`Novedad registrada por ${userName} el ${when}.`, '', event.title, event.detail ?? ''].join('\n').trim(),
            category: 'gate.novedad',
          });
        }
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: event.id,
          action: 'create',
          changes: { title: event.title, detail: event.detail, postId, occurredAt: occurredAt.toISOString(), recipients },
          description: event.title,
        });
        return event.id;
      });
      const fresh = await em(host, request).fork().findOne(GateEvent, { id, complexId });
      return reply.status(201).send(toGateEvent(fresh as GateEvent));
    },
  );

  app.delete(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, response: { 200: GateEventSchema, ...ERROR_RESPONSES } } },
    async (request) => {
      const event = await load(request);
      const result = toGateEvent(event);
      em(host, request).remove(event);
      host.audit(request, em(host, request), {
        resource: RESOURCE,
        recordId: event.id,
        action: 'delete',
        changes: result,
        description: event.title,
      });
      await em(host, request).flush();
      return result;
    },
  );
}
