// /api/complexes/:complexId/faq (the platform's published FAQ, for every back-office role) and /supports (switch
// Supports): the office files its complex's requests to platform staff, follows their thread and writes back. The
// host has checked tenancy, the switch and the roles (manifest access table); another complex's request is 404.
import {
  ApiError,
  ERROR_RESPONSES,
  ErrorSchema,
  fieldsOf,
  type HostServices,
  IdParams,
  notFound,
  type PluginApp,
} from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import { ATTACHMENT_BYTES_MAX, DETAIL_MAX, REPLY_MAX, SUBJECT_MAX, SUPPORT_MESSAGES, SUPPORT_TOPIC } from '../manifest.ts';
import {
  AttachmentUrlSchema,
  FaqSchema,
  ReplyCreateSchema,
  SupportCreateSchema,
  SupportDetailSchema,
  SupportSchema,
} from '../schemas.ts';
import {
  describe,
  FAQ,
  FAQ_EXPORT,
  newRequestMail,
  requiredText,
  SUPPORT_EXPORT,
  SUPPORTS,
  tags,
  toFaq,
  toReply,
  toSupport,
} from './shared.ts';
import { FaqEntry, SupportReply, SupportRequest } from './support.entity.ts';

const closedError = () => new ApiError(409, 'SUPPORT_CLOSED', SUPPORT_MESSAGES.closed, { message: SUPPORT_MESSAGES.closed });

