// Who a household write or read is about. The office (administrador, superAdministrador) acts on any resident of
// the complex; a resident only on their own household: the session user, whatever ids the request carries
// (another resident's record or id answers 404, as another complex's does).
import {
  ApiError,
  ERROR_RESPONSES,
  type HostServices,
  IdParams,
  notFound,
  type PluginApp,
  type SwitchCondition,
} from '@conjunto/core';
import type { FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { HOUSEHOLD_MESSAGES } from '../household.ts';

const OFFICE = ['administrador', 'superAdministrador'];

export const isOffice = (host: HostServices, request: FastifyRequest) =>
  host.context(request).roles.some((r) => OFFICE.includes(r));

/**
 * The list's fixed condition: the office sees every row; the guard (supervisor) too while `guard` holds (spec 002
 * §6: 'Lista de Aprobadores' while 'Aprobadores' is on, 'Familia/Inquilinos' unless 'NoFamilyGuard' is), else the
 * list is not there for them (404); a resident only their own rows.
 */
export const ownRows = (host: HostServices, guard?: SwitchCondition) => (request: FastifyRequest) => {
  if (isOffice(host, request)) return {};
  if (guard && host.context(request).roles.includes('supervisor')) {
    if ((guard.on && !host.switchOn(request, guard.on)) || (guard.off && host.switchOn(request, guard.off))) throw notFound();
    return {};
  }
  return { residentId: host.context(request).userId };
};

/** The resident a new record belongs to: the office names one of the complex's residents, a resident is themselves. */
export async function householdOf(host: HostServices, request: FastifyRequest, residentId: string | undefined): Promise<string> {
  const { userId } = host.context(request);
  if (!isOffice(host, request)) {
    if (residentId !== undefined && residentId !== userId) throw notFound();
    return userId;
  }
  if (!residentId)
    throw new ApiError(400, 'VALIDATION', HOUSEHOLD_MESSAGES.required, { residentId: HOUSEHOLD_MESSAGES.required });
  const [resident] = await host.directory(request).residents({ ids: [residentId], includeInactive: true });
  if (!resident) throw notFound();
  return resident.id;
}

/** A record of the complex that the caller may touch, or 404. */
export async function loadOwn<T extends { residentId: string }>(
  host: HostServices,
  request: FastifyRequest,
  entity: unknown,
): Promise<T> {
  const record = await host.findOr404<T>(request, entity, (request.params as { id: string }).id);
  if (!isOffice(host, request) && record.residentId !== host.context(request).userId) throw notFound();
  return record;
}

/** DELETE /<resource>/:id of a household record the caller may touch: removed, audited, answered as it was. */
export function ownDeleteRoute<T extends { id: string; residentId: string }, Item extends { name: string }>(
  app: PluginApp,
  host: HostServices,
  options: { resource: string; entity: unknown; schema: TSchema; toItem: (record: T) => Item; tags: string[] },
): void {
  app.delete(
    `/${options.resource}/:id`,
    { schema: { tags: options.tags, params: IdParams, response: { 200: options.schema, ...ERROR_RESPONSES } } },
    async (request) => {
      const record = await loadOwn<T>(host, request, options.entity);
      const result = options.toItem(record);
      const em = host.em(request);
      em.remove(record);
      host.audit(request, em, {
        resource: options.resource,
        recordId: record.id,
        action: 'delete',
        changes: result,
        description: result.name,
      });
      await em.flush();
      return result;
    },
  );
}
