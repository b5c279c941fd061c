// What the reservation routes share: who is the office, the refusals they answer, the service of accounting.
import { ApiError, type HostServices } from '@conjunto/core';
import type { AccountingService } from '@conjunto/plugin-accounting/service';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';

export const tags = ['reservations'];
export type Tx = SqlEntityManager;
const OFFICE_ROLES: readonly string[] = ['administrador', 'superAdministrador'];
const RESIDENT_ROLES: readonly string[] = ['residente', 'directiva'];

/** Administrators and platform staff: every area and reservation of the complex. */
export const isOffice = (host: HostServices, request: FastifyRequest) =>
  host.context(request).roles.some((r) => OFFICE_ROLES.includes(r));
/** Guards only (not the office, not a resident): approved reservations without their codes. */
export const isGuardOnly = (host: HostServices, request: FastifyRequest) =>
  !isOffice(host, request) && !host.context(request).roles.some((r) => RESIDENT_ROLES.includes(r));

export const refused = (status: number, code: string, message: string, field?: string) =>
  new ApiError(status, code, message, field ? { [field]: message } : undefined);

export const em = (host: HostServices, request: FastifyRequest) => host.em(request) as Tx;

/** Accounting's service on `tx`, or null when it is not installed, disabled or switched off (then nothing is charged). */
export async function accountingOf(host: HostServices, request: FastifyRequest, tx?: Tx): Promise<AccountingService | null> {
  const access = await host.service<AccountingService>(request, 'accounting', tx);
  return access.available ? access.service : null;
}
