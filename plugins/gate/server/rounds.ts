// Rounds of the gate (spec 002 §2.2 rondas, §2.5 gestionGuardia): the office defines each post's checkpoints
// (name, order, optional tag code for a QR/NFC sticker); a guard starts a round at a post, which takes the post's
// active checkpoints as its marks, and marks each once at the server's time (by touch or by the tag's code). The
// round is complete when every mark is made; the guard may end it incomplete with an observation.
// Routes: /gate-checkpoints (office CRUD, guards read), /gate-rounds (list, show, start, marks, end, current).
import {
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
  newId,
  notFound,
  onUniqueViolation,
  type PluginApp,
} from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import { ROUND_STATUSES, ROUNDS_LIMITS, ROUNDS_MESSAGES, ROUNDS_TOPICS } from '../rounds.ts';
import {
  type CheckpointItem,
  CheckpointSchema,
  CheckpointWriteSchema,
  CurrentRoundSchema,
  RoundEndSchema,
  type RoundItem,
  RoundMarkWriteSchema,
  RoundSchema,
  RoundStartSchema,
} from '../rounds-schemas.ts';
import { badFilter, em, isOffice, refused, tags, uuidOr404 } from './common.ts';
import { hiddenForGuard } from './guards.ts';
import { openShiftOf, postNamed } from './shifts.ts';

const CHECKPOINTS = 'gate-checkpoints';
const ROUNDS = 'gate-rounds';

// ------------------------------------------------------------------ checkpoints

/**
 * A post takes one more checkpoint (ROUNDS_LIMITS.checkpointsPerPost at most; 422 otherwise): its row lock orders
 * concurrent writes, so the count is exact. Answers the post's last position.
 */
async function roomAt(tx: { execute(sql: string, params?: unknown[]): Promise<unknown> }, postId: string): Promise<number> {
  await tx.execute('select id from gate_posts where id = ? for update', [postId]);
  const [{ n, last }] = (await tx.execute(
    'select count(*)::int as n, coalesce(max(position), 0)::int as last from gate_checkpoints where post_id = ?',
    [postId],
  )) as { n: number; last: number }[];
  if (Number(n) >= ROUNDS_LIMITS.checkpointsPerPost)
    throw refused(422, 'TOO_MANY_CHECKPOINTS', ROUNDS_MESSAGES.tooManyCheckpoints);
  return Number(last);
}

// post_sort: sorted by post, each post's checkpoints in their round's order (the list sorts by one column, then id);
// byte order, so that 'Garita 1' comes wholly before 'Garita 10'.
const CHECKPOINTS_SQL = `(select c.id, c.complex_id, c.post_id, p.name as post_name, c.name, c.position, c.code, c.is_active,
    c.created_at, (coalesce(p.name, '') || ' ' || lpad(c.position::text, 6, '0')) collate "C" as post_sort
    from gate_checkpoints c left join gate_posts p on p.id = c.post_id)`;
const CHECKPOINT_COLUMNS = {
  id: 't.id',
  complexId: 't.complex_id',
  postId: 't.post_id',
  postName: 't.post_name',
  postSort: 't.post_sort',
  name: 't.name',
  position: 't.position',
  code: 't.code',
  isActive: 't.is_active',
  createdAt: 't.created_at',
};
const select = (columns: Record<string, string>) =>
  Object.entries(columns)
    .map(([name, column]) => `${column} as "${name}"`)
    .join(', ');

const toCheckpoint = (r: Record<string, unknown>): CheckpointItem => ({
  id: r.id as string,
  postId: r.postId as string,
  postName: (r.postName as string | null) ?? null,
  name: r.name as string,
  position: Number(r.position),
  code: (r.code as string | null) ?? null,
  isActive: Boolean(r.isActive),
});

// ------------------------------------------------------------------ rounds

const ROUND_COLUMNS = {
  id: 't.id',
  complexId: 't.complex_id',
  guardId: 't.guard_id',
  guardName: 't.guard_name',
  postId: 't.post_id',
  postName: 't.post_name',
  shiftId: 't.shift_id',
  status: 't.status',
  checkpointCount: 't.checkpoint_count',
  markedCount: 't.marked_count',
  startedAt: 't.started_at',
  endedAt: 't.ended_at',
  observation: 't.observation',
};
const STATUS_LABELS: Record<string, string> = { enCurso: 'En curso', completa: 'Completa', incompleta: 'Incompleta' };

