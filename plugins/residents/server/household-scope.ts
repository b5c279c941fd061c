// Who a household write or read is about. The office (administrador, superAdministrador) acts on any resident of
// the complex; a resident only on their own household: the session user, whatever ids the request carries
// (another resident's record or id answers 404, as another complex's does).
import { ApiError, type HostServices, notFound } from '@conjunto/core';
import type { FastifyRequest } from 'fastify';
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
