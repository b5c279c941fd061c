// /api/complexes/:complexId/issue-reports (switch InformeProblemas). Residents file and rate their own unit's
// reports; the office moves them forward (Pendiente -> En progreso -> Completado) with its observations. The host
// has checked tenancy, the switch and the roles (the manifest's access table).
import {
  ApiError,
  blank,
  changesOf,
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
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import {
  CATEGORY_LABELS,
  ISSUE_MESSAGES,
  ISSUES_TOPIC,
  type IssueStatus,
  RATING_LABELS,
  STATUS,
  STATUS_LABELS,
} from '../manifest.ts';
import {
  IssueCreateSchema,
  type IssueReport as IssueItem,
  IssueRatingSchema,
  IssueReportSchema,
  IssueStatusSchema,
  IssueUpdateSchema,
  PendingSchema,
} from '../schemas.ts';
import { IssueReport } from './issue.entity.ts';

/** Uploads up to 5 MB (a phone's photo), stored as a JPEG of at most 1280x1280 and about 300 KB. */
const ISSUE_PHOTO = { maxBytes: 5 * 1024 * 1024, side: 1280, targetBytes: 300 * 1024 } as const;

const tags = ['issue-reports'];
const RESOURCE = 'issue-reports';
const OFFICE_ROLES: readonly string[] = ['administrador', 'superAdministrador'];

const label = (labels: Record<number, string>, code: number) => (Object.hasOwn(labels, code) ? labels[code] : String(code));
const cut = (text: string, n: number) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);

export const toIssue = (r: IssueReport, photoUrl: string | null = null): IssueItem => ({
  id: r.id,
  unitId: r.unitId,
  unitNumber: r.unitNumber ?? null,
  residentId: r.residentId ?? null,
  residentName: r.residentName ?? null,
  category: Number(r.category),
  detail: r.detail,
  status: Number(r.status),
  observations: r.observations ?? null,
  rating: Number(r.rating),
  hasPhoto: Boolean(r.photoFileId),
  photoUrl,
  reportedAt: isoOrNull(r.reportedAt) ?? '',
  startedAt: isoOrNull(r.startedAt),
  completedAt: isoOrNull(r.completedAt),
  ratedAt: isoOrNull(r.ratedAt),
  updatedAt: isoOrNull(r.updatedAt) ?? '',
});

const EXPORT = {
  reportedAt: { header: 'Fecha', value: (r: IssueItem) => formatDateTime(r.reportedAt) },
  unitNumber: 'U.H.',
  residentName: 'Residente',
  category: { header: 'Categoría', value: (r: IssueItem) => label(CATEGORY_LABELS, r.category) },
  detail: 'Detalle',
  status: { header: 'Estado', value: (r: IssueItem) => label(STATUS_LABELS, r.status) },
  observations: 'Observaciones',
  rating: { header: 'Calificación', value: (r: IssueItem) => label(RATING_LABELS, r.rating) },
  completedAt: { header: 'Completado', value: (r: IssueItem) => (r.completedAt ? formatDateTime(r.completedAt) : '') },
};

/** 'Quejas · Casa 12: La luz del pasillo…' */
const describe = (r: { category: number; unitNumber?: string | null; detail: string }) =>
  `${label(CATEGORY_LABELS, Number(r.category))}${r.unitNumber ? ` · ${r.unitNumber}` : ''}: ${cut(r.detail, 80)}`;