const toRound = (r: Record<string, unknown>): RoundItem => ({
  id: r.id as string,
  guardId: (r.guardId as string | null) ?? null,
  guardName: r.guardName as string,
  postId: (r.postId as string | null) ?? null,
  postName: (r.postName as string | null) ?? null,
  shiftId: (r.shiftId as string | null) ?? null,
  status: r.status as RoundItem['status'],
  checkpointCount: Number(r.checkpointCount),
  markedCount: Number(r.markedCount),
  startedAt: isoOrNull(r.startedAt) ?? '',
  endedAt: isoOrNull(r.endedAt),
  observation: (r.observation as string | null) ?? null,
});

/** A round of the complex with its marks in order, or 404. */
async function readRound(db: SqlEntityManager, complexId: string, id: string): Promise<RoundItem> {
  const [row] = await db.execute(`select ${select(ROUND_COLUMNS)} from gate_rounds t where t.complex_id = ? and t.id = ?`, [
    complexId,
    id,
  ]);
  if (!row) throw notFound();
  const marks = await db.execute(
    `select checkpoint_id as "checkpointId", checkpoint_name as "checkpointName", position, marked_at as "markedAt", note
       from gate_round_marks where round_id = ? order by position, checkpoint_name`,
    [id],
  );
  return {
    ...toRound(row),
    marks: marks.map((m) => ({
      checkpointId: (m.checkpointId as string | null) ?? null,
      checkpointName: m.checkpointName as string,
      position: Number(m.position),
      markedAt: isoOrNull(m.markedAt),
      note: (m.note as string | null) ?? null,
    })),
  };
}

