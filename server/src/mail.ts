// The e-mail outbox, a platform service: plugins queue mails inside their own transaction (a rollback drops
// them); a sender delivers them by SMTP when SMTP_URL is set. Without SMTP they are stored as 'local' and stay
// readable through GET /api/complexes/:id/mail-outbox (demo, tests), and are never sent later.
import {
  ApiError,
  contentDisposition,
  ERROR_RESPONSES,
  ErrorSchema,
  FileResponse,
  type HostServices,
  IdParams,
  isUuid,
  type MailMessage,
  MESSAGES,
  Nullable,
  newId,
  notFound,
  type PluginApp,
} from '@conjunto/core';
import { defineEntity, p } from '@mikro-orm/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { Type } from 'typebox';
import type { Orm } from './db.ts';
import { iso } from './directory/serialize.ts';

export const MailOutboxSchema = defineEntity({
  name: 'MailOutbox',
  tableName: 'mail_outbox',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    complexId: p.uuid().nullable(),
    category: p.string().length(50).nullable(),
    toAddresses: p.json<string[]>(),
    ccAddresses: p.json<string[]>().defaultRaw("'[]'::jsonb"),
    subject: p.string().length(250),
    text: p.text(),
    html: p.text().nullable().lazy(),
    status: p.string().length(10),
    attempts: p.integer().default(0),
    lastError: p.string().length(500).nullable(),
    nextAttemptAt: p.datetime().defaultRaw('now()'),
    createdBy: p.uuid().nullable(),
    createdByName: p.string().length(201).nullable(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    sentAt: p.datetime().nullable(),
    attachmentCount: p
      .formula<number>((cols) => `(select count(*)::int from mail_attachments a where a.mail_id = ${cols.id})`)
      .type('integer'),
  },
});
export class MailOutbox extends MailOutboxSchema.class {}
MailOutboxSchema.setClass(MailOutbox);

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;
const MAX_RECIPIENTS = 50;
const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
const MAX_ATTEMPTS = 5;
const BATCH = 20;

export interface MailActor {
  complexId: string | null;
  userId: string | null;
  userName: string | null;
}

export interface MailService {
  /** Whether mails are delivered (SMTP_URL set) or kept in the local outbox. */
  readonly smtp: boolean;
  queue(em: EntityManager, actor: MailActor, message: MailMessage): Promise<string>;
  /** Queues several mails with one insert (a bulk import's invitations); answers their ids in order. */
  queueMany(em: EntityManager, actor: MailActor, messages: readonly MailMessage[]): Promise<string[]>;
  /** Sends one batch of due mails; answers what happened (the timer calls it, tests too). */
  deliverPending(): Promise<{ sent: number; failed: number }>;
  start(): void;
  stop(): Promise<void>;
}

/** The address of MAIL_FROM ('Conjunto <no-reply@x>' or 'no-reply@x'). */
const fromAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/** Trimmed, de-duplicated addresses; 400 naming the field when one is not an address. */
function addresses(list: readonly string[] | undefined, field: string): string[] {
  const out = [...new Set((list ?? []).map((a) => a.trim()).filter(Boolean))];
  for (const a of out)
    if (a.length > 254 || !EMAIL.test(a))
      throw new ApiError(400, 'VALIDATION', MESSAGES.invalidInput, { [field]: MESSAGES.email });
  return out;
}