export async function issueRoutes(app: PluginApp, host: HostServices) {
  const em = (request: FastifyRequest) => host.em(request) as SqlEntityManager;
  const isOffice = (request: FastifyRequest) => host.context(request).roles.some((r) => OFFICE_ROLES.includes(r));
  const myUnit = async (request: FastifyRequest) =>
    (await host.directory(request).person(host.context(request).userId))?.unitId ?? null;

  /** A record of the complex the caller may reach: the office any, a resident only their unit's (else 404). */
  const load = async (request: FastifyRequest) => {
    const found = await host.findOr404<IssueReport>(request, IssueReport, (request.params as { id: string }).id);
    if (!isOffice(request) && found.unitId !== (await myUnit(request))) throw notFound();
    return found;
  };
  const reload = async (request: FastifyRequest, id: string) => {
    const fresh = await em(request)
      .fork()
      .findOne(IssueReport, { id, complexId: host.context(request).complexId });
    if (!fresh) throw notFound();
    const url = fresh.photoFileId ? (await host.files.signedUrl(request, fresh.photoFileId)).url : null;
    return toIssue(fresh, url);
  };
  const changed = (request: FastifyRequest, tx: unknown, id: string, action: string) =>
    host.publish(host.context(request).complexId, ISSUES_TOPIC, { id, action }, tx);

  host.listRoute(app, {
    resource: RESOURCE,
    tags,
    summary: "Issue reports (a resident sees only their unit's); filters: status, category, unitId, reportedAt_gte/_lte, rating",
    entity: IssueReport,
    filters: { status: 'exact', category: 'exact', unitId: 'exact', rating: 'exact', reportedAt: 'dateRange' },
    search: ['detail', 'observations', 'unitNumber', 'residentName'],
    sortable: ['reportedAt', 'status', 'category', 'unitNumber', 'rating', 'updatedAt'],
    sortAliases: { unitNumber: 'unitSort' },
    defaultSort: { field: 'reportedAt', order: 'DESC' },
    where: (request): ListCondition =>
      isOffice(request)
        ? {}
        : {
            $sql: {
              text: 't.unit_id = (select pp.unit_id from directory_people pp where pp.id = ?)',
              params: [host.context(request).userId],
            },
          },
    item: IssueReportSchema,
    exportColumns: EXPORT,
    toItem: (row: IssueReport) => toIssue(row),
    toItems: async (request, rows: IssueReport[]) => {
      const urls = await host.files.signedUrls(
        request,
        rows.flatMap((r) => (r.photoFileId ? [r.photoFileId] : [])),
      );
      return rows.map((r) => toIssue(r, (r.photoFileId && urls.get(r.photoFileId)?.url) || null));
    },
  });

  app.get(
    `/${RESOURCE}/pending`,
    {
      config: { access: 'pending' },
      schema: {
        tags,
        summary: "The bell's pending damage reports (state 0 Pendiente): count and the 5 newest",
        response: { 200: PendingSchema },
      },
    },
    async (request) => {
      const { complexId } = host.context(request);
      const [{ count }] = await em(request).execute<{ count: number }[]>(
        'select count(*)::int as count from issue_reports where complex_id = ? and status = 0',
        [complexId],
      );
      const latest = await em(request).execute<
        { id: string; category: number; detail: string; number: string | null; reported_at: Date }[]
      >(
        `select r.id, r.category, r.detail, u.number, r.reported_at from issue_reports r
           left join directory_units u on u.id = r.unit_id
          where r.complex_id = ? and r.status = 0 order by r.reported_at desc, r.id desc limit 5`,
        [complexId],
      );
      return {
        count,
        latest: latest.map((r) => ({
          id: r.id,
          title: describe({ category: r.category, unitNumber: r.number, detail: r.detail }),
          at: new Date(r.reported_at).toISOString(),
        })),
      };
    },
  );

  app.get(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, response: { 200: IssueReportSchema, 404: ErrorSchema } } },
    async (request) => reload(request, (await load(request)).id),
  );

  app.post(
    `/${RESOURCE}`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'File a report (a resident for their own unit; the office names the unit). The photo: PUT /issue-reports/:id/photo',
        body: IssueCreateSchema,
        response: { 201: IssueReportSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const body = fieldsOf(IssueCreateSchema, request.body) as (typeof request)['body'];
      const { complexId, userId } = host.context(request);
      const detail = body.detail.trim();
      if (!detail) throw invalid('detail', ISSUE_MESSAGES.required);
      let unitId: string;
      let residentId: string | null;
      if (isOffice(request)) {
        if (!body.unitId) throw invalid('unitId', ISSUE_MESSAGES.unit);
        unitId = body.unitId;
      } else {
        const own = await myUnit(request);
        if (!own) throw invalid('unitId', ISSUE_MESSAGES.noUnit);
        if (body.unitId && body.unitId !== own) throw notFound();
        unitId = own;
      }
      // Read before the transaction: on PGlite (one connection) a read on another EntityManager inside it would wait for ever.
      const unit = await host.directory(request).unit(unitId);
      if (!unit) throw invalid('unitId', ISSUE_MESSAGES.unitMissing);
      residentId = isOffice(request) ? (unit.holderId ?? null) : userId;
      const unitNumber = unit.number;
      const report = await em(request).transactional(async (tx) => {
        const created = tx.create(IssueReport, {
          complexId,
          unitId,
          residentId,
          category: body.category,
          detail,
          status: 0,
          rating: 0,
        } as never);
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: created.id,
          action: 'create',
          changes: { category: body.category, detail, unitId, residentId },
          description: describe({ category: body.category, unitNumber, detail }),
        });
        await tx.flush();
        await changed(request, tx, created.id, 'create');
        return created;
      });
      return reply.status(201).send(await reload(request, report.id));
    },
  );

  app.put(
    `/${RESOURCE}/:id`,
    {
      schema: {
        tags,
        summary: "The office's observations (and the category)",
        params: IdParams,
        body: IssueUpdateSchema,
        response: { 200: IssueReportSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const report = await load(request);
      const body = fieldsOf(IssueUpdateSchema, request.body) as (typeof request)['body'];
      const before = { category: Number(report.category), observations: report.observations ?? null };
      if (body.category !== undefined) report.category = body.category;
      if (body.observations !== undefined) report.observations = blank(body.observations);
      await em(request).transactional(async (tx) => {
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: report.id,
          action: 'update',
          changes: changesOf(before, { category: Number(report.category), observations: report.observations ?? null }),
          description: describe(report),
        });
        await tx.flush();
        await changed(request, tx, report.id, 'update');
      });
      return reload(request, report.id);
    },
  );

  app.post(
    `/${RESOURCE}/:id/status`,
    {
      schema: {
        tags,
        summary:
          "Move a report forward: 0 Pendiente -> 1 En progreso -> 2 Completado (never back; 3 Calificado is the resident's rating). Pushes the resident",
        params: IdParams,
        body: IssueStatusSchema,
        response: { 200: IssueReportSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const report = await load(request);
      const body = fieldsOf(IssueStatusSchema, request.body) as (typeof request)['body'];
      const from = Number(report.status) as IssueStatus;
      const to = body.status as IssueStatus;
      if (to <= from || from >= STATUS.completed)
        throw new ApiError(409, 'FORWARD_ONLY', ISSUE_MESSAGES.forwardOnly, { status: ISSUE_MESSAGES.forwardOnly });
      const { complexId } = host.context(request);
      await em(request).transactional(async (tx: SqlEntityManager) => {
        // The state moves only from the one read: a concurrent move finds it changed and is refused.
        const now = new Date();
        const rows = await tx.execute<{ id: string }[]>(
          `update issue_reports set status = ?, updated_at = now(),
                  started_at = coalesce(started_at, ?), completed_at = case when ? = 2 then ? else completed_at end,
                  observations = case when ? then ? else observations end
            where id = ? and complex_id = ? and status = ? returning id`,
          [to, now, to, now, body.observations !== undefined, blank(body.observations ?? null), report.id, complexId, from],
        );
        if (!rows.length)
          throw new ApiError(409, 'FORWARD_ONLY', ISSUE_MESSAGES.forwardOnly, { status: ISSUE_MESSAGES.forwardOnly });
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: report.id,
          action: 'status',
          changes: {
            status: [from, to],
            ...(body.observations !== undefined && { observations: [report.observations ?? null, blank(body.observations)] }),
          },
          description: describe(report),
        });
        if (report.residentId)
          await host.push.queue(tx, {
            userIds: [report.residentId],
            title: `Reporte ${STATUS_LABELS[to].toLowerCase()}`,
            body: `Tu reporte (${label(CATEGORY_LABELS, Number(report.category))}) está ${STATUS_LABELS[to]}${
              to === STATUS.completed ? ': califica la atención recibida.' : '.'
            }`,
            url: '/#/residente',
            data: { reportId: report.id, status: String(to) },
            complexId,
            category: 'issue-reports.status',
          });
        await changed(request, tx, report.id, 'status');
      });
      return reload(request, report.id);
    },
  );

  app.post(
    `/${RESOURCE}/:id/rating`,
    {
      schema: {
        tags,
        summary: "The resident's rating of a completed report (1 bad ... 5 excellent), once: the report becomes 3 Calificado",
        params: IdParams,
        body: IssueRatingSchema,
        response: { 200: IssueReportSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const report = await load(request);
      const { rating } = fieldsOf(IssueRatingSchema, request.body) as (typeof request)['body'];
      const status = Number(report.status);
      if (status === STATUS.rated)
        throw new ApiError(409, 'ALREADY_RATED', ISSUE_MESSAGES.alreadyRated, { rating: ISSUE_MESSAGES.alreadyRated });
      if (status !== STATUS.completed)
        throw new ApiError(409, 'NOT_COMPLETED', ISSUE_MESSAGES.rateNotCompleted, { rating: ISSUE_MESSAGES.rateNotCompleted });
      await em(request).transactional(async (tx: SqlEntityManager) => {
        const rows = await tx.execute<{ id: string }[]>(
          `update issue_reports set status = 3, rating = ?, rated_at = now(), updated_at = now()
            where id = ? and complex_id = ? and status = 2 returning id`,
          [rating, report.id, report.complexId],
        );
        if (!rows.length)
          throw new ApiError(409, 'ALREADY_RATED', ISSUE_MESSAGES.alreadyRated, { rating: ISSUE_MESSAGES.alreadyRated });
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: report.id,
          action: 'rating',
          changes: { status: [STATUS.completed, STATUS.rated], rating: [0, rating] },
          description: describe(report),
        });
        await changed(request, tx, report.id, 'rating');
      });
      return reload(request, report.id);
    },
  );

  app.delete(
    `/${RESOURCE}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a report and its photo',
        params: IdParams,
        response: { 200: IssueReportSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const report = await load(request);
      const result = toIssue(report);
      await em(request).transactional(async (tx) => {
        await tx.execute('delete from issue_reports where id = ? and complex_id = ?', [report.id, report.complexId]);
        if (report.photoFileId) await host.files.remove(request, tx, report.photoFileId);
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: report.id,
          action: 'delete',
          changes: result,
          description: describe(report),
        });
        await changed(request, tx, report.id, 'delete');
      });
      return result;
    },
  );

  app.put(
    `/${RESOURCE}/:id/photo`,
    {
      schema: {
        tags,
        summary:
          'Set the photo (multipart, one file `photo`: JPEG, PNG or WebP up to 5 MB; stored as a JPEG of at most 1280x1280). A resident only while the report is pending',
        params: IdParams,
        consumes: ['multipart/form-data'],
        response: { 200: IssueReportSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const report = await load(request);
      if (!isOffice(request) && Number(report.status) !== STATUS.pending)
        throw new ApiError(409, 'PHOTO_LOCKED', ISSUE_MESSAGES.photoLocked, { photo: ISSUE_MESSAGES.photoLocked });
      const jpeg = await host.images.readPhoto(request, {
        field: 'photo',
        maxBytes: ISSUE_PHOTO.maxBytes,
        messages: {
          required: ISSUE_MESSAGES.photoRequired,
          tooLarge: ISSUE_MESSAGES.photoTooLarge,
          notImage: ISSUE_MESSAGES.notImage,
          badImage: ISSUE_MESSAGES.badImage,
        },
        side: ISSUE_PHOTO.side,
        targetBytes: ISSUE_PHOTO.targetBytes,
      });
      await em(request).transactional(async (tx) => {
        // The row locked, then read: of two uploads at once each replaces what the other stored (no file left behind),
        // and a resident's upload meets the state as it is now.
        const [row] = await tx.execute<{ photo_file_id: string | null; status: number }[]>(
          'select photo_file_id, status from issue_reports where id = ? and complex_id = ? for update',
          [report.id, report.complexId],
        );
        if (!row) throw notFound();
        if (!isOffice(request) && Number(row.status) !== STATUS.pending)
          throw new ApiError(409, 'PHOTO_LOCKED', ISSUE_MESSAGES.photoLocked, { photo: ISSUE_MESSAGES.photoLocked });
        const saved = await host.files.save(request, tx, {
          category: 'issue-report',
          personal: false,
          filename: 'reporte.jpg',
          label: describe(report),
          contentType: 'image/jpeg',
          data: jpeg,
        });
        const previous = row.photo_file_id;
        await tx.execute('update issue_reports set photo_file_id = ?, updated_at = now() where id = ? and complex_id = ?', [
          saved.id,
          report.id,
          report.complexId,
        ]);
        if (previous) await host.files.remove(request, tx, previous);
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: report.id,
          action: 'photo',
          changes: { photo: [previous ?? null, saved.id] },
          description: describe(report),
        });
        await changed(request, tx, report.id, 'photo');
      });
      return reload(request, report.id);
    },
  );
}
