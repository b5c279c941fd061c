// /api/complexes/:complexId/votes ... (the host has checked tenancy, the Votaciones switch and each route's roles,
// derived from the manifest's access table). Residents act only for their own unit (or one that gave them its vote).
import {
  ApiError,
  contentDisposition,
  ERROR_RESPONSES,
  ErrorSchema,
  FileResponse,
  forbidden,
  type HostServices,
  IdParams,
  isUuid,
  MESSAGES,
  newId,
  notFound,
  onUniqueViolation,
  type PluginApp,
  type ServiceUnavailable,
} from '@conjunto/core';
import type { AccountingService } from '@conjunto/plugin-accounting/service';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { VOTE_BALLOT_TOPIC, VOTE_FILE_BYTES_MAX, VOTE_FILE_TYPES, VOTE_FILES_MAX, VOTE_MESSAGES } from '../manifest.ts';
import {
  AttendanceSchema,
  BallotCreateSchema,
  BallotSchema,
  MyBallotsSchema,
  ProxyCreateSchema,
  ProxySchema,
  VoteCreatedSchema,
  VoteCreateSchema,
  VoteDetailSchema,
  VoteFileSchema,
  type VoteResults,
  VoteResultsSchema,
  VoteSchema,
} from '../schemas.ts';
import { reportFileName, reportPdf, reportXlsx } from './report.ts';
import { Vote } from './vote.entity.ts';
import {
  assertRoomForVote,
  castBallot,
  checkAnswers,
  checkVoteInput,
  isOpen,
  lockComplex,
  markFinished,
  percent,
  proxiesOf,
  resultsById,
  voteResults,
  voterLists,
} from './votes.ts';

const tags = ['votes'];
const OFFICE = ['administrador', 'superAdministrador', 'directiva'];
const MANAGERS = ['administrador', 'superAdministrador'];
const VoteFileParams = Type.Object({ id: Type.String(), fileId: Type.String() });
const ProxyParams = Type.Object({ id: Type.String(), proxyId: Type.String() });
const AttendanceParams = Type.Object({ id: Type.String(), unitId: Type.String() });

/** Why the arrears exclusion could not be applied, for the administrator. */
const ARREARS_UNAVAILABLE: Record<ServiceUnavailable, string> = {
  'not-installed': 'La contabilidad no está instalada: no se excluyó a ninguna unidad por valores vencidos.',
  disabled: 'La contabilidad está deshabilitada: no se excluyó a ninguna unidad por valores vencidos.',
  'switched-off': 'La contabilidad está apagada para este conjunto: no se excluyó a ninguna unidad por valores vencidos.',
};

/** What the audit log reads of the arrears exclusion (Spanish, never the API's codes). */
const ARREARS_AUDIT = {
  applied: 'Aplicada',
  'not-requested': 'No solicitada',
} as const;

interface VoteFacts {
  ballots: number;
  /** Ballots of units still eligible (active, not excluded): the participation's numerator. */
  voted: number;
  excluded: number;
  /** Excluded units that are active: the eligible ones are the active units less these. */
  excluded_active: number;
  files: number;
}

