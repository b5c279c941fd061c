// /api/complexes/:complexId/mailings and /mailing-settings (switch CorreosProgramados; the host has checked tenancy,
// roles and the switch). A mailing's recurrence is a host schedule keyed by its id (host.schedules): set while it is
// active, removed when it is deactivated or deleted. The mail history is the host's outbox (GET /mail-outbox).
import {
  ApiError,
  changesOf,
  EMAIL,
  ERROR_RESPONSES,
  ErrorSchema,
  fieldsOf,
  formatDateTime,
  type HostServices,
  IdParams,
  invalid,
  isUuid,
  newId,
  type PluginApp,
  type ScheduleState,
} from '@conjunto/core';
import type { AccountingService } from '@conjunto/plugin-accounting/service';
import { LockMode } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import { type Audience, MAILING_MESSAGES, MAILINGS_MAX, MAILINGS_TOPIC, type MailingRecurrence } from '../manifest.ts';
import {
  MailingCreateSchema,
  type Mailing as MailingItem,
  MailingOptionsSchema,
  MailingSchema,
  MailingUpdateSchema,
  SendAnswerSchema,
  SettingsSchema,
  SettingsUpdateSchema,
} from '../schemas.ts';
import { Mailing, MailingSettingsRow } from './mailing.entity.ts';
import { SEND_JOB } from './send.ts';

const tags = ['mailings'];
const RESOURCE = 'mailings';

/** The host schedule's rule of a recurrence, repeating at the start's time (Guayaquil). */
export function ruleOf(recurrence: MailingRecurrence | string, startAt: string): string | null {
  const day = Number(startAt.slice(8, 10));
  const weekday = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][new Date(`${startAt.slice(0, 10)}T00:00:00Z`).getUTCDay()];
  switch (recurrence) {
    case 'daily':
      return 'FREQ=DAILY';
    case 'weekly':
      return `FREQ=WEEKLY;BYDAY=${weekday}`;
    case 'monthly':
      // The start's day, or the month's last day when the month is shorter (the 31st -> 30 April, 28 February).
      return day > 28 ? `FREQ=MONTHLY;BYMONTHDAY=${day},-1;BYSETPOS=1` : `FREQ=MONTHLY;BYMONTHDAY=${day}`;
    default:
      return null;
  }
}

const AUDIENCE_LABELS: Record<Audience, string> = {
  all: 'Todos los residentes',
  owners: 'Solo propietarios',
  tenants: 'Solo inquilinos',
  arrears: 'Unidades con deudas vencidas',
  units: 'Unidades elegidas',
};
const RECURRENCE_LABELS: Record<MailingRecurrence, string> = {
  once: 'Una vez',
  daily: 'Diario',
  weekly: 'Semanal',
  monthly: 'Mensual',
};
const STATUS_LABELS: Record<MailingItem['status'], string> = {
  active: 'Activo',
  inactive: 'Inactivo',
  finished: 'Finalizado',
  paused: 'Pausado',
};

const EXPORT = {
  subject: 'Asunto',
  audience: { header: 'Destinatarios', value: (m: MailingItem) => AUDIENCE_LABELS[m.audience] },
  recurrence: { header: 'Recurrencia', value: (m: MailingItem) => RECURRENCE_LABELS[m.recurrence] },
  startAt: { header: 'Inicio', value: (m: MailingItem) => m.startAt.replace('T', ' ') },
  status: { header: 'Estado', value: (m: MailingItem) => STATUS_LABELS[m.status] },
  nextRunAt: { header: 'Próximo envío', value: (m: MailingItem) => (m.nextRunAt ? formatDateTime(m.nextRunAt) : '') },
  lastRunAt: { header: 'Último envío', value: (m: MailingItem) => (m.lastRunAt ? formatDateTime(m.lastRunAt) : '') },
  lastRunCount: 'Correos del último envío',
};

type Row = Pick<
  Mailing,
  | 'id'
  | 'subject'
  | 'body'
  | 'audience'
  | 'unitIds'
  | 'recurrence'
  | 'startAt'
  | 'isActive'
  | 'lastRunAt'
  | 'lastRunCount'
  | 'createdAt'
  | 'updatedAt'
>;

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