export async function supportRoutes(app: PluginApp, host: HostServices) {
  const em = (request: FastifyRequest) => host.em(request) as SqlEntityManager;
  /** A change to a request, live to its complex (ids only): the office's other tabs and colleagues refresh. */
  const live = (found: { id: string; complexId: string }, tx: unknown) =>
    host.publish(found.complexId, SUPPORT_TOPIC, { id: found.id }, tx);
  const load = (request: FastifyRequest) =>
    host.findOr404<SupportRequest>(request, SupportRequest, (request.params as { id: string }).id);
  const detail = async (request: FastifyRequest, id: string) => {
    const fresh = em(request).fork();
    const found = await fresh.findOne(SupportRequest, { id, complexId: host.context(request).complexId });
    if (!found) throw notFound();
    const replies = await fresh.find(
      SupportReply,
      { supportId: id, complexId: found.complexId },
      { orderBy: { createdAt: 'ASC', id: 'ASC' } },
    );
    return { ...toSupport(found), replies: replies.map(toReply) };
  };

  // ------------------------------------------------------------------------------------------------ FAQ (read)
  host.listRoute(app, {
    resource: FAQ,
    tags,
    summary: "The platform's published FAQ (the same for every complex); q searches category, question and answer",
    entity: FaqEntry,
    tenant: false,
    where: () => ({ published: true }),
    filters: { category: 'exact' },
    search: ['category', 'question', 'answer'],
    sortable: ['category', 'sortOrder', 'question'],
    defaultSort: { field: 'sortOrder', order: 'ASC' },
    item: FaqSchema,
    exportColumns: FAQ_EXPORT,
    toItem: (row: FaqEntry) => toFaq(row),
  });

  // ------------------------------------------------------------------------------------------------ requests
  host.listRoute(app, {
    resource: SUPPORTS,
    tags,
    summary: "The complex's support requests to platform staff; filters state and category, q over subject and detail",
    entity: SupportRequest,
    filters: { state: 'exact', category: 'exact', createdAt: 'dateRange' },
    search: ['subject', 'detail', 'requesterName'],
    sortable: ['createdAt', 'updatedAt', 'state', 'category', 'subject', 'lastReplyAt'],
    defaultSort: { field: 'createdAt', order: 'DESC' },
    item: SupportSchema,
    exportColumns: SUPPORT_EXPORT,
    toItem: (row: SupportRequest) => toSupport(row),
  });

  app.get(
    `/${SUPPORTS}/:id`,
    {
      schema: {
        tags,
        summary: 'A request with its thread of replies',
        params: IdParams,
        response: { 200: SupportDetailSchema, 404: ErrorSchema },
      },
    },
    async (request) => detail(request, (await load(request)).id),
  );

  app.post(
    `/${SUPPORTS}`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'File a support request (platform staff are told by e-mail); attach a screenshot with PUT /:id/attachment',
        body: SupportCreateSchema,
        response: { 201: SupportDetailSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const body = fieldsOf(SupportCreateSchema, request.body);
      const subject = requiredText('subject', body.subject, SUBJECT_MAX);
      const detailText = requiredText('detail', body.detail, DETAIL_MAX);
      const { complexId, userId, userName } = host.context(request);
      const directory = host.directory(request);
      const [me, complex, staff] = await Promise.all([
        directory.person(userId),
        directory.complex(),
        host.platformStaff(request),
      ]);
      const id = await em(request).transactional(async (tx) => {
        const created = tx.create(SupportRequest, {
          complexId,
          subject,
          category: body.category,
          detail: detailText,
          state: 'Abierto',
          requesterId: userId,
          requesterName: userName,
          requesterEmail: me?.email || null,
        } as never);
        host.audit(request, tx, {
          resource: SUPPORTS,
          recordId: created.id,
          action: 'create',
          changes: { subject, category: body.category, detail: detailText },
          description: describe(created),
        });
        const to = staff.map((s) => s.email).filter(Boolean);
        // The platform's mail (staff addresses), not the complex's: kept out of the complex's mail history.
        if (to.length) await host.queueMail(request, tx, newRequestMail(to, complex.name, created), { platform: true });
        await tx.flush();
        await live(created, tx);
        return created.id;
      });
      return reply.status(201).send(await detail(request, id));
    },
  );

  app.post(
    `/${SUPPORTS}/:id/replies`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: "The office writes back in the request's thread (not once it is closed)",
        params: IdParams,
        body: ReplyCreateSchema,
        response: { 201: SupportDetailSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const found = await load(request);
      const message = requiredText('message', fieldsOf(ReplyCreateSchema, request.body).message, REPLY_MAX);
      const { userId, userName } = host.context(request);
      await em(request).transactional(async (tx) => {
        // Locked: a close at the same time is met as it is, and the counter counts every reply.
        const [row] = await tx.execute<{ state: string }[]>(
          'select state from supports where id = ? and complex_id = ? for update',
          [found.id, found.complexId],
        );
        if (!row) throw notFound();
        if (row.state === 'Cerrado') throw closedError();
        const created = tx.create(SupportReply, {
          complexId: found.complexId,
          supportId: found.id,
          authorId: userId,
          authorName: userName,
          fromStaff: false,
          message,
          state: null,
        } as never);
        await tx.execute(
          'update supports set reply_count = reply_count + 1, last_reply_at = now(), updated_at = now() where id = ? and complex_id = ?',
          [found.id, found.complexId],
        );
        host.audit(request, tx, {
          resource: SUPPORTS,
          recordId: found.id,
          action: 'replies',
          changes: { replyId: created.id, message },
          description: describe(found),
        });
        await tx.flush();
        await live(found, tx);
      });
      return reply.status(201).send(await detail(request, found.id));
    },
  );

  app.post(
    `/${SUPPORTS}/:id/close`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'The office closes its request (solved, or no longer needed)',
        params: IdParams,
        response: { 200: SupportDetailSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const found = await load(request);
      if (found.state !== 'Cerrado') {
        const before = found.state;
        found.state = 'Cerrado';
        found.updatedAt = new Date();
        host.audit(request, em(request), {
          resource: SUPPORTS,
          recordId: found.id,
          action: 'close',
          changes: { state: [before, 'Cerrado'] },
          description: describe(found),
        });
        await em(request).flush();
        await live(found, em(request));
      }
      return detail(request, found.id);
    },
  );

  app.put(
    `/${SUPPORTS}/:id/attachment`,
    {
      schema: {
        tags,
        summary: `Attach a screenshot (multipart, one file "file": JPEG, PNG or WebP up to ${ATTACHMENT_BYTES_MAX / 1024 / 1024} MB; stored as a JPEG)`,
        params: IdParams,
        consumes: ['multipart/form-data'],
        response: { 200: SupportDetailSchema, ...ERROR_RESPONSES, 413: ErrorSchema },
      },
    },
    async (request) => {
      const found = await load(request);
      if (found.state === 'Cerrado') throw closedError();
      const jpeg = await host.images.readPhoto(request, {
        field: 'file',
        maxBytes: ATTACHMENT_BYTES_MAX,
        messages: {
          required: SUPPORT_MESSAGES.fileRequired,
          tooLarge: SUPPORT_MESSAGES.fileTooLarge,
          notImage: SUPPORT_MESSAGES.notImage,
          badImage: SUPPORT_MESSAGES.badImage,
        },
        // A screenshot must stay legible.
        side: 1600,
        targetBytes: 500 * 1024,
      });
      await em(request).transactional(async (tx) => {
        const [row] = await tx.execute<{ attachment_file_id: string | null }[]>(
          'select attachment_file_id from supports where id = ? and complex_id = ? for update',
          [found.id, found.complexId],
        );
        if (!row) throw notFound();
        const saved = await host.files.save(request, tx, {
          category: 'support',
          personal: false,
          filename: 'adjunto.jpg',
          label: describe(found),
          contentType: 'image/jpeg',
          data: jpeg,
        });
        await tx.execute('update supports set attachment_file_id = ?, updated_at = now() where id = ? and complex_id = ?', [
          saved.id,
          found.id,
          found.complexId,
        ]);
        if (row.attachment_file_id) await host.files.remove(request, tx, row.attachment_file_id);
        host.audit(request, tx, {
          resource: SUPPORTS,
          recordId: found.id,
          action: 'attachment',
          changes: { attachment: [row.attachment_file_id, saved.id] },
          description: describe(found),
        });
        await live(found, tx);
      });
      return detail(request, found.id);
    },
  );

  app.get(
    `/${SUPPORTS}/:id/attachment`,
    {
      schema: {
        tags,
        summary: "A short-lived signed URL of the request's attachment (platform staff open it through the request's complex)",
        params: IdParams,
        response: { 200: AttachmentUrlSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const found = await load(request);
      if (!found.attachmentFileId) throw new ApiError(404, 'NO_ATTACHMENT', SUPPORT_MESSAGES.noAttachment);
      const signed = await host.files.signedUrl(request, found.attachmentFileId, { ttlSeconds: 300 });
      return { url: signed.url, expiresAt: signed.expiresAt };
    },
  );
}
