// /api/complexes/:complexId/approvers: the people a resident authorises to approve visitor entry (spec 002 §3
// Approver list, §5 Approvers): one by one, or the whole list at once as the shared modal saves it (/replace).
// At most 5 per resident, first names trimmed <= 70, a last name whenever there is a first name, a single typed
// name split as the spec says (household.ts approverPairs). The office manages everyone's; a resident their own.
import {
  ApiError,
  changesOf,
  ERROR_RESPONSES,
  ErrorSchema,
  type HostServices,
  IdParams,
  onUniqueViolation,
  type PluginApp,
} from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  ApproverCreateSchema,
  type Approver as ApproverItem,
  ApproverSchema,
  ApproversReplaceSchema,
  ApproverUpdateSchema,
} from '../household.schemas.ts';
import { APPROVER_LIMITS, approverPairs, HOUSEHOLD_MESSAGES } from '../household.ts';
import { Approver } from './approver.entity.ts';
import { householdOf, loadOwn, ownDeleteRoute, ownRows } from './household-scope.ts';

const tags = ['residents'];
const RESOURCE = 'approvers';

export const toApprover = (a: Approver): ApproverItem => ({
  id: a.id,
  residentId: a.residentId,
  residentName: a.residentName ?? null,
  unitId: a.unitId ?? null,
  unitNumber: a.unitNumber ?? null,
  position: a.position,
  firstName: a.firstName,
  lastName: a.lastName,
  name: `${a.firstName} ${a.lastName}`,
  createdAt: new Date(a.createdAt).toISOString(),
});

const invalid = (errors: Record<string, string>) => new ApiError(400, 'VALIDATION', Object.values(errors)[0], errors);
const tooMany = () => new ApiError(409, 'APPROVERS_MAX', HOUSEHOLD_MESSAGES.approversMax);
const duplicateError = () =>
  new ApiError(409, 'APPROVER_DUPLICATE', HOUSEHOLD_MESSAGES.approverDuplicate, {
    firstName: HOUSEHOLD_MESSAGES.approverDuplicate,
  });
// Two writes checked at once: the unique indexes answer the second (a sixth position never exists).
const positionTaken = onUniqueViolation('approvers_resident_position_unique', tooMany);
const nameTaken = onUniqueViolation('approvers_resident_name_unique', duplicateError);
const uniqueViolations = (error: unknown) => {
  try {
    positionTaken(error);
  } catch (e) {
    nameTaken(e);
  }
};

/** One approver from a create or an update body: the pair as saved, or 400. */
function onePair(body: { firstName?: string | null; lastName?: string | null }) {
  const { pairs, errors } = approverPairs([body]);
  const fieldErrors = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.replace(/^0\./, ''), v]));
  if (Object.keys(fieldErrors).length) throw invalid(fieldErrors);
  if (!pairs[0]) throw invalid({ firstName: HOUSEHOLD_MESSAGES.required });
  return pairs[0];
}