export function createMailService(
  options: { smtpUrl?: string; mailFrom: string },
  orm: Orm,
  log: FastifyBaseLogger,
): MailService {
  // Whether mail goes out by SMTP is known at once; nodemailer itself is loaded on the first delivery (memory).
  const smtpUrl = options.smtpUrl;
  let smtp: Transporter | undefined;
  let timer: NodeJS.Timeout | undefined;
  let kick: NodeJS.Timeout | undefined;
  let running: Promise<{ sent: number; failed: number }> | undefined;

  async function deliver(): Promise<{ sent: number; failed: number }> {
    if (!smtpUrl) return { sent: 0, failed: 0 };
    const em = orm.em.fork();
    // Claim a batch with a lease (no transaction stays open while talking to the SMTP server: PGlite has one
    // connection); a crashed sender's claims come back when the lease ends.
    const claimed = await em.execute(
      `update mail_outbox set attempts = attempts + 1, next_attempt_at = now() + interval '10 minutes'
        where id in (select id from mail_outbox where status = 'pending' and next_attempt_at <= now()
                      order by created_at limit ${BATCH} for update skip locked)
        returning id, to_addresses, cc_addresses, subject, text, html, attempts, from_name, reply_to`,
    );
    let sent = 0;
    let failed = 0;
    // The batch's attachments in one query.
    type Attachment = { mail_id: string; filename: string; content_type: string; content: Uint8Array };
    const attachments = claimed.length
      ? Map.groupBy(
          await em.execute<Attachment[]>(
            `select mail_id, filename, content_type, content from mail_attachments
              where mail_id in (${claimed.map(() => '?').join(', ')}) order by mail_id, position`,
            claimed.map((m) => m.id),
          ),
          (a) => a.mail_id,
        )
      : new Map<string, Attachment[]>();
    for (const mail of claimed) {
      const files = attachments.get(mail.id) ?? [];
      try {
        smtp ??= (await import('nodemailer')).createTransport(smtpUrl);
        await smtp.sendMail({
          // A display name of the sender's own; the address stays the platform's (SPF/DKIM).
          from: mail.from_name ? { name: mail.from_name, address: fromAddress(options.mailFrom) } : options.mailFrom,
          replyTo: mail.reply_to ?? undefined,
          to: mail.to_addresses,
          cc: mail.cc_addresses?.length ? mail.cc_addresses : undefined,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
          attachments: files.map((f) => ({ filename: f.filename, contentType: f.content_type, content: Buffer.from(f.content) })),
        });
        await em.execute("update mail_outbox set status = 'sent', sent_at = now(), last_error = null where id = ?", [mail.id]);
        sent++;
      } catch (error) {
        const giveUp = Number(mail.attempts) >= MAX_ATTEMPTS;
        const message = String((error as Error)?.message ?? error).slice(0, 500);
        log.warn({ mailId: mail.id, err: message }, 'mail not delivered');
        // Retries back off: 1, 4, 9, 16 minutes.
        await em.execute(
          `update mail_outbox set status = ?, last_error = ?, next_attempt_at = now() + (? * interval '1 minute') where id = ?`,
          [giveUp ? 'failed' : 'pending', message, Number(mail.attempts) ** 2, mail.id],
        );
        failed++;
      }
    }
    return { sent, failed };
  }

  const service: MailService = {
    smtp: Boolean(smtpUrl),
    async queue(em, actor, message) {
      const [id] = await service.queueMany(em, actor, [message]);
      return id;
    },
    async queueMany(em, actor, messages) {
      if (!messages.length) return [];
      // Every message checked before anything is written.
      const rows = messages.map((message) => {
        const to = addresses(message.to, 'to');
        const cc = addresses(message.cc, 'cc').filter((a) => !to.includes(a));
        if (!to.length) throw new ApiError(400, 'VALIDATION', MESSAGES.invalidInput, { to: MESSAGES.required });
        if (to.length + cc.length > MAX_RECIPIENTS)
          throw new ApiError(400, 'VALIDATION', MESSAGES.invalidInput, { to: `Máximo ${MAX_RECIPIENTS} destinatarios.` });
        const files = message.attachments ?? [];
        const replyTo = message.replyTo ? addresses([message.replyTo], 'replyTo')[0] : null;
        if (files.reduce((sum, f) => sum + f.content.byteLength, 0) > MAX_ATTACHMENT_BYTES)
          throw new ApiError(413, 'TOO_LARGE', 'Los adjuntos son demasiado grandes.');
        return { id: newId(), message, to, cc, files, replyTo };
      });
      await em.execute(
        `insert into mail_outbox (id, complex_id, category, to_addresses, cc_addresses, subject, text, html, status, created_by, created_by_name, from_name, reply_to)
         values ${rows.map(() => '(?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
        rows.flatMap(({ id, message, to, cc, replyTo }) => [
          id,
          actor.complexId,
          message.category?.slice(0, 50) ?? null,
          JSON.stringify(to),
          JSON.stringify(cc),
          message.subject.replace(/[\r\n]+/g, ' ').slice(0, 250),
          message.text,
          message.html ?? null,
          smtpUrl ? 'pending' : 'local',
          actor.userId,
          actor.userName,
          // No line breaks or quotes in a header's display name.
          message.fromName
            ?.replace(/[\r\n"<>]+/g, ' ')
            .trim()
            .slice(0, 100) || null,
          replyTo,
        ]),
      );
      const files = rows.flatMap(({ id, files }) => files.map((f, position) => ({ id, f, position })));
      if (files.length) {
        await em.execute(
          `insert into mail_attachments (id, mail_id, position, filename, content_type, size, content)
           values ${files.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
          files.flatMap(({ id, f, position }) => [
            newId(),
            id,
            position,
            f.filename.slice(0, 200),
            f.contentType.slice(0, 100),
            f.content.byteLength,
            Buffer.from(f.content.buffer, f.content.byteOffset, f.content.byteLength),
          ]),
        );
      }
      // Soon after the caller's transaction commits (the timer would find it anyway).
      if (smtpUrl && !kick) {
        kick = setTimeout(() => {
          kick = undefined;
          void service.deliverPending().catch(() => undefined);
        }, 1000);
        kick.unref();
      }
      return rows.map((r) => r.id);
    },
    deliverPending() {
      // One batch at a time.
      running ??= deliver().finally(() => {
        running = undefined;
      });
      return running;
    },
    start() {
      if (!smtpUrl || timer) return;
      timer = setInterval(() => void service.deliverPending().catch((err) => log.error({ err }, 'mail sender')), 30_000);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      clearTimeout(kick);
      timer = kick = undefined;
      await running?.catch(() => undefined);
      smtp?.close();
    },
  };
  return service;
}