export function roundRoutes(app: PluginApp, host: HostServices) {
  const db = (request: FastifyRequest) => em(host, request);
  const complexOf = (request: FastifyRequest) => host.context(request).complexId;

  // ---------------------------------------------------------------- checkpoints
  const readCheckpoint = async (request: FastifyRequest, id: string): Promise<CheckpointItem> => {
    uuidOr404(id);
    const [row] = await db(request).execute(
      `select ${select(CHECKPOINT_COLUMNS)} from ${CHECKPOINTS_SQL} t where t.complex_id = ? and t.id = ?`,
      [complexOf(request), id],
    );
    if (!row) throw notFound();
    return toCheckpoint(row);
  };
  const nameTaken = () => refused(409, 'CHECKPOINT_TAKEN', ROUNDS_MESSAGES.checkpointTaken, 'name');
  const codeTaken = () => refused(409, 'CODE_TAKEN', ROUNDS_MESSAGES.codeTaken, 'code');
  /** A unique index's refusal as the field's 409 (the name within the post, the code within the complex). */
  const writeRefusal = (error: unknown): never => {
    try {
      return onUniqueViolation('gate_checkpoints_code', codeTaken)(error);
    } catch (next) {
      return onUniqueViolation('gate_checkpoints_post_name', nameTaken)(next);
    }
  };
  const cleanName = (raw: string) => {
    const name = raw.trim().replace(/\s+/g, ' ');
    if (!name) throw invalid('name', ROUNDS_MESSAGES.checkpointName);
    return name;
  };
  const cleanCode = (raw: string | null | undefined) => (raw == null ? raw : (blank(raw)?.toUpperCase() ?? null));

  host.listRoute(app, {
    resource: CHECKPOINTS,
    tags,
    summary: "The posts' checkpoints, in their round's order. Filters: postId, isActive; q searches name and code",
    table: CHECKPOINTS_SQL,
    columns: CHECKPOINT_COLUMNS,
    filters: { postId: 'exact', isActive: 'exact' },
    search: ['name', 'code', 'postName'],
    sortable: ['position', 'name', 'postName', 'createdAt'],
    sortAliases: { postName: 'postSort' },
    defaultSort: { field: 'postName', order: 'ASC' },
    item: CheckpointSchema,
    exportColumns: {
      postName: 'Garita',
      position: 'Orden',
      name: 'Punto de control',
      code: 'Código',
      isActive: { header: 'Activo', value: (c: CheckpointItem) => (c.isActive ? 'Sí' : 'No') },
    },
    toItem: toCheckpoint,
  });

  app.get(
    `/${CHECKPOINTS}/:id`,
    { schema: { tags, params: IdParams, response: { 200: CheckpointSchema, 404: ErrorSchema } } },
    async (request) => readCheckpoint(request, request.params.id),
  );

  app.post(
    `/${CHECKPOINTS}`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: "New checkpoint of a post (position: default after the post's last); code: the QR/NFC tag's text",
        body: CheckpointWriteSchema,
        response: { 201: CheckpointSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const body = fieldsOf(CheckpointWriteSchema, request.body) as Static<typeof CheckpointWriteSchema>;
      const complexId = complexOf(request);
      await postNamed(host, request, body.postId);
      const name = cleanName(body.name);
      const code = cleanCode(body.code) ?? null;
      const id = newId();
      await db(request)
        .transactional(async (tx) => {
          const last = await roomAt(tx, body.postId);
          const position = body.position ?? Math.min(last + 1, 10_000);
          await tx.execute(
            `insert into gate_checkpoints (id, complex_id, post_id, name, position, code, is_active) values (?, ?, ?, ?, ?, ?, ?)`,
            [id, complexId, body.postId, name, position, code, body.isActive ?? true],
          );
          host.audit(request, tx, {
            resource: CHECKPOINTS,
            recordId: id,
            action: 'create',
            changes: { postId: body.postId, name, position, code },
            description: name,
          });
        })
        .catch(writeRefusal);
      return reply.status(201).send(await readCheckpoint(request, id));
    },
  );

  app.put(
    `/${CHECKPOINTS}/:id`,
    {
      schema: {
        tags,
        summary: 'Change a checkpoint (rounds already started keep what they took)',
        params: IdParams,
        body: Type.Partial(CheckpointWriteSchema, { additionalProperties: false }),
        response: { 200: CheckpointSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const before = await readCheckpoint(request, request.params.id);
      const body = fieldsOf(CheckpointWriteSchema, request.body);
      if (body.postId !== undefined && body.postId !== before.postId) await postNamed(host, request, body.postId);
      const after: CheckpointItem = {
        ...before,
        postId: body.postId ?? before.postId,
        name: body.name === undefined ? before.name : cleanName(body.name),
        position: body.position ?? before.position,
        code: body.code === undefined ? before.code : (cleanCode(body.code) ?? null),
        isActive: body.isActive ?? before.isActive,
      };
      await db(request)
        .transactional(async (tx) => {
          // Moved to another post: that post's limit holds too.
          if (after.postId !== before.postId) await roomAt(tx, after.postId);
          await tx.execute(
            'update gate_checkpoints set post_id = ?, name = ?, position = ?, code = ?, is_active = ? where id = ? and complex_id = ?',
            [after.postId, after.name, after.position, after.code, after.isActive, before.id, complexOf(request)],
          );
          host.audit(request, tx, {
            resource: CHECKPOINTS,
            recordId: before.id,
            action: 'update',
            changes: changesOf(before, after),
            description: after.name,
          });
        })
        .catch(writeRefusal);
      return readCheckpoint(request, before.id);
    },
  );

  app.delete(
    `/${CHECKPOINTS}/:id`,
    {
      schema: {
        tags,
        summary:
          'Delete a checkpoint (finished rounds keep its name). 409 CHECKPOINT_IN_USE while a round in progress has it: deactivate it instead',
        params: IdParams,
        response: { 200: CheckpointSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const checkpoint = await readCheckpoint(request, request.params.id);
      await db(request).transactional(async (tx) => {
        const [busy] = await tx.execute(
          `select 1 from gate_round_marks m join gate_rounds r on r.id = m.round_id
            where m.checkpoint_id = ? and r.status = 'enCurso' limit 1`,
          [checkpoint.id],
        );
        if (busy)
          throw refused(
            409,
            'CHECKPOINT_IN_USE',
            'El punto está en una ronda en curso. Desactívelo para que no entre en las siguientes.',
          );
        await tx.execute('delete from gate_checkpoints where id = ? and complex_id = ?', [checkpoint.id, complexOf(request)]);
        host.audit(request, tx, {
          resource: CHECKPOINTS,
          recordId: checkpoint.id,
          action: 'delete',
          changes: checkpoint,
          description: checkpoint.name,
        });
      });
      return checkpoint;
    },
  );

  // ---------------------------------------------------------------- rounds
  const ownRound = (request: FastifyRequest, round: RoundItem) => {
    if (round.guardId !== host.context(request).userId) throw refused(403, 'NOT_YOUR_ROUND', ROUNDS_MESSAGES.notYourRound);
  };

  host.listRoute(app, {
    resource: ROUNDS,
    tags,
    summary:
      'Rounds, newest first, with their progress (markedCount of checkpointCount). Filters: startedAt_gte/_lte (days), guardId, postId, status; q searches guard and post',
    table: 'gate_rounds',
    columns: ROUND_COLUMNS,
    filters: {
      startedAt: 'dateRange',
      guardId: 'exact',
      postId: 'exact',
      shiftId: 'exact',
      status: (value) => {
        if (typeof value !== 'string' || !(ROUND_STATUSES as readonly string[]).includes(value)) throw badFilter('status');
        return { status: value };
      },
    },
    search: ['guardName', 'postName', 'observation'],
    sortable: ['startedAt', 'endedAt', 'guardName', 'postName', 'status', 'markedCount'],
    defaultSort: { field: 'startedAt', order: 'DESC' },
    where: (request) => {
      hiddenForGuard(host)(request);
      return {};
    },
    item: RoundSchema,
    exportColumns: {
      guardName: 'Guardia',
      postName: 'Garita',
      startedAt: { header: 'Inicio', value: (r: RoundItem) => formatDateTime(r.startedAt) },
      endedAt: { header: 'Fin', value: (r: RoundItem) => (r.endedAt ? formatDateTime(r.endedAt) : '') },
      status: { header: 'Estado', value: (r: RoundItem) => STATUS_LABELS[r.status] },
      markedCount: { header: 'Puntos marcados', value: (r: RoundItem) => `${r.markedCount} de ${r.checkpointCount}` },
      observation: 'Observación',
    },
    toItem: toRound,
  });

  app.get(
    `/${ROUNDS}/current`,
    {
      schema: {
        tags,
        summary: "The signed-in guard's round in progress with its marks (null: none)",
        response: { 200: CurrentRoundSchema },
      },
    },
    async (request) => {
      const { complexId, userId } = host.context(request);
      const [row] = await db(request).execute(
        "select id from gate_rounds where complex_id = ? and guard_id = ? and status = 'enCurso'",
        [complexId, userId],
      );
      return { round: row ? await readRound(db(request), complexId, row.id as string) : null };
    },
  );

  app.get(
    `/${ROUNDS}/:id`,
    { schema: { tags, params: IdParams, response: { 200: RoundSchema, 404: ErrorSchema } } },
    async (request) => {
      uuidOr404(request.params.id);
      const round = await readRound(db(request), complexOf(request), request.params.id);
      // A guard's own round stays readable (the console follows it) even when NoFamilyGuard hides the history.
      if (round.guardId !== host.context(request).userId) hiddenForGuard(host)(request);
      return round;
    },
  );

  app.post(
    `/${ROUNDS}`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          "Start the signed-in guard's round at a post: it takes the post's active checkpoints in order. 409 ROUND_OPEN while they have one in progress; 422 NO_CHECKPOINTS",
        body: RoundStartSchema,
        response: { 201: RoundSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { complexId, userId, userName } = host.context(request);
      const postId = request.body.postId;
      const postName = await postNamed(host, request, postId);
      const checkpoints = await db(request).execute(
        `select id, name, position from gate_checkpoints where complex_id = ? and post_id = ? and is_active
          order by position, name`,
        [complexId, postId],
      );
      if (!checkpoints.length) throw refused(422, 'NO_CHECKPOINTS', ROUNDS_MESSAGES.noCheckpoints, 'postId');
      const shift = await openShiftOf(host, request);
      const id = newId();
      const taken = () => refused(409, 'ROUND_OPEN', ROUNDS_MESSAGES.roundOpen);
      await db(request)
        .transactional(async (tx) => {
          await tx.execute(
            `insert into gate_rounds (id, complex_id, guard_id, guard_name, post_id, post_name, shift_id, checkpoint_count)
             values (?, ?, ?, ?, ?, ?, ?, ?)`,
            [id, complexId, userId, userName, postId, postName, shift?.id ?? null, checkpoints.length],
          );
          await tx.execute(
            `insert into gate_round_marks (id, complex_id, round_id, checkpoint_id, checkpoint_name, position)
             values ${checkpoints.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}`,
            checkpoints.flatMap((c) => [newId(), complexId, id, c.id, c.name, c.position]),
          );
          host.audit(request, tx, {
            resource: ROUNDS,
            recordId: id,
            action: 'create',
            changes: { postId, postName, checkpointCount: checkpoints.length },
            description: `Ronda de ${userName} en ${postName}`,
          });
          await host.publish(complexId, ROUNDS_TOPICS.roundChanged, { id, action: 'start' }, tx);
        })
        .catch(onUniqueViolation('gate_rounds_one_open', taken));
      return reply.status(201).send(await readRound(db(request), complexId, id));
    },
  );

  app.post(
    `/${ROUNDS}/:id/marks`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          "Mark a checkpoint of the guard's round in progress at the server's time, by checkpointId or by its tag's code. Each once: 409 ALREADY_MARKED; a checkpoint not in the round: 422 CHECKPOINT_MISSING; the last one completes the round. Send Idempotency-Key to retry safely",
        params: IdParams,
        body: RoundMarkWriteSchema,
        response: { 200: RoundSchema, ...ERROR_RESPONSES, 422: ErrorSchema },
      },
    },
    async (request) => {
      uuidOr404(request.params.id);
      const complexId = complexOf(request);
      const round = await readRound(db(request), complexId, request.params.id);
      ownRound(request, round);
      if (round.status !== 'enCurso') throw refused(409, 'ROUND_CLOSED', ROUNDS_MESSAGES.roundClosed);
      const { checkpointId, code } = request.body;
      if (!checkpointId === !code) throw refused(400, 'VALIDATION', ROUNDS_MESSAGES.markTarget, 'checkpointId');
      const missing = () => refused(422, 'CHECKPOINT_MISSING', ROUNDS_MESSAGES.checkpointMissing, 'checkpointId');
      const target = checkpointId
        ? round.marks?.find((m) => m.checkpointId === checkpointId)
        : await db(request)
            .execute('select id from gate_checkpoints where complex_id = ? and code = ?', [complexId, code!.trim().toUpperCase()])
            .then(([row]) => round.marks?.find((m) => row && m.checkpointId === row.id));
      if (!target?.checkpointId) throw missing();
      const note = blank(request.body.note);
      await db(request).transactional(async (tx) => {
        // Conditional updates: a retried or concurrent mark finds it made (409); a round ended meanwhile refuses.
        const marked = await tx.execute(
          `update gate_round_marks set marked_at = now(), note = ?
            where round_id = ? and checkpoint_id = ? and marked_at is null returning id`,
          [note, round.id, target.checkpointId],
        );
        if (!marked.length) throw refused(409, 'ALREADY_MARKED', ROUNDS_MESSAGES.alreadyMarked, 'checkpointId');
        const [updated] = await tx.execute(
          `update gate_rounds set marked_count = marked_count + 1,
                  status = case when marked_count + 1 = checkpoint_count then 'completa' else status end,
                  ended_at = case when marked_count + 1 = checkpoint_count then now() else ended_at end
            where id = ? and complex_id = ? and status = 'enCurso' returning status`,
          [round.id, complexId],
        );
        if (!updated) throw refused(409, 'ROUND_CLOSED', ROUNDS_MESSAGES.roundClosed);
        host.audit(request, tx, {
          resource: ROUNDS,
          recordId: round.id,
          action: 'mark',
          changes: { checkpointId: target.checkpointId, checkpointName: target.checkpointName, note },
          description: `Ronda de ${round.guardName}: ${target.checkpointName}`,
        });
        await host.publish(complexId, ROUNDS_TOPICS.roundChanged, { id: round.id, action: 'mark', status: updated.status }, tx);
      });
      return readRound(db(request), complexId, round.id);
    },
  );

  app.post(
    `/${ROUNDS}/:id/end`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'End a round in progress before every checkpoint is marked (incompleta), with an observation (required): its guard, or the office. 409 ROUND_CLOSED when it already ended',
        params: IdParams,
        body: RoundEndSchema,
        response: { 200: RoundSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      uuidOr404(request.params.id);
      const complexId = complexOf(request);
      const round = await readRound(db(request), complexId, request.params.id);
      if (!isOffice(host, request)) ownRound(request, round);
      const observation = blank(request.body.observation);
      if (!observation) throw invalid('observation', ROUNDS_MESSAGES.observationRequired);
      await db(request).transactional(async (tx) => {
        const ended = await tx.execute(
          `update gate_rounds set status = 'incompleta', ended_at = now(), observation = ?
            where id = ? and complex_id = ? and status = 'enCurso' returning id`,
          [observation, round.id, complexId],
        );
        if (!ended.length) throw refused(409, 'ROUND_CLOSED', ROUNDS_MESSAGES.roundClosed);
        host.audit(request, tx, {
          resource: ROUNDS,
          recordId: round.id,
          action: 'end',
          changes: { status: ['enCurso', 'incompleta'], observation },
          description: `Ronda de ${round.guardName}`,
        });
        await host.publish(complexId, ROUNDS_TOPICS.roundChanged, { id: round.id, action: 'end' }, tx);
      });
      return readRound(db(request), complexId, round.id);
    },
  );
}
