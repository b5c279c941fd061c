// /api/complexes/:complexId/gate-guards (spec 002 §2.2 and §2.5 gestionarGuardias, 'Guardias'): the complex's guards
// are its users of the supervisor role. Users are the host's: read through the directory_staff view, created (with
// the invitation link), (de)activated and unlinked through host.staff. The catalogue's DeleteGuards (on by default)
// governs the removal.
import {
  ApiError,
  DIRECTORY_VIEWS,
  ERROR_RESPONSES,
  ErrorSchema,
  fieldsOf,
  type HostServices,
  IdParams,
  type ListCondition,
  notFound,
  type PluginApp,
} from '@conjunto/core';
import type { FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import { ROUNDS_MESSAGES } from '../rounds.ts';
import { GuardCreateSchema, type GuardItem, GuardSchema } from '../rounds-schemas.ts';
import { em, isOffice, tags } from './common.ts';

const RESOURCE = 'gate-guards';
const ROLE = 'supervisor';

/**
 * What a guard's console shows of the history and the guards is hidden by NoFamilyGuard (spec 002 §2.2): the
 * office still sees it; a guard gets the 404 of a switched-off screen.
 */
export function guardHistoryHidden(host: HostServices, request: FastifyRequest): boolean {
  return !isOffice(host, request) && host.switchOn(request, 'NoFamilyGuard');
}
export const hiddenForGuard = (host: HostServices) => (request: FastifyRequest) => {
  if (guardHistoryHidden(host, request)) throw notFound();
};

const GUARDS_SQL = `(select s.id, s.complex_id, s.first_name, s.last_name, s.name, s.email, s.phone, s.id_number,
    s.is_active, s.created_at, sh.id is not null as on_duty, sh.post_name as on_duty_post_name
  from ${DIRECTORY_VIEWS.staff} s
  left join gate_shifts sh on sh.complex_id = s.complex_id and sh.guard_id = s.id and sh.ended_at is null
  where s.roles @> '["${ROLE}"]'::jsonb)`;

const toGuard = (r: Record<string, unknown>): GuardItem => ({
  id: r.id as string,
  firstName: r.firstName as string,
  lastName: r.lastName as string,
  name: r.name as string,
  email: r.email as string,
  phone: (r.phone as string | null) ?? null,
  idNumber: (r.idNumber as string | null) ?? null,
  isActive: Boolean(r.isActive),
  onDuty: Boolean(r.onDuty),
  onDutyPostName: (r.onDutyPostName as string | null) ?? null,
});

export function guardRoutes(app: PluginApp, host: HostServices) {
  const read = async (request: FastifyRequest, id: string): Promise<GuardItem> => {
    const [row] = await em(host, request).execute(
      `select id, first_name as "firstName", last_name as "lastName", name, email, phone, id_number as "idNumber",
              is_active as "isActive", on_duty as "onDuty", on_duty_post_name as "onDutyPostName"
         from ${GUARDS_SQL} t where t.complex_id = ? and t.id = ?`,
      [host.context(request).complexId, id],
    );
    if (!row) throw notFound();
    return toGuard(row);
  };
  const notSelf = (request: FastifyRequest, id: string) => {
    if (host.context(request).userId === id) throw new ApiError(409, 'SELF', ROUNDS_MESSAGES.self);
  };

  host.listRoute(app, {
    resource: RESOURCE,
    tags,
    summary: "The complex's guards (users of the supervisor role linked to it), with whether they are on duty",
    table: GUARDS_SQL,
    columns: {
      id: 't.id',
      complexId: 't.complex_id',
      firstName: 't.first_name',
      lastName: 't.last_name',
      name: 't.name',
      email: 't.email',
      phone: 't.phone',
      idNumber: 't.id_number',
      isActive: 't.is_active',
      createdAt: 't.created_at',
      onDuty: 't.on_duty',
      onDutyPostName: 't.on_duty_post_name',
    },
    filters: { isActive: 'exact', onDuty: 'exact' },
    search: ['firstName', 'lastName', 'email', 'idNumber'],
    sortable: ['lastName', 'firstName', 'email', 'isActive', 'createdAt'],
    defaultSort: { field: 'lastName', order: 'ASC' },
    where: (request): ListCondition => {
      hiddenForGuard(host)(request);
      return {};
    },
    item: GuardSchema,
    exportColumns: {
      lastName: 'Apellidos',
      firstName: 'Nombres',
      idNumber: 'Cédula',
      email: 'Correo',
      phone: 'Teléfono',
      isActive: { header: 'Activo', value: (g: GuardItem) => (g.isActive ? 'Sí' : 'No') },
      onDutyPostName: { header: 'De turno', value: (g: GuardItem) => (g.onDuty ? (g.onDutyPostName ?? 'Sí') : 'No') },
    },
    toItem: toGuard,
  });

  app.get(
    `/${RESOURCE}/settings`,
    {
      schema: {
        tags,
        summary: 'What the office may do with the guards here: remove them (the DeleteGuards switch)',
        response: { 200: Type.Object({ canDelete: Type.Boolean() }) },
      },
    },
    async (request) => ({ canDelete: host.switchOn(request, 'DeleteGuards') }),
  );

  app.get(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, response: { 200: GuardSchema, 404: ErrorSchema } } },
    async (request) => {
      hiddenForGuard(host)(request);
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
          'New guard of the complex: a user of the supervisor role linked to it, without password: an e-mailed invitation link (72 h) sets it',
        body: GuardCreateSchema,
        response: { 201: GuardSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const body = fieldsOf(GuardCreateSchema, request.body) as Static<typeof GuardCreateSchema>;
      const guard = await em(host, request).transactional(async (tx) => {
        const member = await host.staff.invite(request, tx, ROLE, body);
        const item: GuardItem = {
          ...member,
          name: `${member.firstName} ${member.lastName}`,
          onDuty: false,
          onDutyPostName: null,
        };
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: item.id,
          action: 'create',
          changes: member,
          description: item.name,
        });
        return item;
      });
      return reply.status(201).send(guard);
    },
  );

  for (const [verb, active] of [
    ['deactivate', false],
    ['activate', true],
  ] as const) {
    app.post(
      `/${RESOURCE}/:id/${verb}`,
      {
        schema: {
          tags,
          summary: active
            ? 'Allow the guard to sign in again'
            : 'Deactivate a guard: they can no longer sign in (every session ends). 409 STAFF_SHARED when they also work for another complex or hold another role',
          params: IdParams,
          response: { 200: GuardSchema, ...ERROR_RESPONSES },
        },
      },
      async (request) => {
        notSelf(request, request.params.id);
        await em(host, request).transactional(async (tx) => {
          const before = await host.staff.member(request, tx, ROLE, request.params.id);
          if (!before) throw notFound();
          await host.staff.setActive(request, tx, ROLE, before.id, active);
          if (before.isActive !== active)
            host.audit(request, tx, {
              resource: RESOURCE,
              recordId: before.id,
              action: verb,
              changes: { isActive: [before.isActive, active] },
              description: `${before.firstName} ${before.lastName}`,
            });
        });
        return read(request, request.params.id);
      },
    );
  }

  app.delete(
    `/${RESOURCE}/:id`,
    {
      schema: {
        tags,
        summary:
          "Remove a guard from the complex (their user stays, with their other complexes; their shifts and rounds keep their name). Only while DeleteGuards is on (the catalogue's default); off: 404 SWITCHED_OFF",
        params: IdParams,
        response: { 200: GuardSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      if (!host.switchOn(request, 'DeleteGuards')) throw new ApiError(404, 'SWITCHED_OFF', ROUNDS_MESSAGES.deleteOff);
      notSelf(request, request.params.id);
      const guard = await read(request, request.params.id);
      await em(host, request).transactional(async (tx) => {
        // An open shift or round of theirs ends with the removal: the history says who handed over.
        await tx.execute(
          `update gate_shifts set ended_at = now(), ended_by = ?, end_observation = coalesce(end_observation, ?)
            where complex_id = ? and guard_id = ? and ended_at is null`,
          [host.context(request).userId, 'Guardia retirado del conjunto.', host.context(request).complexId, guard.id],
        );
        await tx.execute(
          `update gate_rounds set status = 'incompleta', ended_at = now(), observation = coalesce(observation, ?)
            where complex_id = ? and guard_id = ? and status = 'enCurso'`,
          ['Guardia retirado del conjunto.', host.context(request).complexId, guard.id],
        );
        await host.staff.unlink(request, tx, ROLE, guard.id);
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: guard.id,
          action: 'delete',
          changes: guard,
          description: guard.name,
        });
      });
      return guard;
    },
  );
}
