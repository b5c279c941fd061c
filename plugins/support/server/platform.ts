// /api/platform/support/faq and /supports: platform staff (superAdministrador; the host refuses anyone else with
// 403) manage the FAQ every complex reads, and answer every complex's support requests (spec 002 §2.4 'Feedback:
// Sugerencias', 'FAQ'). A reply is mailed to whoever filed the request; every write is audited (a request's in its
// complex's log, the FAQ's as the platform's own).
import {
  ApiError,
  changesOf,
  contentDisposition,
  ERROR_RESPONSES,
  ErrorSchema,
  FileResponse,
  fieldsOf,
  IdParams,
  invalid,
  MESSAGES,
  notFound,
  type PlatformHostServices,
  type PluginApp,
} from '@conjunto/core';
import { LockMode } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import { FAQ_ANSWER_MAX, FAQ_CATEGORY_MAX, FAQ_QUESTION_MAX, REPLY_MAX, SUPPORT_MESSAGES, SUPPORT_TOPIC } from '../manifest.ts';
import type { Support } from '../schemas.ts';
import { FaqSchema, FaqUpdateSchema, FaqWriteSchema, StaffReplySchema, SupportDetailSchema, SupportSchema } from '../schemas.ts';
import {
  describe as describeSupport,
  FAQ,
  FAQ_EXPORT,
  requiredText,
  SUPPORT_EXPORT,
  SUPPORTS,
  staffReplyMail,
  tags,
  toFaq,
  toReply,
  toSupport,
} from './shared.ts';
import { FaqEntry, SupportReply, SupportRequest } from './support.entity.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const describeFaq = (f: Pick<FaqEntry, 'question'>) => f.question.slice(0, 200);

