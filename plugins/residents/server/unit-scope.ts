// Who acts on a household's records: the office (administrators, platform staff, the board) on any unit of the
// complex; a resident only on the unit they live in (another unit's records answer 404, as another complex's).
import { ApiError, type HostServices, invalid, type ListCondition, notFound } from '@conjunto/core';
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

/**
 * The unit a new record goes to: the office names one of the complex's units (400 without one, or with another
 * complex's), a resident always their own (naming another answers 404, as a record they cannot reach).
 */
export async function targetUnit(
  host: HostServices,
  request: FastifyRequest,
  named: string | undefined,
  messages: { unit: string; unitMissing: string; noUnit: string },
): Promise<{ unitId: string; holderId: string | null }> {
  if (isOffice(host, request)) {
    if (!named) throw invalid('unitId', messages.unit);
    const unit = await host.directory(request).unit(named);
    if (!unit) throw invalid('unitId', messages.unitMissing);
    return { unitId: unit.id, holderId: unit.holderId };
  }
  const unitId = await residentUnitId(host, request, messages.noUnit);
  if (named && named !== unitId) throw notFound();
  return { unitId, holderId: null };
}

/** A person named on a unit's record (who asks, who owns) must live in that unit: else 400 on `field`. */
export async function checkPersonOfUnit(
  host: HostServices,
  request: FastifyRequest,
  unitId: string,
  personId: string | null | undefined,
  field: string,
  message: string,
): Promise<void> {
  if (!personId) return;
  const [person] = await host.directory(request).residents({ ids: [personId], includeInactive: true });
  if (!person || person.unitId !== unitId) throw invalid(field, message);
}

/** A `date` column ('YYYY-MM-DD' text, or a Date) as 'YYYY-MM-DD'. */
export const dayText = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : value ? String(value).slice(0, 10) : null;
