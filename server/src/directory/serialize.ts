import { describeFromChanges } from '@conjunto/core';
import type { AuditLog } from '../platform/platform.entities.ts';
import type { Company } from './company.entity.ts';
import type { Complex } from './complex.entity.ts';
import type { Unit } from './unit.entity.ts';
import type { User } from './user.entity.ts';

export const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export const toUnit = (u: Unit) => ({
  id: u.id,
  number: u.number,
  aliquot: Number(u.aliquot),
  type: u.type ?? null,
  subComplex: u.subComplex ?? null,
  ownerId: u.ownerId ?? null,
  tenantId: u.tenantId ?? null,
  rented: u.rented,
  isActive: u.isActive,
  createdAt: iso(u.createdAt)!,
});

export const toComplex = (c: Complex) => ({
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
  residentCount: c.residentCount,
  parkingCount: c.parkingCount,
  trustLimit: c.trustLimit ?? null,
  sessionLimit: c.sessionLimit ?? null,
  parkey: c.parkey,
  isActive: c.isActive,
  createdAt: iso(c.createdAt)!,
});

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
