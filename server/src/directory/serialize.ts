import { describeFromChanges } from '@conjunto/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import type { AuditLog } from '../platform/platform.entities.ts';
import type { Company } from './company.entity.ts';
import type { Complex } from './complex.entity.ts';
import type { Unit } from './unit.entity.ts';
import { derivedOf } from './units.ts';
import type { User } from './user.entity.ts';

export const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/** A unit as the API shows it; `derived` from the ledger (units.ts derivedOf), null fields without one. */
export const toUnit = (u: Unit, derived: ReturnType<typeof derivedOf> = derivedOf(u, undefined)) => ({
  id: u.id,
  number: u.number,
  aliquot: Number(u.aliquot),
  type: u.type ?? null,
  subComplex: u.subComplex ?? null,
  ownerId: u.ownerId ?? null,
  tenantId: u.tenantId ?? null,
  rented: u.rented,
  isActive: u.isActive,
  address: u.altAddress ?? null,
  ownerLivesIn: u.ownerLivesIn,
  ownerMaySeeTenant: u.ownerMaySeeTenant,
  ownerMayBlockTenant: u.ownerMayBlockTenant,
  tenantAccessBlocked: u.tenantAccessBlocked,
  tenantVisitsBlocked: u.tenantVisitsBlocked,
  tenantReservationsBlocked: u.tenantReservationsBlocked,
  locked: u.locked,
  ...derived,
  createdAt: iso(u.createdAt)!,
});

/** A complex as the API shows it; `residents` from residentCounts (the stored resident_count column is not read). */
export const toComplex = (c: Complex, residents: number) => ({
  id: c.id,
  name: c.name,
  ruc: c.ruc ?? null,
  image: c.image ?? null,
  address: c.address ?? null,
  city: c.city ?? null,
  province: c.province ?? null,
  contactName: c.contactName ?? null,
  contactPhone: c.contactPhone ?? null,
  contactEmail: c.contactEmail ?? null,
  customEmail: c.customEmail ?? null,
  themeColor: c.themeColor ?? null,
  companyId: c.companyId ?? null,
  residentCount: residents,
  parkingCount: c.parkingCount,
  trustLimit: c.trustLimit ?? null,
  sessionLimit: c.sessionLimit ?? null,
  parkey: c.parkey,
  isActive: c.isActive,
  createdAt: iso(c.createdAt)!,
});

/**
 * Each complex's residents (NumResidentes): its active users holding the residente role, in one aggregate
 * query for a whole page (users_residence_idx). A deactivated complex's residents are deactivated with it.
 */
export async function residentCounts(em: EntityManager, complexIds: readonly string[]): Promise<Map<string, number>> {
  if (!complexIds.length) return new Map();
  const rows: { id: string; n: number }[] = await em.execute(
    `select residence_complex_id as id, count(*)::int as n
       from users
      where residence_complex_id in (${complexIds.map(() => '?').join(', ')})
        and is_active and roles @> '["residente"]'::jsonb
      group by residence_complex_id`,
    [...complexIds],
  );
  return new Map(rows.map((r) => [r.id, r.n]));
}
/** The complex as the API shows it, its residents counted. */
export const withResidents = async (em: EntityManager, complex: Complex) =>
  toComplex(complex, (await residentCounts(em, [complex.id])).get(complex.id) ?? 0);

export const toAuditLog = (a: AuditLog) => ({
  id: a.id,
  at: iso(a.at)!,
  userId: a.userId ?? null,
  userName: a.userName,
  resource: a.resource,
  recordId: a.recordId,
  action: a.action,
  changes: a.changes ?? null,
  // Entries older than descriptions are named from what they wrote, when it says.
  description: a.description ?? describeFromChanges(a.changes),
  count: a.count ?? 1,
  firstAt: iso(a.firstAt),
});

export const toCompany = (c: Company) => ({
  id: c.id,
  name: c.name,
  ruc: c.ruc ?? null,
  color: c.color ?? null,
  contactName: c.contactName ?? null,
  contactPhone: c.contactPhone ?? null,
  contactEmail: c.contactEmail ?? null,
  isActive: c.isActive,
  createdAt: iso(c.createdAt)!,
});

export const toUser = (u: User, complexIds: string[]) => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  phone: u.phone ?? null,
  idNumber: u.idNumber ?? null,
  roles: u.roles,
  complexIds,
  companyId: u.companyId ?? null,
  residenceComplexId: u.residenceComplexId ?? null,
  unitId: u.unitId ?? null,
  isActive: u.isActive,
  legalAccepted: u.legalAccepted,
  legalAcceptedAt: iso(u.legalAcceptedAt),
  createdAt: iso(u.createdAt)!,
});
