// What the gate's route modules share: who is the office, the errors they answer, the way times are shown.
import { ApiError, type HostServices, invalid, isUuid, notFound } from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import { GATE_MESSAGES } from '../gate.ts';
import { GatePost } from './post.entity.ts';

export const tags = ['gate'];
const OFFICE_ROLES: readonly string[] = ['administrador', 'superAdministrador'];

/** Administrators and platform staff: every record of the complex, VIP visits included. */
export const isOffice = (host: HostServices, request: FastifyRequest) =>
  host.context(request).roles.some((r) => OFFICE_ROLES.includes(r));

/** A refusal with its code, naming the field it is about when there is one. */
export const refused = (status: number, code: string, message: string, field?: string) =>
  new ApiError(status, code, message, field ? { [field]: message } : undefined);
export const badFilter = (field: string) =>
  new ApiError(400, 'INVALID_FILTER', 'Filtro no permitido.', { [field]: 'Filtro no permitido.' });

/** A list filter's yes/no: JSON true/false or their text; anything else is refused. */
export function yesNo(field: string, value: unknown): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw badFilter(field);
}

/** A path id that is no uuid names no record: 404, as an unknown one (not the database's 400). */
export const uuidOr404 = (id: string) => {
  if (!isUuid(id)) throw notFound();
};

export const em = (host: HostServices, request: FastifyRequest) => host.em(request) as SqlEntityManager;

/** The post named by a write, of this complex (400 otherwise); null when none. */
export async function checkedPost(
  host: HostServices,
  request: FastifyRequest,
  postId: string | null | undefined,
): Promise<string | null> {
  if (!postId) return null;
  const post = await em(host, request).findOne(GatePost, { id: postId, complexId: host.context(request).complexId });
  if (!post) throw invalid('postId', GATE_MESSAGES.postMissing);
  return post.id;
}

/** 'YYYY-MM-DD' of Guayaquil's business day as the instants that bound it: [start, next day's start). */
export function dayBounds(day: string): [string, string] {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return [`${day}T00:00:00-05:00`, `${next}T00:00:00-05:00`];
}
