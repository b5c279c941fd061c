// Documents and notices: the income receipt and the expense voucher (PDF), a unit's statement of account (JSON
// and PDF, and by e-mail), and the payment notices by e-mail through the host's outbox (overdue fees, monthly statements,
// manual notices).
import {
  DateOnly,
  ERROR_RESPONSES,
  ErrorSchema,
  formatDateTime,
  IdParams,
  Money,
  Nullable,
  notFound,
  type PluginApp,
} from '@conjunto/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ACCOUNTING_JOBS, ACCOUNTING_MESSAGES } from '../../manifest.ts';
import es from '../../messages/es.documents.ts';
import {
  NoticeResultSchema,
  type NoticeRunItem,
  NoticeRunItemSchema,
  NoticeStateSchema,
  StatementRunQueuedSchema,
  StatementSchema,
  StatementSentSchema,
} from '../../schemas.ts';
import { letterheadOf } from '../documents/pdf.ts';
import { receiptDisposition, receiptOf, receiptPdf } from '../documents/receipt.ts';
import { voucherDisposition, voucherOf, voucherPdf } from '../documents/voucher.ts';
import { NoticeRun } from '../ledger.entities.ts';
import { conflict, iso, type Tx, today } from '../ledger.ts';
import {
  type ManualNoticeInput,
  type NoticeKind,
  type NoticeResult,
  type NoticeRunInput,
  openStatementRun,
  type Queue,
  recordNoticeRun,
  sendManualNotice,
  sendOverdueNotices,
  sendStatement,
} from '../notices.ts';
import { statementDisposition, statementOf, statementPdf } from '../statements.ts';
import type { RouteKit } from './kit.ts';

const Id = Type.String({ format: 'uuid' });
const Emails = Type.Array(Type.String({ format: 'email', maxLength: 100 }), { maxItems: 10 });
/** A run of notices (overdue fees or monthly statements): to all residents or the selected ones. */
const NoticeRunSchema = Type.Object(
  {
    recipients: Type.Union([Type.Literal('all'), Type.Literal('selected')]),
    userIds: Type.Optional(Type.Array(Id, { maxItems: 5000 })),
    additionalEmails: Type.Optional(Emails),
    cutoffDate: Type.Optional(DateOnly()),
    message: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  },
  { additionalProperties: false },
);
const ManualNoticeSchema = Type.Object(
  {
    userId: Id,
    subject: Type.Optional(Nullable(Type.String({ maxLength: 150 }))),
    message: Type.String({ minLength: 1, maxLength: 2000 }),
    amount: Money({ exclusiveMinimum: 0 }),
    dueDate: Type.Optional(Nullable(DateOnly())),
    additionalEmails: Type.Optional(Emails),
  },
  { additionalProperties: false },
);
const UnitParams = Type.Object({ unitId: Type.String() });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A PDF answer; the binary body bypasses the JSON serializer. */
const PdfResponse = {
  200: Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary', description: 'application/pdf' }),
  404: ErrorSchema,
};

function sendPdf(reply: FastifyReply, pdf: Buffer, disposition: string) {
  return reply.type('application/pdf').header('Content-Disposition', disposition).header('Cache-Control', 'no-store').send(pdf);
}

