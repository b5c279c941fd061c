// host.staff: a plugin manages one staff role of its complex (e.g. the supervisors) without touching the host's tables.
// Users stay the host's: it creates them (no password: the invitation link sets it, as for residents and
// administrators), links and unlinks them, and (de)activates them only when that cannot reach another complex.
import {
  ApiError,
  type ComplexStaffRole,
  EMAIL,
  type HostStaff,
  isUuid,
  newId,
  notFound,
  type StaffInput,
  type StaffMember,
} from '@conjunto/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import { normalizeEmail } from '../auth/access.ts';
import { queuePasswordLinkMail } from '../auth/password-links.ts';
import { endAllSessions } from '../auth/tokens.ts';
import { RESIDENT_MESSAGES } from './residents.ts';

export const STAFF_MESSAGES = {
  shared:
    'Este usuario tiene otros roles o trabaja en otro conjunto: no se puede activar o desactivar desde aquí. Puede quitarlo de este conjunto.',
} as const;

const COLUMNS = `u.id, u.first_name as "firstName", u.last_name as "lastName", u.email, u.phone, u.id_number as "idNumber",
  u.is_active as "isActive"`;

const field = (status: number, code: string, name: string, message: string) =>
  new ApiError(status, code, message, { [name]: message });

const complexOf = (request: FastifyRequest) => {
  if (!request.complex) throw new Error('staff called outside a complex scope');
  return request.complex;
};

async function member(
  em: EntityManager,
  complexId: string,
  role: ComplexStaffRole,
  id: string,
): Promise<StaffMember | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await em.execute<StaffMember[]>(
    `select ${COLUMNS} from directory_staff u where u.complex_id = ? and u.id = ? and u.roles @> ?::jsonb`,
    [complexId, id, JSON.stringify([role])],
  );
  return row;
}

async function memberOr404(em: EntityManager, complexId: string, role: ComplexStaffRole, id: string): Promise<StaffMember> {
  const found = await member(em, complexId, role, id);
  if (!found) throw notFound();
  return found;
}

/** The fields trimmed and checked as the host checks residents' and administrators'. */
function cleanInput(input: StaffInput) {
  const errors: Record<string, string> = {};
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  const email = normalizeEmail(input.email.trim());
  const phone = input.phone?.trim() || null;
  const idNumber = input.idNumber?.trim() || null;
  if (!firstName || firstName.length > 100) errors.firstName = RESIDENT_MESSAGES.required;
  if (!lastName || lastName.length > 100) errors.lastName = RESIDENT_MESSAGES.required;
  if (!EMAIL.test(email) || email.length > 100) errors.email = RESIDENT_MESSAGES.emailInvalid;
  if (phone && phone.length > 20) errors.phone = RESIDENT_MESSAGES.required;
  if (idNumber && (!/^[0-9+/]+$/.test(idNumber) || idNumber.length > 20)) errors.idNumber = RESIDENT_MESSAGES.idNumberFormat;
  if (Object.keys(errors).length) throw new ApiError(400, 'VALIDATION', Object.values(errors)[0], errors);
  return { firstName, lastName, email, phone, idNumber };
}

export const hostStaff: HostStaff = {
  async invite(request, emArg, role: ComplexStaffRole, input) {
    const em = emArg as EntityManager;
    const ctx = complexOf(request);
    const fields = cleanInput(input);
    return em.transactional(async (tx) => {
      if ((await tx.execute('select 1 from users where email = ?', [fields.email])).length)
        throw field(409, 'EMAIL_TAKEN', 'email', RESIDENT_MESSAGES.emailTaken);
      if (fields.idNumber && (await tx.execute('select 1 from users where id_number = ?', [fields.idNumber])).length)
        throw field(409, 'ID_NUMBER_TAKEN', 'idNumber', RESIDENT_MESSAGES.idNumberTaken);
      // Two invitations of one address at once: the unique index decides, and the loser gets the same 409.
      const [created] = await tx
        .execute<{ id: string }[]>(
          `insert into users (id, first_name, last_name, email, phone, id_number, roles, is_active)
           values (?, ?, ?, ?, ?, ?, ?::jsonb, true) returning id`,
          [newId(), fields.firstName, fields.lastName, fields.email, fields.phone, fields.idNumber, JSON.stringify([role])],
        )
        .catch((error: unknown) => {
          const text = String((error as Error).message);
          throw /users_email_unique/.test(text)
            ? field(409, 'EMAIL_TAKEN', 'email', RESIDENT_MESSAGES.emailTaken)
            : /users_id_number_unique/.test(text)
              ? field(409, 'ID_NUMBER_TAKEN', 'idNumber', RESIDENT_MESSAGES.idNumberTaken)
              : error;
        });
      await tx.execute('insert into user_complexes (user_id, complex_id) values (?, ?)', [created.id, ctx.complexId]);
      await queuePasswordLinkMail(tx, {
        mail: request.server.mail,
        userId: created.id,
        purpose: 'invite',
        complexId: ctx.complexId,
        origin: request.server.publicUrl,
        actor: { userId: ctx.userId, userName: ctx.userName },
      });
      return { id: created.id, ...fields, isActive: true };
    });
  },

  member: (request, em, role, id) => member(em as EntityManager, complexOf(request).complexId, role, id),

  async setActive(request, emArg, role, id, active) {
    const em = emArg as EntityManager;
    const { complexId } = complexOf(request);
    if (!isUuid(id)) throw notFound();
    // One locked read of the member and whether they are shared, then the write: two calls at once queue on the row.
    return em.transactional(async (tx) => {
      const [row] = await tx.execute<(StaffMember & { others: number; roles: number })[]>(
        `select ${COLUMNS}, (select count(*) from user_complexes o where o.user_id = u.id and o.complex_id <> ?)::int as others,
                jsonb_array_length(u.roles) as roles
           from users u join user_complexes uc on uc.user_id = u.id and uc.complex_id = ?
          where u.id = ? and u.roles @> ?::jsonb for update of u`,
        [complexId, complexId, id, JSON.stringify([role])],
      );
      if (!row) throw notFound();
      const { others, roles, ...found } = row;
      if (Number(others) > 0 || Number(roles) > 1) throw new ApiError(409, 'STAFF_SHARED', STAFF_MESSAGES.shared);
      if (found.isActive === active) return found;
      await tx.execute('update users set is_active = ? where id = ?', [active, id]);
      if (!active) await endAllSessions(tx, id);
      return { ...found, isActive: active };
    });
  },

  async unlink(request, emArg, role, id) {
    const em = emArg as EntityManager;
    const { complexId } = complexOf(request);
    const found = await memberOr404(em, complexId, role, id);
    await em.execute('delete from user_complexes where user_id = ? and complex_id = ?', [id, complexId]);
    return found;
  },
};
