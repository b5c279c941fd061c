// Who acts on a household's records: the office (administrators, platform staff, the board) on any unit of the
// complex; a resident only on the unit they live in (another unit's records answer 404, as another complex's).
import { ApiError, type HostServices, type ListCondition, notFound } from '@conjunto/core';
import type { FastifyRequest } from 'fastify';

const OFFICE_ROLES: readonly string[] = ['administrador', 'superAdministrador', 'directiva'];

export const isOffice = (host: HostServices, request: FastifyRequest) =>
  host.context(request).roles.some((r) => OFFICE_ROLES.includes(r));

/** A list's fixed condition: the office reads every unit, a resident their own unit's rows (none without a unit). */
export const ownUnitWhere =
  (host: HostServices) =>
  (request: FastifyRequest): ListCondition =>
    isOffice(host, request)
      ? {}
      : {
          $sql: {
            text: 't.unit_id = (select pp.unit_id from directory_people pp where pp.id = ?)',
            params: [host.context(request).userId],
          },
        };

/** The unit a resident lives in, or 400 when they have none. */
export async function residentUnitId(host: HostServices, request: FastifyRequest, message: string): Promise<string> {
  const me = await host.directory(request).person(host.context(request).userId);
  if (!me?.unitId) throw new ApiError(400, 'NO_UNIT', message, { unitId: message });
  return me.unitId;
}

/** A record of a unit the caller may not reach (a resident's other unit) answers 404. */
export async function checkReach(host: HostServices, request: FastifyRequest, record: { unitId: string }): Promise<void> {
  if (isOffice(host, request)) return;
  const me = await host.directory(request).person(host.context(request).userId);
  if (!me?.unitId || me.unitId !== record.unitId) throw notFound();
}

export const invalid = (field: string, message: string) => new ApiError(400, 'VALIDATION', message, { [field]: message });

/** A timestamp (Date or text) as ISO text, or null. */
export const isoOrNull = (value: unknown) => (value ? new Date(value as string).toISOString() : null);
/** A `date` column ('YYYY-MM-DD' text, or a Date) as 'YYYY-MM-DD'. */
export const dayText = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : value ? String(value).slice(0, 10) : null;