export function documentRoutes(app: PluginApp, k: RouteKit) {
  const tags = ['accounting'];
  const complexOf = (request: FastifyRequest) => k.ctx(request).complexId;
  /** The unit id of the path, or 404 (as for another complex's unit). */
  const unitIdOf = (request: FastifyRequest) => {
    const { unitId } = request.params as { unitId: string };
    if (!UUID.test(unitId)) throw notFound();
    return unitId;
  };
  const queueIn =
    (request: FastifyRequest, tx: Tx): Queue =>
    (message) =>
      k.queueMail(request, tx, message);

  // ---------------------------------------------------------------- a record's printable document
  /** GET `path` answers the document of the record `:id` of the complex as PDF; 404 for any other id. */
  const recordPdf = <D>(
    path: string,
    summary: string,
    document: {
      read(tx: Tx, complexId: string, id: string): Promise<D | undefined>;
      pdf(tx: Tx, complexId: string, data: D): Promise<Buffer>;
      disposition(data: D): string;
    },
  ) =>
    app.get(path, { schema: { tags, summary, params: IdParams, response: PdfResponse } }, async (request, reply) => {
      const { id } = request.params;
      const data = UUID.test(id) ? await document.read(k.em(request), complexOf(request), id) : undefined;
      if (!data) throw notFound();
      return sendPdf(reply, await document.pdf(k.em(request), complexOf(request), data), document.disposition(data));
    });
  recordPdf('/incomes/:id/receipt.pdf', 'The receipt (Comprobante de ingreso) of an income, as PDF', {
    read: receiptOf,
    pdf: receiptPdf,
    disposition: receiptDisposition,
  });
  recordPdf('/expenses/:id/voucher.pdf', 'The voucher (Comprobante de egreso) of an expense, as PDF', {
    read: voucherOf,
    pdf: voucherPdf,
    disposition: voucherDisposition,
  });

  // ---------------------------------------------------------------- statement of account
  app.get(
    '/units/:unitId/statement',
    {
      // Payments part of the API: open to the residents of a locked property (spec 002 §4).
      config: { payments: true },
      schema: {
        tags,
        summary: "A unit's statement of account: charges, payments, credit in favour and totals",
        params: UnitParams,
        response: { 200: StatementSchema, 404: ErrorSchema },
      },
    },
    (request) => statementOf(k.em(request), complexOf(request), unitIdOf(request)),
  );
  app.get(
    '/units/:unitId/statement.pdf',
    {
      config: { payments: true },
      schema: { tags, summary: "A unit's statement of account, as PDF", params: UnitParams, response: PdfResponse },
    },
    async (request, reply) => {
      const statement = await statementOf(k.em(request), complexOf(request), unitIdOf(request));
      const complex = await letterheadOf(k.em(request), complexOf(request), statement.unit.id);
      return sendPdf(reply, await statementPdf(complex, statement), statementDisposition(statement));
    },
  );
  app.post(
    '/units/:unitId/statement/send',
    {
      config: { access: 'send-statement', idempotent: true, rateLimitTier: 'heavy' },
      schema: {
        tags,
        summary: "Queues the unit's statement (PDF attached) by e-mail to its resident",
        params: UnitParams,
        body: Type.Optional(Type.Object({ additionalEmails: Type.Optional(Emails) }, { additionalProperties: false })),
        response: { 200: StatementSentSchema, ...ERROR_RESPONSES },
      },
    },
    (request) =>
      k.write(request, async (tx, audit) => {
        const unitId = unitIdOf(request);
        const additionalEmails = request.body?.additionalEmails;
        const sent = await sendStatement(tx, complexOf(request), unitId, additionalEmails, queueIn(request, tx));
        audit({
          resource: 'statements',
          recordId: unitId,
          action: 'send',
          changes: { to: sent.to, additionalEmails, mailId: sent.mailId },
        });
        return sent;
      }),
  );

  // ---------------------------------------------------------------- payment notices
  app.get(
    '/notices',
    {
      schema: {
        tags,
        summary: 'The next payment-notice number (NumeroAvisoCobro) and the date of the last one',
        response: { 200: NoticeStateSchema },
      },
    },
    async (request) => {
      const [row] = await k
        .em(request)
        .execute('select payment_notice_number, payment_notice_date from accounting_settings where complex_id = ?', [
          complexOf(request),
        ]);
      return {
        nextNumber: Number(row?.payment_notice_number ?? 1),
        lastNoticeDate: row?.payment_notice_date ? new Date(row.payment_notice_date).toISOString() : null,
      };
    },
  );
  const KIND_LABELS: Record<NoticeKind, string> = es.accounting.documents.noticeRuns.kinds;
  // The history of the runs (issue 14): the board reads it instead of the outbox (password links and the like).
  k.listRoute(app, {
    resource: 'notice-runs',
    tags,
    summary: 'The payment notices sent: one row per run; filters: kind, noticeDate_gte/_lte',
    entity: NoticeRun,
    filters: { kind: 'exact', noticeDate: 'dateRange' },
    sortable: ['noticeDate', 'number', 'kind', 'queued', 'skipped'],
    defaultSort: { field: 'noticeDate', order: 'DESC' },
    item: NoticeRunItemSchema,
    // The kind as the screen names it (the spreadsheet showed 'overdue').
    exportColumns: {
      noticeDate: { header: 'Fecha', value: (r: NoticeRunItem) => formatDateTime(r.noticeDate) },
      number: 'N°',
      kind: { header: 'Tipo', value: (r: NoticeRunItem) => KIND_LABELS[r.kind] },
      cutoffDate: 'Fecha de corte',
      queued: 'Destinatarios',
      skipped: 'Omitidos',
      userName: 'Enviado por',
    },
    toItem: (row: NoticeRun) => ({
      id: row.id,
      number: row.number,
      kind: row.kind as NoticeKind,
      noticeDate: iso(row.noticeDate)!,
      cutoffDate: row.cutoffDate ?? null,
      queued: row.queued,
      skipped: row.skipped,
      userName: row.userName,
    }),
  });
  // Each run is recorded as its path's kind.
  const notice = <T>(
    kind: 'overdue' | 'manual',
    summary: string,
    body: unknown,
    send: (tx: Tx, complexId: string, input: T, queue: Queue) => Promise<NoticeResult>,
  ) =>
    app.post(
      `/notices/${kind}`,
      // Mass e-mail sends: the host's stricter 'heavy' rate limit.
      {
        config: { idempotent: true, rateLimitTier: 'heavy' },
        schema: { tags, summary, body, response: { 200: NoticeResultSchema, ...ERROR_RESPONSES } },
      },
      (request) =>
        k.write(request, async (tx, audit) => {
          const input = request.body as T;
          const result = await send(tx, complexOf(request), input, queueIn(request, tx));
          const cutoffDate = kind === 'overdue' ? ((input as NoticeRunInput).cutoffDate ?? today()) : null;
          await recordNoticeRun(tx, complexOf(request), { kind, ...result, cutoffDate }, k.ctx(request));
          audit({ resource: 'payment-notices', recordId: String(result.number), action: kind, changes: { ...input, ...result } });
          return result;
        }),
    );
  notice<NoticeRunInput>(
    'overdue',
    'Overdue-fees notification: one mail per resident with debts due on or before the cut-off date',
    NoticeRunSchema,
    sendOverdueNotices,
  );
  // The statements' PDFs take a while for a whole complex: the request checks the run and takes the notice's
  // number and code, then a job mails each resident ('accounting.statementNotices', its progress at …/jobs/:id).
  app.post(
    '/notices/statements',
    {
      config: { idempotent: true, rateLimitTier: 'heavy' },
      schema: {
        tags,
        summary:
          "Monthly statement notification: each resident's statement, PDF attached, sent by a background job. Answers 202 with the job's id and the notice; GET /jobs/:jobId gives its progress (done of total residents) and, once completed, its output: { number, securityCode, noticeDate, queued, skipped }",
        body: NoticeRunSchema,
        response: { 202: StatementRunQueuedSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const input = request.body as NoticeRunInput;
      // One run at a time: a second would mail every resident again under another notice.
      if (await k.runningJob(request, ACCOUNTING_JOBS.statementNotices))
        throw conflict('STATEMENTS_RUNNING', ACCOUNTING_MESSAGES.statementsRunning);
      const run = await k.write(request, async (tx, audit) => {
        const opened = await openStatementRun(tx, complexOf(request), input);
        await recordNoticeRun(
          tx,
          complexOf(request),
          {
            kind: 'statement',
            number: opened.number,
            noticeDate: opened.date,
            cutoffDate: opened.cutoff,
            queued: opened.userIds.length,
            skipped: opened.skipped,
          },
          k.ctx(request),
        );
        audit({
          resource: 'payment-notices',
          recordId: String(opened.number),
          action: 'statements',
          changes: { ...input, number: opened.number, securityCode: opened.code, residents: opened.userIds.length },
        });
        return opened;
      });
      // After the commit: the job sends under the number taken here (one job per notice).
      const jobId = await k.submitJob(
        request,
        ACCOUNTING_JOBS.statementNotices,
        { ...run },
        { singletonKey: `notice-${run.number}` },
      );
      return reply.status(202).send({
        jobId,
        number: run.number,
        securityCode: run.code,
        noticeDate: run.date,
        total: run.userIds.length,
        skipped: run.skipped,
      });
    },
  );
  notice<ManualNoticeInput>(
    'manual',
    'A manual payment notice to one resident: free text and an amount',
    ManualNoticeSchema,
    sendManualNotice,
  );
}