// ---------------------------------------------------------------- the outbox API (read-only)

const MailSchema = Type.Object({
  id: Type.String(),
  category: Nullable(Type.String()),
  to: Type.Array(Type.String()),
  cc: Type.Array(Type.String()),
  subject: Type.String(),
  text: Type.String(),
  status: Type.String(),
  attempts: Type.Integer(),
  lastError: Nullable(Type.String()),
  createdByName: Nullable(Type.String()),
  createdAt: Type.String(),
  sentAt: Nullable(Type.String()),
  attachmentCount: Type.Integer(),
});
const MailDetailSchema = Type.Object({
  ...MailSchema.properties,
  html: Nullable(Type.String()),
  attachments: Type.Array(
    Type.Object({ id: Type.String(), filename: Type.String(), contentType: Type.String(), size: Type.Integer() }),
  ),
});

const toMail = (m: MailOutbox) => ({
  id: m.id,
  category: m.category ?? null,
  to: m.toAddresses,
  cc: m.ccAddresses ?? [],
  subject: m.subject,
  text: m.text,
  status: m.status,
  attempts: m.attempts,
  lastError: m.lastError ?? null,
  createdByName: m.createdByName ?? null,
  createdAt: iso(m.createdAt)!,
  sentAt: iso(m.sentAt),
  attachmentCount: Number(m.attachmentCount ?? 0),
});

const ADMIN = ['administrador', 'superAdministrador'] as const;

/** /api/complexes/:complexId/mail-outbox: what the complex sent (or keeps locally), for administrators. */
export function mailRoutes(app: PluginApp, host: HostServices) {
  const tags = ['mail'];
  host.listRoute(app, {
    resource: 'mail-outbox',
    roles: ADMIN,
    tags,
    summary: 'E-mails of the complex; filters: status, category, to (one address), createdAt_gte/_lte, q (subject)',
    entity: MailOutbox,
    filters: {
      status: 'exact',
      category: 'exact',
      createdAt: 'dateRange',
      // One recipient, without case.
      to: (value) => ({
        $sql: {
          text: 'exists (select 1 from jsonb_array_elements_text(t.to_addresses) a where lower(a) = ?)',
          params: [String(value).trim().toLowerCase().slice(0, 254)],
        },
      }),
    },
    search: ['subject'],
    sortable: ['createdAt', 'status', 'subject', 'sentAt'],
    defaultSort: { field: 'createdAt', order: 'DESC' },
    item: MailSchema,
    exportColumns: {
      createdAt: 'Fecha',
      to: 'Para',
      subject: 'Asunto',
      attachmentCount: 'Adjuntos',
      createdByName: 'Enviado por',
      status: 'Estado',
      attempts: 'Intentos',
      lastError: 'Error',
      sentAt: 'Enviado',
    },
    toItem: (row: MailOutbox) => toMail(row),
  });
  app.get(
    '/mail-outbox/:id',
    { config: { roles: ADMIN }, schema: { tags, params: IdParams, response: { 200: MailDetailSchema, 404: ErrorSchema } } },
    async (request) => {
      const mail = await host.findOr404<MailOutbox>(request, MailOutbox, request.params.id);
      const [row] = await request.em.execute('select html from mail_outbox where id = ?', [mail.id]);
      const attachments = await request.em.execute(
        'select id, filename, content_type, size from mail_attachments where mail_id = ? order by position',
        [mail.id],
      );
      return {
        ...toMail(mail),
        html: row?.html ?? null,
        attachments: attachments.map((a) => ({
          id: a.id,
          filename: a.filename,
          contentType: a.content_type,
          size: Number(a.size),
        })),
      };
    },
  );
  app.get(
    '/mail-outbox/:id/attachments/:attachmentId',
    {
      config: { roles: ADMIN },
      schema: {
        tags,
        summary: 'An attachment as it was sent',
        params: Type.Object({ id: Type.String(), attachmentId: Type.String() }),
        response: { 200: FileResponse, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { id, attachmentId } = request.params;
      const mail = await host.findOr404<MailOutbox>(request, MailOutbox, id);
      const [file] = isUuid(attachmentId)
        ? await request.em.execute('select filename, content_type, content from mail_attachments where id = ? and mail_id = ?', [
            attachmentId,
            mail.id,
          ])
        : [];
      if (!file) throw notFound();
      return reply
        .type(file.content_type)
        .header('Content-Disposition', contentDisposition(file.filename))
        .send(Buffer.from(file.content));
    },
  );
}