function toItem(row: Row, state: ScheduleState | undefined, paused: boolean): MailingItem {
  const nextRunAt = row.isActive ? (state?.nextRunAt ?? null) : null;
  const status: MailingItem['status'] = !row.isActive ? 'inactive' : !nextRunAt ? 'finished' : paused ? 'paused' : 'active';
  return {
    id: row.id,
    subject: row.subject,
    body: row.body,
    audience: row.audience as Audience,
    unitIds: (typeof row.unitIds === 'string' ? JSON.parse(row.unitIds) : row.unitIds) ?? [],
    recurrence: row.recurrence as MailingRecurrence,
    startAt: row.startAt,
    isActive: Boolean(row.isActive),
    nextRunAt,
    lastRunAt: iso(row.lastRunAt),
    lastRunCount: row.lastRunCount ?? null,
    status,
    createdAt: iso(row.createdAt) as string,
    updatedAt: iso(row.updatedAt) as string,
  };
}

const settingsOf = (row: MailingSettingsRow | null, complexId: string) => ({
  id: complexId,
  senderName: row?.senderName ?? null,
  replyTo: row?.replyTo ?? null,
  defaultTime: row?.defaultTime ?? '08:00',
  paused: row?.paused ?? false,
  updatedAt: iso(row?.updatedAt),
});