export function approverRoutes(app: PluginApp, host: HostServices) {
  const em = (request: FastifyRequest) => host.em(request) as SqlEntityManager;
  const reload = async (request: FastifyRequest, id: string) =>
    toApprover(await em(request).fork().findOneOrFail(Approver, { id }));
  const listOf = async (request: FastifyRequest, residentId: string) =>
    (
      await em(request)
        .fork()
        .find(Approver, { complexId: host.context(request).complexId, residentId }, { orderBy: { position: 'ASC' } })
    ).map(toApprover);
  const current = (tx: SqlEntityManager, complexId: string, residentId: string) =>
    tx.execute<{ id: string; position: number; first_name: string; last_name: string }[]>(
      'select id, position, first_name, last_name from approvers where complex_id = ? and resident_id = ? order by position',
      [complexId, residentId],
    );
  const sameName = (a: { first_name: string; last_name: string }, b: { firstName: string; lastName: string }) =>
    `${a.first_name} ${a.last_name}`.toLocaleLowerCase('es') === `${b.firstName} ${b.lastName}`.toLocaleLowerCase('es');

  host.listRoute(app, {
    resource: RESOURCE,
    tags,
    summary: "Approvers (a resident sees only their own); filters: residentId, unitId (the resident's unit)",
    entity: Approver,
    filters: { residentId: 'exact', unitId: 'exact' },
    search: ['firstName', 'lastName', 'residentName'],
    sortable: ['position', 'lastName', 'firstName', 'residentName', 'unitNumber', 'createdAt'],
    defaultSort: { field: 'lastName', order: 'ASC' },
    where: ownRows(host, { on: 'Aprobadores' }),
    item: ApproverSchema,
    exportColumns: { firstName: 'Nombre', lastName: 'Apellido', residentName: 'Residente', unitNumber: 'U.H.' },
    toItem: (row: Approver) => toApprover(row),
  });

  app.get(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, response: { 200: ApproverSchema, 404: ErrorSchema } } },
    async (request) => toApprover(await loadOwn<Approver>(host, request, Approver)),
  );

  app.post(
    `/${RESOURCE}`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: `Add an approver (at most ${APPROVER_LIMITS.max} per resident; a first name typed alone is split into first and last name)`,
        body: ApproverCreateSchema,
        response: { 201: ApproverSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const residentId = await householdOf(host, request, request.body.residentId);
      const pair = onePair(request.body);
      const { complexId } = host.context(request);
      const id = await em(request)
        .transactional(async (tx) => {
          const rows = await current(tx, complexId, residentId);
          if (rows.some((r) => sameName(r, pair))) throw duplicateError();
          const used = new Set(rows.map((r) => Number(r.position)));
          const position = [1, 2, 3, 4, 5].find((p) => !used.has(p));
          if (!position) throw tooMany();
          const approver = tx.create(Approver, { complexId, residentId, position, ...pair } as never);
          host.audit(request, tx, {
            resource: RESOURCE,
            recordId: approver.id,
            action: 'create',
            changes: { residentId, position, ...pair },
            description: `${pair.firstName} ${pair.lastName}`,
          });
          await tx.flush();
          return approver.id;
        })
        .catch(uniqueViolations);
      return reply.status(201).send(await reload(request, id as string));
    },
  );

  app.put(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, body: ApproverUpdateSchema, response: { 200: ApproverSchema, ...ERROR_RESPONSES } } },
    async (request) => {
      const approver = await loadOwn<Approver>(host, request, Approver);
      const pair = onePair(request.body);
      const rows = await current(em(request), approver.complexId, approver.residentId);
      if (rows.some((r) => r.id !== approver.id && sameName(r, pair))) throw duplicateError();
      const before = toApprover(approver);
      approver.firstName = pair.firstName;
      approver.lastName = pair.lastName;
      host.audit(request, em(request), {
        resource: RESOURCE,
        recordId: approver.id,
        action: 'update',
        changes: changesOf(before, toApprover(approver)),
        description: `${pair.firstName} ${pair.lastName}`,
      });
      await em(request).flush().catch(uniqueViolations);
      return reload(request, approver.id);
    },
  );

  ownDeleteRoute<Approver, ReturnType<typeof toApprover>>(app, host, {
    resource: RESOURCE,
    entity: Approver,
    schema: ApproverSchema,
    toItem: toApprover,
    tags,
  });

  app.post(
    `/${RESOURCE}/replace`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          "Save a resident's whole list (the shared modal): up to 5 rows; rows without a first name are dropped, a first name typed alone is split",
        body: ApproversReplaceSchema,
        response: { 200: Type.Array(ApproverSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const residentId = await householdOf(host, request, request.body.residentId);
      const { pairs, errors } = approverPairs(request.body.approvers);
      if (Object.keys(errors).length)
        throw invalid(Object.fromEntries(Object.entries(errors).map(([k, v]) => [`approvers.${k}`, v])));
      const { complexId } = host.context(request);
      await em(request)
        .transactional(async (tx) => {
          const before = await current(tx, complexId, residentId);
          await tx.execute('delete from approvers where complex_id = ? and resident_id = ?', [complexId, residentId]);
          pairs.forEach((pair, i) => {
            tx.create(Approver, { complexId, residentId, position: i + 1, ...pair } as never);
          });
          host.audit(request, tx, {
            resource: RESOURCE,
            recordId: residentId,
            action: 'replace',
            changes: {
              approvers: [before.map((r) => `${r.first_name} ${r.last_name}`), pairs.map((p) => `${p.firstName} ${p.lastName}`)],
            },
          });
          await tx.flush();
        })
        .catch(uniqueViolations);
      return listOf(request, residentId);
    },
  );
}
