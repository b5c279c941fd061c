import type { AuditLog } from '../platform/platform.entities.ts';
import type { Complex } from './complex.entity.ts';
import type { Unit } from './unit.entity.ts';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

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
  receiptNumber: c.receiptNumber,
  expenseReceiptNumber: c.expenseReceiptNumber,
  trustLimit: c.trustLimit ?? null,
  sessionLimit: c.sessionLimit ?? null,
  parkey: c.parkey,
  cashbook: c.cashbook,
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
});

/** The fields of `after` that differ from `before`, as { field: [old, new] } for the audit log. */
export function changesOf(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = [before[key] ?? null, after[key] ?? null];
  }
  return changes;
}