export async function mailingRoutes(app: PluginApp, host: HostServices) {
  const em = (request: FastifyRequest) => host.em(request) as SqlEntityManager;
  const complexOf = (request: FastifyRequest) => host.context(request).complexId;
  const load = (request: FastifyRequest) => host.findOr404<Mailing>(request, Mailing, (request.params as { id: string }).id);
  const paused = async (request: FastifyRequest) =>
    (await em(request).findOne(MailingSettingsRow, { complexId: complexOf(request) }))?.paused ?? false;
  const items = async (request: FastifyRequest, rows: Row[]) => {
    const [states, isPaused] = await Promise.all([
      host.schedules.states(
        request,
        rows.map((r) => r.id),
      ),
      paused(request),
    ]);
    return rows.map((r) => toItem(r, states.get(r.id), isPaused));
  };
  const arrearsAvailable = async (request: FastifyRequest) =>
    (await host.service<AccountingService>(request, 'accounting')).available;

  /** The audience checked: chosen units exist in the complex; 'arrears' only while accounting answers. */
  async function checkAudience(request: FastifyRequest, audience: Audience, unitIds: readonly string[]): Promise<string[]> {
    if (audience === 'arrears' && !(await arrearsAvailable(request)))
      throw invalid('audience', MAILING_MESSAGES.arrearsUnavailable);
    if (audience !== 'units') return [];
    if (!unitIds.length) throw invalid('unitIds', MAILING_MESSAGES.unitsRequired);
    if (!unitIds.every(isUuid)) throw invalid('unitIds', MAILING_MESSAGES.unitUnknown);
    const found = await host.directory(request).units({ ids: unitIds, includeInactive: true });
    if (found.length !== unitIds.length) throw invalid('unitIds', MAILING_MESSAGES.unitUnknown);
    return [...unitIds];
  }

  /** Sets or removes the host schedule as the mailing now stands; 400 (nothing written) for a one-off in the past. */
  async function reschedule(request: FastifyRequest, tx: unknown, mailing: Mailing, checkFuture: boolean) {
    // Past 9999 the Guayaquil instant (+5 h) is no timestamp the database reads: a 400, not an unexpected 500.
    if (mailing.startAt.slice(0, 4) > '9998') throw invalid('startAt', MAILING_MESSAGES.startInvalid);
    if (!mailing.isActive) return host.schedules.remove(request, tx, mailing.id);
    const state = await host.schedules.set(request, tx, mailing.id, {
      job: SEND_JOB,
      start: mailing.startAt,
      rrule: ruleOf(mailing.recurrence, mailing.startAt),
      data: { mailingId: mailing.id },
    });
    if (checkFuture && !state.nextRunAt) throw invalid('startAt', MAILING_MESSAGES.startPast);
  }

  host.listRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'Scheduled e-mails of the complex. Filters: audience, recurrence, isActive; q (subject, body)',
    entity: Mailing,
    filters: { audience: 'exact', recurrence: 'exact', isActive: 'exact' },
    search: ['subject', 'body'],
    sortable: ['subject', 'startAt', 'recurrence', 'audience', 'lastRunAt', 'createdAt', 'updatedAt'],
    defaultSort: { field: 'createdAt', order: 'DESC' },
    item: MailingSchema,
    exportColumns: EXPORT,
    toItems: (request, rows: Row[]) => items(request, rows),
  });

  app.get(
    `/${RESOURCE}/options`,
    {
      config: { access: 'options' },
      schema: {
        tags,
        summary: "What the form offers: the overdue-debts audience (accounting on), the complex's default time, paused",
        response: { 200: MailingOptionsSchema },
      },
    },
    async (request) => {
      const settings = await em(request).findOne(MailingSettingsRow, { complexId: complexOf(request) });
      return {
        arrears: await arrearsAvailable(request),
        defaultTime: settings?.defaultTime ?? '08:00',
        paused: settings?.paused ?? false,
      };
    },
  );

  app.get(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, response: { 200: MailingSchema, 404: ErrorSchema } } },
    async (request) => (await items(request, [await load(request)]))[0],
  );

  const snapshot = (m: Mailing) => ({
    subject: m.subject,
    body: m.body,
    audience: m.audience,
    unitIds: m.unitIds,
    recurrence: m.recurrence,
    startAt: m.startAt,
    isActive: m.isActive,
  });
  const text = (value: string, field: string) => {
    const trimmed = value.trim();
    if (!trimmed) throw invalid(field, MAILING_MESSAGES.required);
    return trimmed;
  };

  app.post(
    `/${RESOURCE}`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Create a scheduled e-mail (once at startAt, or daily, weekly or monthly from it, Guayaquil time)',
        body: MailingCreateSchema,
        response: { 201: MailingSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const body = fieldsOf(MailingCreateSchema, request.body) as (typeof request)['body'];
      const complexId = complexOf(request);
      const subject = text(body.subject, 'subject');
      const mailBody = text(body.body, 'body');
      const unitIds = await checkAudience(request, body.audience, body.unitIds ?? []);
      const created = await em(request).transactional(async (tx) => {
        // The cap counted under a lock on the complex's settings row (40 parallel creates stop at the cap).
        await tx.execute(`insert into mailing_settings (id, complex_id) values (?, ?) on conflict (complex_id) do nothing`, [
          newId(),
          complexId,
        ]);
        await tx.execute('select 1 from mailing_settings where complex_id = ? for update', [complexId]);
        const [{ n }] = await tx.execute<{ n: number }[]>('select count(*)::int as n from mailings where complex_id = ?', [
          complexId,
        ]);
        if (n >= MAILINGS_MAX) throw new ApiError(409, 'LIMIT', MAILING_MESSAGES.tooMany);
        const mailing = tx.create(Mailing, {
          complexId,
          subject,
          body: mailBody,
          audience: body.audience,
          unitIds,
          recurrence: body.recurrence,
          startAt: body.startAt,
          isActive: body.isActive ?? true,
        } as never);
        await tx.flush();
        await reschedule(request, tx, mailing, true);
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: mailing.id,
          action: 'create',
          changes: snapshot(mailing),
          description: subject,
        });
        await host.publish(complexId, MAILINGS_TOPIC, { id: mailing.id, action: 'create' }, tx);
        return mailing;
      });
      return reply.status(201).send((await items(request, [created]))[0]);
    },
  );

  app.put(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, body: MailingUpdateSchema, response: { 200: MailingSchema, ...ERROR_RESPONSES } } },
    async (request) => {
      const body = fieldsOf(MailingUpdateSchema, request.body) as Partial<(typeof request)['body']>;
      const found = await load(request);
      const result = await em(request).transactional(async (tx) => {
        // Locked: two edits of one mailing set its schedule one after the other.
        const mailing = await tx.findOneOrFail(
          Mailing,
          { id: found.id, complexId: found.complexId },
          { lockMode: LockMode.PESSIMISTIC_WRITE },
        );
        const before = snapshot(mailing);
        if (body.subject !== undefined) mailing.subject = text(body.subject, 'subject');
        if (body.body !== undefined) mailing.body = text(body.body, 'body');
        if (body.audience !== undefined || body.unitIds !== undefined) {
          const audience = body.audience ?? (mailing.audience as Audience);
          mailing.unitIds = await checkAudience(request, audience, body.unitIds ?? (audience === 'units' ? mailing.unitIds : []));
          mailing.audience = audience;
        }
        if (body.recurrence !== undefined) mailing.recurrence = body.recurrence;
        if (body.startAt !== undefined) mailing.startAt = body.startAt;
        if (body.isActive !== undefined) mailing.isActive = body.isActive;
        const changes = changesOf(before, snapshot(mailing));
        const timing = body.recurrence !== undefined || body.startAt !== undefined || body.isActive !== undefined;
        // A one-off whose time passed is refused only when its timing is being changed (its text may still be edited).
        if (timing) await reschedule(request, tx, mailing, body.startAt !== undefined || body.isActive === true);
        await tx.flush();
        if (Object.keys(changes).length) {
          host.audit(request, tx, {
            resource: RESOURCE,
            recordId: mailing.id,
            action: 'update',
            changes,
            description: mailing.subject,
          });
          await host.publish(complexOf(request), MAILINGS_TOPIC, { id: mailing.id, action: 'update' }, tx);
        }
        return mailing;
      });
      return (await items(request, [result]))[0];
    },
  );

  app.delete(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, response: { 200: MailingSchema, ...ERROR_RESPONSES } } },
    async (request) => {
      const mailing = await load(request);
      const answer = (await items(request, [mailing]))[0];
      await em(request).transactional(async (tx) => {
        await host.schedules.remove(request, tx, mailing.id);
        await tx.execute('delete from mailings where id = ? and complex_id = ?', [mailing.id, mailing.complexId]);
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: mailing.id,
          action: 'delete',
          changes: snapshot(mailing),
          description: mailing.subject,
        });
        await host.publish(mailing.complexId, MAILINGS_TOPIC, { id: mailing.id, action: 'delete' }, tx);
      });
      return { ...answer, isActive: false, nextRunAt: null, status: 'inactive' as const };
    },
  );

  app.post(
    `/${RESOURCE}/:id/send`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          "'Enviar ahora': one e-mail per recipient now, as a background job with progress (GET /jobs/:id); a second click while it is queued or running answers the same job",
        params: IdParams,
        response: { 202: SendAnswerSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const mailing = await load(request);
      const jobId = await host.submitJob(
        request,
        SEND_JOB,
        { mailingId: mailing.id, runKey: `manual:${newId()}` },
        { singletonKey: `send:${mailing.id}` },
      );
      return reply.status(202).send({ jobId });
    },
  );

  // ---------------------------------------------------------------- settings (one row per complex)

  app.get(
    '/mailing-settings',
    { schema: { tags, summary: "The complex's scheduled e-mail settings", response: { 200: SettingsSchema } } },
    async (request) =>
      settingsOf(await em(request).findOne(MailingSettingsRow, { complexId: complexOf(request) }), complexOf(request)),
  );

  app.put(
    '/mailing-settings',
    {
      schema: {
        tags,
        summary: "Update the settings: sender's name, reply-to address, the form's default time, pause every schedule",
        body: SettingsUpdateSchema,
        response: { 200: SettingsSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const body = fieldsOf(SettingsUpdateSchema, request.body) as Partial<(typeof request)['body']>;
      const complexId = complexOf(request);
      const replyTo = body.replyTo === undefined ? undefined : body.replyTo?.trim() || null;
      if (replyTo && !EMAIL.test(replyTo)) throw invalid('replyTo', MAILING_MESSAGES.email);
      const row = await em(request).transactional(async (tx) => {
        await tx.execute(`insert into mailing_settings (id, complex_id) values (?, ?) on conflict (complex_id) do nothing`, [
          newId(),
          complexId,
        ]);
        const settings = await tx.findOneOrFail(MailingSettingsRow, { complexId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        const before = settingsOf(settings, complexId);
        if (body.senderName !== undefined) settings.senderName = body.senderName?.trim() || null;
        if (replyTo !== undefined) settings.replyTo = replyTo;
        if (body.defaultTime !== undefined) settings.defaultTime = body.defaultTime;
        if (body.paused !== undefined) settings.paused = body.paused;
        const { updatedAt: _a, ...was } = before;
        const { updatedAt: _b, ...now } = settingsOf(settings, complexId);
        const changes = changesOf(was, now);
        await tx.flush();
        if (Object.keys(changes).length)
          host.audit(request, tx, {
            resource: 'mailing-settings',
            recordId: settings.id,
            action: 'update',
            changes,
            description: 'Configuración de correos programados',
          });
        return settings;
      });
      return settingsOf(row, complexId);
    },
  );
}