export async function voteRoutes(app: PluginApp, host: HostServices) {
  const em = (request: FastifyRequest): SqlEntityManager => host.em(request);
  const load = (request: FastifyRequest) => host.findOr404<Vote>(request, Vote, (request.params as { id: string }).id);
  const isOffice = (request: FastifyRequest) => host.context(request).roles.some((r) => OFFICE.includes(r));
  const isManager = (request: FastifyRequest) => host.context(request).roles.some((r) => MANAGERS.includes(r));

  /** Ballots, exclusions and files of some votes, and the complex's active units: one statement for a page. */
  async function factsOf(request: FastifyRequest, ids: string[]) {
    const { complexId } = host.context(request);
    const rows: (VoteFacts & { id: string })[] = ids.length
      ? await em(request).execute(
          `select v.id,
                  (select count(*)::int from vote_ballots b where b.vote_id = v.id) as ballots,
                  (select count(*)::int from vote_ballots b join directory_units u on u.id = b.unit_id and u.is_active
                    where b.vote_id = v.id
                      and not exists (select 1 from vote_exclusions e where e.vote_id = v.id and e.unit_id = b.unit_id)) as voted,
                  (select count(*)::int from vote_exclusions e where e.vote_id = v.id) as excluded,
                  (select count(*)::int from vote_exclusions e join directory_units u on u.id = e.unit_id and u.is_active
                    where e.vote_id = v.id) as excluded_active,
                  (select count(*)::int from vote_files f where f.vote_id = v.id) as files
             from votes v where v.complex_id = ? and v.id = any(?::uuid[])`,
          [complexId, `{${ids.join(',')}}`],
        )
      : [];
    const [units] = await em(request).execute(
      'select count(*)::int as n from directory_units where complex_id = ? and is_active',
      [complexId],
    );
    return { facts: new Map<string, VoteFacts>(rows.map((r) => [r.id, r])), activeUnits: Number(units.n) };
  }

  const toVote = (v: Vote, facts: VoteFacts | undefined, activeUnits: number) => {
    const eligible = Math.max(0, activeUnits - (facts?.excluded_active ?? 0));
    const ballots = facts?.ballots ?? 0;
    return {
      id: v.id,
      title: v.title,
      questions: v.questions,
      questionCount: v.questions.length,
      endsAt: new Date(v.endsAt).toISOString(),
      finished: !isOpen(v),
      weighted: v.weighted,
      excludeArrears: v.excludeArrears,
      arrearsApplied: v.arrearsApplied,
      excludedUnits: facts?.excluded ?? 0,
      ballotCount: ballots,
      eligibleUnits: eligible,
      participation: percent(facts?.voted ?? 0, eligible),
      fileCount: facts?.files ?? 0,
      createdAt: new Date(v.createdAt).toISOString(),
    };
  };
  const oneVote = async (request: FastifyRequest, v: Vote) => {
    const { facts, activeUnits } = await factsOf(request, [v.id]);
    return toVote(v, facts.get(v.id), activeUnits);
  };

  // Spec 002 §4: Finalizada turns true when the end has passed, checked when listing.
  app.addHook('preHandler', async (request) => {
    if (request.method === 'GET' && /\/votes(\/export)?$/.test(request.routeOptions.url ?? ''))
      await markFinished(em(request), host.context(request).complexId);
  });

  host.listRoute(app, {
    resource: 'votes',
    tags,
    summary: 'List votes (Finalizada, end, participation)',
    entity: Vote,
    filters: {
      finished: (value) =>
        value === true || value === 'true' ? { endsAt: { $lte: new Date() } } : { endsAt: { $gt: new Date() } },
      weighted: 'exact',
    },
    search: ['title'],
    sortable: ['title', 'endsAt', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'DESC' },
    item: VoteSchema,
    toItems: async (request, rows: Vote[]) => {
      const { facts, activeUnits } = await factsOf(
        request,
        rows.map((r) => r.id),
      );
      return rows.map((r) =>
        toVote(
          { ...r, questions: typeof r.questions === 'string' ? JSON.parse(r.questions) : r.questions } as Vote,
          facts.get(r.id),
          activeUnits,
        ),
      );
    },
    exportColumns: {
      title: 'Votación',
      questionCount: 'Preguntas',
      endsAt: 'Fin',
      finished: { header: 'Finalizada', value: (v) => (v.finished ? 'Sí' : 'No') },
      weighted: { header: 'Ponderada', value: (v) => (v.weighted ? 'Sí' : 'No') },
      ballotCount: 'Votos',
      eligibleUnits: 'Unidades habilitadas',
      participation: 'Participación %',
    },
  });

  app.get(
    '/votes/:id',
    { schema: { tags, params: IdParams, response: { 200: VoteDetailSchema, 404: ErrorSchema } } },
    async (request) => {
      const vote = await load(request);
      const files: { id: string; file_id: string; filename: string; size: number }[] = await em(request).execute(
        'select id, file_id, filename, size from vote_files where vote_id = ? order by created_at',
        [vote.id],
      );
      const urls = await host.files.signedUrls(
        request,
        files.map((f) => f.file_id),
      );
      return {
        ...(await oneVote(request, vote)),
        files: files.map((f) => ({ id: f.id, filename: f.filename, size: f.size, url: urls.get(f.file_id)?.url })),
      };
    },
  );

  app.post(
    '/votes',
    {
      // A retried creation (same Idempotency-Key) answers the first vote instead of creating a second one.
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Create a vote (questions and options, end, weighted, arrears exclusion)',
        body: VoteCreateSchema,
        response: { 201: VoteCreatedSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { complexId, userId } = host.context(request);
      const { title, questions, endsAt } = checkVoteInput(request.body);
      const weighted = request.body.weighted ?? true;
      const excludeArrears = request.body.excludeArrears ?? false;
      // The units in arrears now (accounting's service); without accounting nobody is excluded, and the answer says so.
      let arrears: { status: 'applied' | 'not-requested' | 'unavailable'; reason?: string; message?: string } = {
        status: 'not-requested',
      };
      const excluded: string[] = [];
      if (excludeArrears) {
        const access = await host.service<AccountingService>(request, 'accounting');
        if (access.available) {
          // One query for all the active units (accounting's batch call), not one per unit.
          const units = await host.directory(request).units();
          const owing = await access.service.unitsInArrears(units.map((u) => u.id));
          for (const unit of units) if (owing.has(unit.id)) excluded.push(unit.id);
          arrears = { status: 'applied' };
        } else arrears = { status: 'unavailable', reason: access.reason, message: ARREARS_UNAVAILABLE[access.reason] };
      }
      const vote = await em(request).transactional(async (tx) => {
        await lockComplex(tx, complexId);
        await assertRoomForVote(tx, complexId);
        const created = tx.create(Vote, {
          complexId,
          title,
          questions,
          endsAt,
          weighted,
          excludeArrears,
          arrearsApplied: arrears.status === 'applied',
          createdBy: userId,
        } as never);
        await tx.flush();
        for (const unitId of excluded)
          await tx.execute('insert into vote_exclusions (id, complex_id, vote_id, unit_id) values (?, ?, ?, ?)', [
            newId(),
            complexId,
            created.id,
            unitId,
          ]);
        host.audit(request, tx, {
          resource: 'votes',
          recordId: created.id,
          action: 'create',
          changes: {
            title,
            questions,
            endsAt: endsAt.toISOString(),
            weighted,
            excludeArrears,
            excludedUnits: excluded.length,
            arrears: arrears.status === 'unavailable' ? (arrears.message ?? '') : ARREARS_AUDIT[arrears.status],
          },
          description: title,
        });
        await tx.flush();
        return created;
      });
      return reply.status(201).send({ ...(await oneVote(request, vote)), arrears });
    },
  );

  app.delete(
    '/votes/:id',
    {
      schema: {
        tags,
        summary: 'Delete a vote, its ballots, proxies and files',
        params: IdParams,
        response: { 200: VoteSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const vote = await load(request);
      const result = await oneVote(request, vote);
      await em(request).transactional(async (tx) => {
        const files: { file_id: string }[] = await tx.execute('select file_id from vote_files where vote_id = ?', [vote.id]);
        for (const f of files) await host.files.remove(request, tx, f.file_id);
        await tx.execute('delete from votes where id = ? and complex_id = ?', [vote.id, vote.complexId]);
        host.audit(request, tx, {
          resource: 'votes',
          recordId: vote.id,
          action: 'delete',
          changes: result,
          description: vote.title,
        });
        await host.publish(vote.complexId, VOTE_BALLOT_TOPIC, { voteId: vote.id }, tx);
      });
      em(request).clear();
      return result;
    },
  );

  // ------------------------------------------------------------ files (up to 4, through the host's files service)
  const filesClosed = () => new ApiError(422, 'VOTE_FINISHED', VOTE_MESSAGES.filesClosed, { files: VOTE_MESSAGES.filesClosed });
  /** Locks the vote's row while it is open (else 422): the file writes of one vote wait for each other. */
  const lockOpenVote = async (tx: SqlEntityManager, voteId: string) => {
    const [row] = await tx.execute('select id from votes where id = ? and ends_at > now() for update', [voteId]);
    if (!row) throw filesClosed();
  };
  app.post(
    '/votes/:id/files',
    {
      // A retried upload (same Idempotency-Key) answers the files of the first one, never attaches them twice.
      config: { idempotent: true },
      schema: {
        tags,
        summary: `Attach files to a vote (multipart, field "files"; at most ${VOTE_FILES_MAX} per vote)`,
        params: IdParams,
        consumes: ['multipart/form-data'],
        response: { 201: Type.Array(VoteFileSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const vote = await load(request);
      if (!isOpen(vote)) throw filesClosed();
      const upload = await host.files.readUpload(request, {
        maxFileSize: VOTE_FILE_BYTES_MAX,
        // One more than the limit, so that a fifth file is seen and refused with the spec's own text.
        maxFiles: VOTE_FILES_MAX + 1,
        maxFields: 2,
        maxTotalSize: (VOTE_FILES_MAX + 1) * VOTE_FILE_BYTES_MAX,
        tooLargeMessage: VOTE_MESSAGES.fileTooLarge,
        allowedTypes: VOTE_FILE_TYPES,
        typeMessage: VOTE_MESSAGES.fileType,
      });
      if (!upload.files.length) throw new ApiError(400, 'VALIDATION', MESSAGES.required, { files: MESSAGES.required });
      const saved = await em(request).transactional(async (tx) => {
        // The vote's row, locked: concurrent uploads to it count its files one after the other, and a vote that
        // ended meanwhile gets none.
        await lockOpenVote(tx, vote.id);
        const [row] = await tx.execute('select count(*)::int as n from vote_files where vote_id = ?', [vote.id]);
        if (Number(row.n) + upload.files.length > VOTE_FILES_MAX)
          throw new ApiError(400, 'VOTE_FILES_LIMIT', VOTE_MESSAGES.filesLimit, { files: VOTE_MESSAGES.filesLimit });
        const out: { id: string; filename: string; size: number }[] = [];
        for (const f of upload.files) {
          const file = await host.files.save(request, tx, {
            category: 'vote',
            personal: false,
            filename: f.filename,
            contentType: f.contentType,
            data: f.stream(),
          });
          const [inserted] = await tx.execute(
            `insert into vote_files (id, complex_id, vote_id, file_id, filename, size) values (?, ?, ?, ?, ?, ?)
             returning id`,
            [newId(), vote.complexId, vote.id, file.id, f.filename.slice(0, 255), file.size],
          );
          out.push({ id: inserted.id, filename: f.filename.slice(0, 255), size: file.size });
          host.audit(request, tx, {
            resource: 'vote-files',
            recordId: inserted.id,
            action: 'create',
            changes: { voteId: vote.id, filename: f.filename, size: file.size },
            description: vote.title,
          });
        }
        return out;
      });
      return reply.status(201).send(saved);
    },
  );

  app.delete(
    '/votes/:id/files/:fileId',
    {
      schema: {
        tags,
        summary: 'Remove a file of a vote',
        params: VoteFileParams,
        response: { 200: VoteFileSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const vote = await load(request);
      const { fileId } = request.params;
      if (!isUuid(fileId)) throw notFound();
      if (!isOpen(vote)) throw filesClosed();
      return em(request).transactional(async (tx) => {
        await lockOpenVote(tx, vote.id);
        const [f] = await tx.execute('select id, file_id, filename, size from vote_files where id = ? and vote_id = ?', [
          fileId,
          vote.id,
        ]);
        if (!f) throw notFound();
        await host.files.remove(request, tx, f.file_id);
        await tx.execute('delete from vote_files where id = ?', [f.id]);
        host.audit(request, tx, {
          resource: 'vote-files',
          recordId: f.id,
          action: 'delete',
          changes: { voteId: vote.id, filename: f.filename },
          description: vote.title,
        });
        return { id: f.id, filename: f.filename, size: f.size };
      });
    },
  );

  // ------------------------------------------------------------ results, voters, report
  /** The results with, for office roles, who voted, who did not and the proxies. */
  const withLists = async (request: FastifyRequest, vote: Pick<Vote, 'id' | 'complexId'>, results: VoteResults) => {
    if (!isOffice(request)) return results;
    return { ...results, ...(await voterLists(em(request), vote)), proxies: await proxiesOf(em(request), vote) };
  };

  app.get(
    '/votes/:id/results',
    {
      schema: {
        tags,
        summary:
          'Per question: counts and percentages per unit and weighted by aliquot; the quorum; voters, non-voters and proxies (office roles, unless lists=false)',
        params: IdParams,
        querystring: Type.Object({ lists: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
        response: { 200: VoteResultsSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const vote = { id: request.params.id, complexId: host.context(request).complexId };
      const results = isUuid(vote.id) ? await resultsById(em(request), vote.complexId, vote.id) : null;
      if (!results) throw notFound();
      return request.query.lists === false ? results : withLists(request, vote, results);
    },
  );

  app.get(
    '/votes/:id/report',
    {
      schema: {
        tags,
        summary: 'The report of a vote (PDF or Excel)',
        params: IdParams,
        querystring: Type.Object(
          { format: Type.Optional(Type.Union([Type.Literal('pdf'), Type.Literal('xlsx')])) },
          { additionalProperties: false },
        ),
        response: { 200: FileResponse, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const vote = await load(request);
      const format = request.query.format ?? 'pdf';
      const full = await withLists(request, vote, await voteResults(em(request), vote));
      const report = {
        complexName: (await host.directory(request).complex()).name,
        results: full,
        voters: 'voters' in full ? (full.voters ?? []) : [],
        nonVoters: 'nonVoters' in full ? (full.nonVoters ?? []) : [],
        proxies: 'proxies' in full ? (full.proxies ?? []) : [],
      };
      const body = format === 'xlsx' ? await reportXlsx(report) : await reportPdf(report);
      return reply
        .type(format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'application/pdf')
        .header('Content-Disposition', contentDisposition(reportFileName(report, format)))
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  );

  // ------------------------------------------------------------ ballots
  /** The caller's own unit (where they live), or null. */
  const ownUnitOf = async (request: FastifyRequest) =>
    (await host.directory(request).person(host.context(request).userId))?.unitId ?? null;

  /** The unit's proxy, locked for share: a revocation waits until the ballot it allows is written. */
  const proxyFor = async (tx: SqlEntityManager, voteId: string, unitId: string) => {
    const [row] = await tx.execute('select id, holder_id from vote_proxies where vote_id = ? and unit_id = ? for share', [
      voteId,
      unitId,
    ]);
    return row as { id: string; holder_id: string } | undefined;
  };

  app.post(
    '/votes/:id/ballots',
    {
      schema: {
        tags,
        summary: "Cast or change the unit's ballot (own unit, or one that gave the caller its vote) until the end",
        params: IdParams,
        body: BallotCreateSchema,
        response: { 200: BallotSchema, 201: BallotSchema, ...ERROR_RESPONSES, 422: ErrorSchema },
      },
    },
    async (request, reply) => {
      const vote = await load(request);
      const { userId } = host.context(request);
      if (!isOpen(vote)) throw new ApiError(422, 'VOTE_FINISHED', VOTE_MESSAGES.finished);
      const answers = request.body.answers;
      checkAnswers(vote, answers);
      const own = await ownUnitOf(request);
      const unitId = request.body.unitId ?? own;
      if (!unitId) throw new ApiError(422, 'NO_UNIT', VOTE_MESSAGES.noUnit);
      const ballot = await em(request).transactional(async (tx) => {
        const proxy = await proxyFor(tx, vote.id, unitId);
        let viaProxy = false;
        if (unitId === own) {
          if (proxy && proxy.holder_id !== userId) throw new ApiError(409, 'VOTE_DELEGATED', VOTE_MESSAGES.delegated);
        } else if (proxy?.holder_id === userId) viaProxy = true;
        else throw new ApiError(403, 'NOT_YOUR_UNIT', VOTE_MESSAGES.notYourUnit);
        const unit = await host.directory({ complexId: vote.complexId, em: tx }).unit(unitId);
        if (!unit) throw notFound();
        if (!unit.isActive) throw new ApiError(422, 'UNIT_INACTIVE', VOTE_MESSAGES.inactiveUnit);
        const [excluded] = await tx.execute('select 1 from vote_exclusions where vote_id = ? and unit_id = ?', [vote.id, unitId]);
        if (excluded) throw new ApiError(422, 'UNIT_IN_ARREARS', VOTE_MESSAGES.excluded);
        const cast = await castBallot(tx, { vote, unitId, aliquot: unit.aliquot, answers, castBy: userId, viaProxy });
        host.audit(request, tx, {
          resource: 'vote-ballots',
          recordId: cast.id,
          action: cast.changed ? 'update' : 'create',
          changes: { voteId: vote.id, unitId, unit: unit.number, answers, viaProxy },
          description: `${vote.title} · ${unit.number}`,
        });
        await host.publish(vote.complexId, VOTE_BALLOT_TOPIC, { voteId: vote.id }, tx);
        return { ...cast, voteId: vote.id, unitId, unitNumber: unit.number, answers, viaProxy };
      });
      return reply.status(ballot.changed ? 200 : 201).send(ballot);
    },
  );

  app.get(
    '/votes/:id/my-ballots',
    {
      schema: {
        tags,
        summary: 'The units the caller may vote for in this vote (own, and those that gave them their vote), with their ballots',
        params: IdParams,
        response: { 200: MyBallotsSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const vote = await load(request);
      const { userId } = host.context(request);
      const own = await ownUnitOf(request);
      const rows: {
        unit_id: string;
        number: string;
        own: boolean;
        proxy_id: string | null;
        holder_id: string | null;
        holder_name: string | null;
        excluded: boolean;
        answers: number[] | null;
        cast_at: Date | null;
        updated_at: Date | null;
      }[] = await em(request).execute(
        `select u.id as unit_id, u.number, (u.id = ?) as own, x.id as proxy_id, x.holder_id, h.name as holder_name,
                exists (select 1 from vote_exclusions e where e.vote_id = ? and e.unit_id = u.id) as excluded,
                b.answers, b.cast_at, b.updated_at
           from directory_units u
           left join vote_proxies x on x.vote_id = ? and x.unit_id = u.id
           left join directory_people h on h.id = x.holder_id
           left join vote_ballots b on b.vote_id = ? and b.unit_id = u.id
          where u.complex_id = ? and (u.id = ? or x.holder_id = ?)
          order by (u.id = ?) desc, u.number_sort`,
        [own, vote.id, vote.id, vote.id, vote.complexId, own, userId, own],
      );
      return {
        units: rows.map((r) => ({
          unitId: r.unit_id,
          unitNumber: r.number,
          own: Boolean(r.own),
          delegatedTo:
            r.own && r.proxy_id && r.holder_id !== userId
              ? { proxyId: r.proxy_id, name: r.holder_name?.trim() || 'Desconocido' }
              : null,
          excluded: Boolean(r.excluded),
          ballot: r.answers
            ? {
                answers: r.answers.map(Number),
                castAt: new Date(r.cast_at as Date).toISOString(),
                updatedAt: new Date(r.updated_at as Date).toISOString(),
              }
            : null,
        })),
      };
    },
  );

  // ------------------------------------------------------------ proxies
  app.get(
    '/votes/:id/proxies',
    {
      schema: {
        tags,
        summary: "The vote's proxies (a resident: their unit's and those given to them)",
        params: IdParams,
        response: { 200: Type.Array(ProxySchema), 404: ErrorSchema },
      },
    },
    async (request) => {
      const vote = await load(request);
      if (isOffice(request)) return proxiesOf(em(request), vote);
      return proxiesOf(em(request), vote, { unitId: await ownUnitOf(request), holderId: host.context(request).userId });
    },
  );

  app.post(
    '/votes/:id/proxies',
    {
      schema: {
        tags,
        summary: 'A unit gives its vote to another resident of the complex (a resident for their own unit)',
        params: IdParams,
        body: ProxyCreateSchema,
        response: { 201: ProxySchema, ...ERROR_RESPONSES, 422: ErrorSchema },
      },
    },
    async (request, reply) => {
      const vote = await load(request);
      const { userId } = host.context(request);
      if (!isOpen(vote)) throw new ApiError(422, 'VOTE_FINISHED', VOTE_MESSAGES.finished);
      const body = request.body;
      const manager = isManager(request);
      const own = await ownUnitOf(request);
      const unitId = manager ? body.unitId : own;
      if (!manager && body.unitId && body.unitId !== own) throw new ApiError(403, 'NOT_YOUR_UNIT', VOTE_MESSAGES.notYourUnit);
      if (!unitId)
        throw manager
          ? new ApiError(400, 'VALIDATION', MESSAGES.required, { unitId: MESSAGES.required })
          : new ApiError(422, 'NO_UNIT', VOTE_MESSAGES.noUnit);
      const directory = host.directory(request);
      const unit = await directory.unit(unitId);
      if (!unit) throw notFound();
      const email = body.holderEmail?.trim().toLowerCase();
      if (!body.holderId && !email) throw new ApiError(400, 'VALIDATION', MESSAGES.required, { holderEmail: MESSAGES.required });
      const residents = await directory.residents(body.holderId ? { ids: [body.holderId] } : undefined);
      const holder = residents.find((p) => (body.holderId ? p.id === body.holderId : p.email.toLowerCase() === email));
      const holderError = (message: string) =>
        new ApiError(422, 'PROXY_HOLDER', message, { [body.holderId ? 'holderId' : 'holderEmail']: message });
      if (!holder?.isActive) throw holderError(VOTE_MESSAGES.proxyHolder);
      if (holder.id === userId) throw holderError(VOTE_MESSAGES.proxySelf);
      if (holder.unitId === unitId) throw holderError(VOTE_MESSAGES.proxyHolderVoted);
      const id = await em(request).transactional(async (tx) => {
        // The holder read again and locked for share: deactivated or moved into the unit meanwhile, no proxy.
        const [still] = await tx.execute(
          `select unit_id from directory_people
            where id = ? and residence_complex_id = ? and is_resident and is_active for share`,
          [holder.id, vote.complexId],
        );
        if (!still) throw holderError(VOTE_MESSAGES.proxyHolder);
        if (still.unit_id === unitId) throw holderError(VOTE_MESSAGES.proxyHolderVoted);
        const [row] = await tx
          .execute(
            `insert into vote_proxies (id, complex_id, vote_id, unit_id, holder_id, granted_by) values (?, ?, ?, ?, ?, ?)
             returning id`,
            [newId(), vote.complexId, vote.id, unitId, holder.id, userId],
          )
          .catch(
            onUniqueViolation('vote_proxies_one_per_unit', () => new ApiError(409, 'PROXY_TAKEN', VOTE_MESSAGES.proxyTaken)),
          );
        host.audit(request, tx, {
          resource: 'vote-proxies',
          recordId: row.id,
          action: 'create',
          changes: { voteId: vote.id, unitId, unit: unit.number, holderId: holder.id, holder: holder.name },
          description: `${vote.title} · ${unit.number} → ${holder.name}`,
        });
        await host.publish(vote.complexId, VOTE_BALLOT_TOPIC, { voteId: vote.id }, tx);
        return row.id as string;
      });
      const [proxy] = (await proxiesOf(em(request), vote)).filter((p) => p.id === id);
      return reply.status(201).send(proxy);
    },
  );

  app.delete(
    '/votes/:id/proxies/:proxyId',
    {
      schema: {
        tags,
        summary: 'Revoke a proxy (a resident: their own unit’s); the ballot it cast stays until changed',
        params: ProxyParams,
        response: { 200: ProxySchema, ...ERROR_RESPONSES, 422: ErrorSchema },
      },
    },
    async (request) => {
      const vote = await load(request);
      const { proxyId } = request.params;
      if (!isUuid(proxyId)) throw notFound();
      const proxy = (await proxiesOf(em(request), vote)).find((p) => p.id === proxyId);
      if (!proxy) throw notFound();
      if (!isManager(request) && proxy.unitId !== (await ownUnitOf(request))) {
        if (isOffice(request)) throw forbidden();
        throw notFound();
      }
      if (!isOpen(vote)) throw new ApiError(422, 'VOTE_FINISHED', VOTE_MESSAGES.finished);
      await em(request).transactional(async (tx) => {
        await tx.execute('delete from vote_proxies where id = ? and vote_id = ?', [proxy.id, vote.id]);
        host.audit(request, tx, {
          resource: 'vote-proxies',
          recordId: proxy.id,
          action: 'delete',
          changes: proxy,
          description: `${vote.title} · ${proxy.unitNumber} → ${proxy.holderName}`,
        });
        await host.publish(vote.complexId, VOTE_BALLOT_TOPIC, { voteId: vote.id }, tx);
      });
      return proxy;
    },
  );
  // ------------------------------------------------------------ attendance at the assembly
  /** Records (PUT) or withdraws (DELETE) a unit's presence: with the units that voted, the quorum's numerator. */
  const attendance = async (request: FastifyRequest, present: boolean) => {
    const vote = await load(request);
    const { unitId } = request.params as { unitId: string };
    if (!isUuid(unitId)) throw notFound();
    const unit = await host.directory(request).unit(unitId);
    if (!unit) throw notFound();
    if (!isOpen(vote)) throw new ApiError(422, 'VOTE_FINISHED', VOTE_MESSAGES.attendanceClosed);
    return em(request).transactional(async (tx) => {
      if (present) {
        if (!unit.isActive) throw new ApiError(422, 'UNIT_INACTIVE', VOTE_MESSAGES.attendanceInactive);
        const [excluded] = await tx.execute('select 1 from vote_exclusions where vote_id = ? and unit_id = ?', [
          vote.id,
          unit.id,
        ]);
        if (excluded) throw new ApiError(422, 'EXCLUDED', VOTE_MESSAGES.attendanceExcluded);
      }
      // A repeated PUT or DELETE changes nothing and records nothing.
      const changed = present
        ? await tx.execute(
            `insert into vote_attendance (id, complex_id, vote_id, unit_id, recorded_by) values (?, ?, ?, ?, ?)
             on conflict (vote_id, unit_id) do nothing returning id`,
            [newId(), vote.complexId, vote.id, unit.id, host.context(request).userId],
          )
        : await tx.execute('delete from vote_attendance where vote_id = ? and unit_id = ? returning id', [vote.id, unit.id]);
      if (changed.length) {
        host.audit(request, tx, {
          resource: 'vote-attendance',
          recordId: changed[0].id as string,
          action: present ? 'create' : 'delete',
          changes: { voteId: vote.id, unitId: unit.id, unit: unit.number, present },
          description: `${vote.title} · ${unit.number}`,
        });
        await host.publish(vote.complexId, VOTE_BALLOT_TOPIC, { voteId: vote.id }, tx);
      }
      return { voteId: vote.id, unitId: unit.id, unitNumber: unit.number, present };
    });
  };
  const attendanceSchema = (summary: string) => ({
    tags,
    summary,
    params: AttendanceParams,
    response: { 200: AttendanceSchema, ...ERROR_RESPONSES, 422: ErrorSchema },
  });
  app.put(
    '/votes/:id/attendance/:unitId',
    { schema: attendanceSchema('Record a unit as present at the assembly (it counts for the quorum without a ballot)') },
    (request) => attendance(request, true),
  );
  app.delete('/votes/:id/attendance/:unitId', { schema: attendanceSchema('Withdraw a unit’s recorded presence') }, (request) =>
    attendance(request, false),
  );
}