export async function supportPlatformRoutes(app: PluginApp, host: PlatformHostServices) {
  const em = (request: FastifyRequest) => host.em(request) as SqlEntityManager;
  const idOf = (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    if (!UUID.test(id)) throw notFound();
    return id;
  };
  const loadFaq = async (request: FastifyRequest) => {
    const found = await em(request).findOne(FaqEntry, { id: idOf(request) });
    if (!found) throw notFound();
    return found;
  };
  const detail = async (request: FastifyRequest, id: string) => {
    const fresh = em(request).fork();
    const found = await fresh.findOne(SupportRequest, { id });
    if (!found) throw notFound();
    const [replies, complexes] = await Promise.all([
      fresh.find(SupportReply, { supportId: id, complexId: found.complexId }, { orderBy: { createdAt: 'ASC', id: 'ASC' } }),
      host.complexes(request, [found.complexId]),
    ]);
    return { ...toSupport(found, complexes.get(found.complexId)?.name ?? null), replies: replies.map(toReply) };
  };

  // ------------------------------------------------------------------------------------------------ FAQ
  host.listRoute(app, {
    resource: FAQ,
    tags,
    summary: 'Every FAQ entry, published or not; q searches category, question and answer',
    entity: FaqEntry,
    filters: { category: 'exact', published: 'exact' },
    search: ['category', 'question', 'answer'],
    sortable: ['category', 'sortOrder', 'question', 'published', 'updatedAt'],
    defaultSort: { field: 'sortOrder', order: 'ASC' },
    item: FaqSchema,
    exportColumns: FAQ_EXPORT,
    toItem: (row: FaqEntry) => toFaq(row),
  });

  app.get(
    `/${FAQ}/:id`,
    { schema: { tags, params: IdParams, response: { 200: FaqSchema, 404: ErrorSchema } } },
    async (request) => toFaq(await loadFaq(request)),
  );

  const cleanFaq = (body: Partial<{ category: string; question: string; answer: string }>, partial: boolean) => {
    const out: Partial<{ category: string; question: string; answer: string }> = {};
    if (!partial || body.category !== undefined) out.category = requiredText('category', body.category, FAQ_CATEGORY_MAX);
    if (!partial || body.question !== undefined) out.question = requiredText('question', body.question, FAQ_QUESTION_MAX);
    if (!partial || body.answer !== undefined) out.answer = requiredText('answer', body.answer, FAQ_ANSWER_MAX);
    return out;
  };

  app.post(
    `/${FAQ}`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Add a question to the FAQ',
        body: FaqWriteSchema,
        response: { 201: FaqSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const body = fieldsOf(FaqWriteSchema, request.body);
      const texts = cleanFaq(body, false);
      const entry = em(request).create(FaqEntry, {
        ...texts,
        sortOrder: body.sortOrder ?? 0,
        published: body.published ?? true,
      } as never);
      host.audit(
        request,
        em(request),
        { resource: FAQ, recordId: entry.id, action: 'create', changes: toFaq(entry), description: describeFaq(entry) },
        null,
      );
      await em(request).flush();
      return reply.status(201).send(toFaq(entry));
    },
  );

  app.put(
    `/${FAQ}/:id`,
    {
      schema: {
        tags,
        summary: 'Edit a FAQ entry (its texts, order, whether complexes see it)',
        params: IdParams,
        body: FaqUpdateSchema,
        response: { 200: FaqSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const entry = await loadFaq(request);
      const before = toFaq(entry);
      const body = fieldsOf(FaqUpdateSchema, request.body);
      Object.assign(entry, cleanFaq(body, true));
      if (body.sortOrder !== undefined) entry.sortOrder = body.sortOrder;
      if (body.published !== undefined) entry.published = body.published;
      entry.updatedAt = new Date();
      const after = toFaq(entry);
      host.audit(
        request,
        em(request),
        {
          resource: FAQ,
          recordId: entry.id,
          action: 'update',
          changes: changesOf({ ...before, updatedAt: null }, { ...after, updatedAt: null }),
          description: describeFaq(entry),
        },
        null,
      );
      await em(request).flush();
      return after;
    },
  );

  app.delete(
    `/${FAQ}/:id`,
    { schema: { tags, summary: 'Remove a FAQ entry', params: IdParams, response: { 200: FaqSchema, ...ERROR_RESPONSES } } },
    async (request) => {
      const entry = await loadFaq(request);
      const result = toFaq(entry);
      await em(request).transactional(async (tx) => {
        await tx.execute('delete from support_faq where id = ?', [entry.id]);
        host.audit(
          request,
          tx,
          { resource: FAQ, recordId: entry.id, action: 'delete', changes: result, description: describeFaq(entry) },
          null,
        );
      });
      return result;
    },
  );

  // ------------------------------------------------------------------------------------------------ requests
  host.listRoute(app, {
    resource: SUPPORTS,
    tags,
    summary: "Every complex's support requests; filters complexId, state and category, q over subject, detail and requester",
    entity: SupportRequest,
    filters: { complexId: 'exact', state: 'exact', category: 'exact', createdAt: 'dateRange' },
    search: ['subject', 'detail', 'requesterName'],
    sortable: ['createdAt', 'updatedAt', 'state', 'category', 'subject', 'lastReplyAt'],
    defaultSort: { field: 'createdAt', order: 'DESC' },
    item: SupportSchema,
    exportColumns: {
      complexName: { header: 'Conjunto', value: (s: Support) => s.complexName ?? '' },
      ...SUPPORT_EXPORT,
    },
    // The page's complexes named in one read.
    toItems: async (request, rows: SupportRequest[]) => {
      const names = await host.complexes(
        request,
        rows.map((r) => r.complexId),
      );
      return rows.map((r) => toSupport(r, names.get(r.complexId)?.name ?? null));
    },
    toItem: (row: SupportRequest) => toSupport(row, null),
  });

  app.get(
    `/${SUPPORTS}/:id`,
    {
      schema: {
        tags,
        summary: 'A request with its complex and its thread',
        params: IdParams,
        response: { 200: SupportDetailSchema, 404: ErrorSchema },
      },
    },
    async (request) => detail(request, idOf(request)),
  );

  app.get(
    `/${SUPPORTS}/:id/attachment`,
    {
      schema: {
        tags,
        summary: "The request's attachment (JPEG)",
        params: IdParams,
        produces: ['image/jpeg'],
        response: { 200: FileResponse, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const found = await em(request).findOne(SupportRequest, { id: idOf(request) });
      if (!found) throw notFound();
      if (!found.attachmentFileId) throw new ApiError(404, 'NO_ATTACHMENT', SUPPORT_MESSAGES.noAttachment);
      const bytes = await host.files(request, found.complexId).read(found.attachmentFileId, { em: em(request) });
      return reply
        .header('content-type', 'image/jpeg')
        .header('content-disposition', contentDisposition('adjunto.jpg', 'inline'))
        .send(Buffer.from(bytes));
    },
  );

  app.post(
    `/${SUPPORTS}/:id/replies`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Answer a request and/or move its state (Abierto, En proceso, Resuelto, Cerrado); the requester is told by e-mail',
        params: IdParams,
        body: StaffReplySchema,
        response: { 201: SupportDetailSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const id = idOf(request);
      const body = fieldsOf(StaffReplySchema, request.body);
      const message = body.message?.trim() ? requiredText('message', body.message, REPLY_MAX) : null;
      if (!message && !body.state) throw invalid('message', MESSAGES.required);
      await em(request).transactional(async (tx) => {
        const found = await tx.findOne(SupportRequest, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
        if (!found) throw notFound();
        const before = found.state;
        const state = body.state && body.state !== before ? body.state : null;
        // A closed request takes no more messages; staff may reopen it by moving its state.
        if (before === 'Cerrado' && !state)
          throw new ApiError(409, 'SUPPORT_CLOSED', SUPPORT_MESSAGES.closed, { message: SUPPORT_MESSAGES.closed });
        const created = tx.create(SupportReply, {
          complexId: found.complexId,
          supportId: found.id,
          authorId: host.user(request).id,
          authorName: host.user(request).name,
          fromStaff: true,
          message: message ?? '',
          state,
        } as never);
        if (state) found.state = state;
        found.replyCount = Number(found.replyCount) + 1;
        found.lastReplyAt = new Date();
        found.updatedAt = new Date();
        host.audit(
          request,
          tx,
          {
            resource: SUPPORTS,
            recordId: found.id,
            action: 'replies',
            changes: { replyId: created.id, message, ...(state ? { state: [before, state] } : {}) },
            description: describeSupport(found),
          },
          found.complexId,
        );
        if (found.requesterEmail)
          await host.queueMail(request, tx, staffReplyMail(found.requesterEmail, found, message, state), found.complexId);
        await tx.flush();
        // The office's open thread and list refresh (ids only; delivered at commit).
        await host.publish(found.complexId, SUPPORT_TOPIC, { id: found.id }, tx);
      });
      return reply.status(201).send(await detail(request, id));
    },
  );
}
