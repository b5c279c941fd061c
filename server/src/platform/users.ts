// /api/platform/users: back-office users (and residents) with their links to complexes.
import {
  ApiError,
  BACK_OFFICE_ROLES,
  CLOSED,
  ERROR_RESPONSES,
  ErrorSchema,
  fieldsOf,
  IdParams,
  type PluginApp,
} from '@conjunto/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import { hash } from '@node-rs/argon2';
import { type Static, Type } from 'typebox';
import { normalizeEmail } from '../auth/access.ts';
import { endAllSessions } from '../auth/tokens.ts';
import { Complex } from '../directory/complex.entity.ts';
import { toUser } from '../directory/serialize.ts';
import { User, UserComplex } from '../directory/user.entity.ts';
import { findOr404, listRoute } from '../list.ts';
import { UserSchema, UserWriteSchema } from './schemas.ts';

export const USER_MESSAGES = {
  emailTaken: '¡Correo ya registrado!',
  idNumberTaken: '¡C.I. o RUC ya registrado!',
  idNumberFormat: '¡Solo se permiten números, + y /!',
  passwordRequired: '¡Este campo es requerido!',
  complexMissing: 'El conjunto no existe.',
} as const;

type UserWrite = Static<typeof UserWriteSchema>;
const tags = ['users'];
const NO_ID = '00000000-0000-0000-0000-000000000000';

async function complexIdsOf(em: EntityManager, userIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return map;
  for (const link of await em.find(UserComplex, { userId: { $in: userIds } })) map.get(link.userId)?.push(link.complexId);
  return map;
}

const withLinks = async (em: EntityManager, user: User) => toUser(user, (await complexIdsOf(em, [user.id])).get(user.id)!);

/** Unique e-mail and C.I. (spec 002 §5 messages), a C.I. of digits, + and /, and complexes that exist. */
async function checkUser(em: EntityManager, body: Partial<UserWrite>, id = NO_ID) {
  if (body.email && (await em.count(User, { email: normalizeEmail(body.email), id: { $ne: id } }))) {
    throw new ApiError(409, 'EMAIL_TAKEN', USER_MESSAGES.emailTaken, { email: USER_MESSAGES.emailTaken });
  }
  if (body.idNumber) {
    if (!/^[0-9+/]+$/.test(body.idNumber))
      throw new ApiError(400, 'VALIDATION', USER_MESSAGES.idNumberFormat, { idNumber: USER_MESSAGES.idNumberFormat });
    if (await em.count(User, { idNumber: body.idNumber, id: { $ne: id } })) {
      throw new ApiError(409, 'ID_NUMBER_TAKEN', USER_MESSAGES.idNumberTaken, { idNumber: USER_MESSAGES.idNumberTaken });
    }
  }
  if (body.complexIds?.length && (await em.count(Complex, { id: { $in: body.complexIds } })) !== body.complexIds.length) {
    throw new ApiError(400, 'VALIDATION', USER_MESSAGES.complexMissing, { complexIds: USER_MESSAGES.complexMissing });
  }
}

/** The entity's fields: e-mail normalised (NFKC, lower case), password hashed (argon2id), links kept apart. */
async function userFields(body: Partial<UserWrite>) {
  const { password, complexIds: _links, ...fields } = body;
  return {
    ...fields,
    ...(fields.email && { email: normalizeEmail(fields.email) }),
    ...(password && { passwordHash: await hash(password) }),
  };
}

async function setLinks(em: EntityManager, userId: string, complexIds: string[] | undefined) {
  if (!complexIds) return;
  await em.nativeDelete(UserComplex, { userId });
  for (const complexId of complexIds) em.create(UserComplex, { userId, complexId });
}

export async function userRoutes(app: PluginApp) {
  listRoute(app, {
    resource: 'users',
    roles: ['superAdministrador'],
    tags,
    entity: User,
    filters: {
      isActive: 'exact',
      companyId: 'exact',
      residenceComplexId: 'exact',
      roles: 'contains',
      // `staff: true` keeps back-office users only (residents are managed inside their complex).
      staff: (value) => (value === true ? { $or: BACK_OFFICE_ROLES.map((role) => ({ roles: { $contains: [role] } })) } : {}),
    },
    search: ['firstName', 'lastName', 'email', 'idNumber'],
    sortable: ['lastName', 'firstName', 'email', 'createdAt', 'isActive'],
    defaultSort: { field: 'lastName', order: 'ASC' },
    item: UserSchema,
    exportColumns: {
      lastName: 'Apellidos',
      firstName: 'Nombres',
      email: 'Correo',
      phone: 'Teléfono',
      idNumber: 'Identificación',
      roles: 'Roles',
      isActive: { header: 'Activo', value: (u) => ((u as { isActive: boolean }).isActive ? 'Sí' : 'No') },
    },
    toItems: async (request, rows: User[]) => {
      const links = await complexIdsOf(
        request.em,
        rows.map((u) => u.id),
      );
      return rows.map((u) => toUser(u, links.get(u.id)!));
    },
  });

  app.get(
    '/users/:id',
    { schema: { tags, params: IdParams, response: { 200: UserSchema, 404: ErrorSchema } } },
    async (request) => withLinks(request.em, await findOr404<User>(request.em, User, request.params.id)),
  );

  app.post(
    '/users',
    { schema: { tags, body: UserWriteSchema, response: { 201: UserSchema, ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const body = fieldsOf(UserWriteSchema, request.body) as UserWrite;
      if (!body.password)
        throw new ApiError(400, 'VALIDATION', USER_MESSAGES.passwordRequired, { password: USER_MESSAGES.passwordRequired });
      await checkUser(request.em, body);
      const fields = await userFields(body);
      const user = await request.em.transactional(async (em) => {
        const created = em.create(User, fields as never);
        await setLinks(em, created.id, body.complexIds ?? []);
        return created;
      });
      return reply.status(201).send(toUser(user, body.complexIds ?? []));
    },
  );

  app.put(
    '/users/:id',
    {
      schema: {
        tags,
        params: IdParams,
        body: Type.Partial(UserWriteSchema, CLOSED),
        response: { 200: UserSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const user = await findOr404<User>(request.em, User, request.params.id);
      const body = fieldsOf(UserWriteSchema, request.body);
      await checkUser(request.em, body, user.id);
      const fields = await userFields(body);
      const wasActive = user.isActive;
      await request.em.transactional(async (em) => {
        em.assign(user, fields as never);
        await setLinks(em, user.id, body.complexIds);
        // A new password or a disable ends every sign-in of the user at once (refresh tokens and older access tokens).
        if (body.password || (wasActive && body.isActive === false)) await endAllSessions(em, user.id);
      });
      return withLinks(request.em, user);
    },
  );

  app.delete(
    '/users/:id',
    { schema: { tags, params: IdParams, response: { 200: UserSchema, ...ERROR_RESPONSES } } },
    async (request) => {
      const user = await findOr404<User>(request.em, User, request.params.id);
      if (user.id === request.user.id) throw new ApiError(409, 'SELF_DELETE', 'No puede eliminar su propio usuario.');
      const result = await withLinks(request.em, user);
      request.em.remove(user);
      await request.em.flush();
      return result;
    },
  );
}
