// Who a household write or read is about. The office (administrador, superAdministrador) acts on any resident of
// the complex; a resident only on their own household: the session user, whatever ids the request carries
// (another resident's record or id answers 404, as another complex's does).
import { ApiError, ERROR_RESPONSES, type HostServices, IdParams, notFound, type PluginApp } from '@conjunto/core';
import type { FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { HOUSEHOLD_MESSAGES } from '../household.ts';

const OFFICE = ['administrador', 'superAdministrador'];

export const isOffice = (host: HostServices, request: FastifyRequest) =>
  host.context(request).roles.some((r) => OFFICE.includes(r));

/** The list's fixed condition: a resident sees only their own rows. */
export const ownRows = (host: HostServices) => (request: FastifyRequest) =>
  isOffice(host, request) ? {} : { residentId: host.context(request).userId };

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
