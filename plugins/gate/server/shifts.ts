// /api/complexes/:complexId/gate-shifts: the guard on duty at a post (spec 002 §2.2 ingresos, 'Cambios de Guardias').
// A guard starts a shift at their post and hands it over with an observation; one open shift per guard, decided by
// the database (gate_shifts_one_open): of concurrent starts one wins, the others get 409 SHIFT_OPEN. The list is
// the guard changes' history: who, where, from when to when, and what they handed over.
import {
  ApiError,
  blank,
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
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { ROUNDS_MESSAGES, ROUNDS_TOPICS } from '../rounds.ts';
import { CurrentShiftSchema, ShiftEndSchema, type ShiftItem, ShiftSchema, ShiftStartSchema } from '../rounds-schemas.ts';
import { em, isOffice, tags, uuidOr404, yesNo } from './common.ts';
import { hiddenForGuard } from './guards.ts';

const RESOURCE = 'gate-shifts';

const SHIFT_COLUMNS = {
  id: 't.id',
  complexId: 't.complex_id',
  guardId: 't.guard_id',
  guardName: 't.guard_name',
  postId: 't.post_id',
  postName: 't.post_name',
  startedAt: 't.started_at',
  endedAt: 't.ended_at',
  startObservation: 't.start_observation',
  endObservation: 't.end_observation',
};
const SELECT = Object.entries(SHIFT_COLUMNS)
  .map(([name, column]) => `${column} as "${name}"`)
  .join(', ');

export const toShift = (r: Record<string, unknown>): ShiftItem => ({
  id: r.id as string,
  guardId: (r.guardId as string | null) ?? null,
  guardName: r.guardName as string,
  postId: (r.postId as string | null) ?? null,
  postName: (r.postName as string | null) ?? null,
  startedAt: isoOrNull(r.startedAt) ?? '',
  endedAt: isoOrNull(r.endedAt),
  startObservation: (r.startObservation as string | null) ?? null,
  endObservation: (r.endObservation as string | null) ?? null,
  open: !r.endedAt,
});

/** The request's guard's open shift in the complex, if any. */
export async function openShiftOf(host: HostServices, request: FastifyRequest): Promise<ShiftItem | null> {
  const { complexId, userId } = host.context(request);
  const [row] = await em(host, request).execute(
    `select ${SELECT} from gate_shifts t where t.complex_id = ? and t.guard_id = ? and t.ended_at is null`,
    [complexId, userId],
  );
  return row ? toShift(row) : null;
}

/** A post of the request's complex by id: its name, or the 400 of a foreign or unknown one. */
export async function postNamed(host: HostServices, request: FastifyRequest, postId: string): Promise<string> {
  const [post] = await em(host, request).execute('select name from gate_posts where id = ? and complex_id = ?', [
    postId,
    host.context(request).complexId,
  ]);
  if (!post) throw invalid('postId', ROUNDS_MESSAGES.postRequired);
  return post.name as string;
}

export function shiftRoutes(app: PluginApp, host: HostServices) {
  const read = async (request: FastifyRequest, id: string): Promise<ShiftItem> => {
    const [row] = await em(host, request).execute(`select ${SELECT} from gate_shifts t where t.complex_id = ? and t.id = ?`, [
      host.context(request).complexId,
      id,
    ]);
    if (!row) throw notFound();
    return toShift(row);
  };

  host.listRoute(app, {
    resource: RESOURCE,
    tags,
    summary:
      'The guard changes (Cambios de Guardias), newest first. Filters: startedAt_gte/_lte (days), guardId, postId, open; q searches the guard, the post and the observations',
    table: 'gate_shifts',
    columns: SHIFT_COLUMNS,
    filters: {
      startedAt: 'dateRange',
      guardId: 'exact',
      postId: 'exact',
      open: (value) => (yesNo('open', value) ? { endedAt: null } : { endedAt: { $ne: null } }),
    },
    search: ['guardName', 'postName', 'startObservation', 'endObservation'],
    sortable: ['startedAt', 'endedAt', 'guardName', 'postName'],
    defaultSort: { field: 'startedAt', order: 'DESC' },
    where: (request) => {
      hiddenForGuard(host)(request);
      return {};
    },
    item: ShiftSchema,
    exportColumns: {
      guardName: 'Guardia',
      postName: 'Garita',
      startedAt: { header: 'Inicio', value: (s: ShiftItem) => formatDateTime(s.startedAt) },
      endedAt: { header: 'Fin', value: (s: ShiftItem) => (s.endedAt ? formatDateTime(s.endedAt) : '') },
      startObservation: 'Observación al recibir',
      endObservation: 'Observación de entrega',
    },
    toItem: toShift,
  });

  app.get(
    `/${RESOURCE}/current`,
    {
      schema: { tags, summary: "The signed-in guard's open shift (null when off duty)", response: { 200: CurrentShiftSchema } },
    },
    async (request) => ({ shift: await openShiftOf(host, request) }),
  );

  app.get(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, response: { 200: ShiftSchema, 404: ErrorSchema } } },
    async (request) => {
      hiddenForGuard(host)(request);
      uuidOr404(request.params.id);
      return read(request, request.params.id);
    },
  );

  app.post(
    `/${RESOURCE}`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          "Start the signed-in guard's shift at a post (required when the complex has posts), at the server's time. 409 SHIFT_OPEN while they have one open",
        body: ShiftStartSchema,
        response: { 201: ShiftSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const body = fieldsOf(ShiftStartSchema, request.body) as Static<typeof ShiftStartSchema>;
      const { complexId, userId, userName } = host.context(request);
      let postName: string | null = null;
      if (body.postId) postName = await postNamed(host, request, body.postId);
      else {
        const [{ n }] = await em(host, request).execute('select count(*)::int as n from gate_posts where complex_id = ?', [
          complexId,
        ]);
        if (Number(n) > 0) throw invalid('postId', ROUNDS_MESSAGES.postRequired);
      }
      const id = newId();
      const observation = blank(body.observation);
      const taken = () => new ApiError(409, 'SHIFT_OPEN', ROUNDS_MESSAGES.shiftOpen);
      await em(host, request)
        .transactional(async (tx) => {
          await tx.execute(
            `insert into gate_shifts (id, complex_id, guard_id, guard_name, post_id, post_name, start_observation)
             values (?, ?, ?, ?, ?, ?, ?)`,
            [id, complexId, userId, userName, body.postId ?? null, postName, observation],
          );
          host.audit(request, tx, {
            resource: RESOURCE,
            recordId: id,
            action: 'create',
            changes: { postId: body.postId ?? null, postName, startObservation: observation },
            description: `Turno de ${userName}${postName ? ` en ${postName}` : ''}`,
          });
          await host.publish(complexId, ROUNDS_TOPICS.shiftChanged, { id, action: 'start' }, tx);
        })
        .catch(onUniqueViolation('gate_shifts_one_open', taken));
      return reply.status(201).send(await read(request, id));
    },
  );

  app.post(
    `/${RESOURCE}/:id/end`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Hand over a shift with an observation (required), at the server time: its guard, or the office for a forgotten one. 409 SHIFT_CLOSED when already ended',
        params: IdParams,
        body: ShiftEndSchema,
        response: { 200: ShiftSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      uuidOr404(request.params.id);
      const shift = await read(request, request.params.id);
      const { complexId, userId } = host.context(request);
      if (shift.guardId !== userId && !isOffice(host, request))
        throw new ApiError(403, 'NOT_YOUR_SHIFT', ROUNDS_MESSAGES.notYourShift);
      const observation = blank(request.body.observation);
      if (!observation) throw invalid('observation', ROUNDS_MESSAGES.observationRequired);
      await em(host, request).transactional(async (tx) => {
        // Conditional: of two hand-overs at once, one ends it and the other gets the 409.
        const ended = await tx.execute(
          `update gate_shifts set ended_at = greatest(now(), started_at), end_observation = ?, ended_by = ?
            where id = ? and complex_id = ? and ended_at is null returning id`,
          [observation, userId, shift.id, complexId],
        );
        if (!ended.length) throw new ApiError(409, 'SHIFT_CLOSED', ROUNDS_MESSAGES.shiftClosed);
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: shift.id,
          action: 'end',
          changes: { endObservation: observation },
          description: `Turno de ${shift.guardName}${shift.postName ? ` en ${shift.postName}` : ''}`,
        });
        await host.publish(complexId, ROUNDS_TOPICS.shiftChanged, { id: shift.id, action: 'end' }, tx);
      });
      return read(request, shift.id);
    },
  );
}
