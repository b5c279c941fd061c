// /api/auth/*: sign-in, token refresh (rotation + reuse detection), sign-out, the current user, terms.
import { ApiError, backOfficeRoles, ErrorSchema } from '@conjunto/core';
import { hash, verify } from '@node-rs/argon2';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Config } from '../config.ts';
import { AUTH_MESSAGES, type AuthClient, checkCanSignIn, loadUser, normalizeEmail, publicUser, type UserRow } from './access.ts';
import { consumeRefreshToken, issueRefreshToken, releaseLoginSlot, revokeFamilyOf, takeLoginSlot } from './tokens.ts';

const ComplexSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  isActive: Type.Boolean(),
  themeColor: Type.Union([Type.String(), Type.Null()]),
  companyId: Type.Union([Type.String(), Type.Null()]),
});
export const PublicUserSchema = Type.Object({
  id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  roles: Type.Array(Type.String()),
  legalAccepted: Type.Boolean(),
  legalAcceptedAt: Type.Union([Type.String(), Type.Null()]),
  companyId: Type.Union([Type.String(), Type.Null()]),
  complexes: Type.Array(ComplexSummary),
});
const Session = Type.Object({ token: Type.String(), refreshToken: Type.String(), user: PublicUserSchema });
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema };

// A hash to verify against when the e-mail is unknown, so timing does not reveal which e-mails exist.
const dummyHash = hash('conjunto-dummy-password');

/** After sign-in, a user is judged by the client their roles fit: back office first. */
const signInClient = (user: UserRow): AuthClient => (backOfficeRoles(user.roles).length ? 'admin' : 'app');

export async function authRoutes(app: FastifyInstance, config: Config) {
  async function session(em: EntityManager, user: UserRow, client: AuthClient, familyId?: string) {
    const complexes = await checkCanSignIn(em, user, client);
    const token = app.jwt.sign({ sub: user.id, typ: 'access' });
    const refreshToken = await issueRefreshToken(em, user.id, config.refreshTokenTtlDays, familyId);
    return { token, refreshToken, user: publicUser(user, complexes) };
  }

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: Type.Object({
          email: Type.String({ minLength: 1, maxLength: 100 }),
          password: Type.String({ minLength: 1, maxLength: 200 }),
          /** 'app' for the residents' mobile app; the back office is the default. */
          client: Type.Optional(Type.Union([Type.Literal('admin'), Type.Literal('app')])),
        }),
        response: { 200: Session, ...errors },
      },
    },
    async (request, reply) => {
      const { email, password, client = 'admin' } = request.body as { email: string; password: string; client?: AuthClient };
      const normalized = normalizeEmail(email);
      const slot = await takeLoginSlot(request.em, normalized, request.ip);
      if (slot.refusedFor !== undefined) {
        reply.header('Retry-After', String(slot.refusedFor));
        throw new ApiError(429, 'TOO_MANY_ATTEMPTS', AUTH_MESSAGES.tooManyAttempts);
      }
      const user = await loadUser(request.em, { email: normalized });
      // Unknown e-mails cost the same time as known ones.
      const ok = await verify(user?.password_hash ?? (await dummyHash), password);
      if (!user?.password_hash || !ok) throw new ApiError(401, 'BAD_CREDENTIALS', AUTH_MESSAGES.badCredentials);
      await releaseLoginSlot(request.em, slot);
      return session(request.em, user, client);
    },
  );

  app.post(
    '/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for a new pair (the old one is spent)',
        body: Type.Object({ refreshToken: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: Session, ...errors },
      },
    },
    async (request) => {
      const { refreshToken } = request.body as { refreshToken: string };
      const consumed = await request.em.transactional((em) => consumeRefreshToken(em, refreshToken));
      if (consumed.reused) throw new ApiError(401, 'REFRESH_REUSED', AUTH_MESSAGES.sessionExpired);
      const user = await loadUser(request.em, { id: consumed.userId });
      if (!user) throw new ApiError(401, 'REFRESH_INVALID', AUTH_MESSAGES.sessionExpired);
      return session(request.em, user, signInClient(user), consumed.familyId);
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End this sign-in (revokes its refresh tokens)',
        body: Type.Object({ refreshToken: Type.Optional(Type.String({ maxLength: 200 })) }),
      },
    },
    async (request, reply) => {
      const { refreshToken } = (request.body ?? {}) as { refreshToken?: string };
      if (refreshToken) await revokeFamilyOf(request.em, refreshToken);
      return reply.status(204).send();
    },
  );

  app.get(
    '/me',
    { onRequest: app.authenticate, schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: PublicUserSchema, 401: ErrorSchema } } },
    async (request) => publicUser(request.user, await checkCanSignIn(request.em, request.user, signInClient(request.user))),
  );

  app.put(
    '/me/terms',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Accept the terms and conditions (AceptaAcuerdoLegal)',
        body: Type.Object({ accepted: Type.Literal(true) }),
        response: { 200: PublicUserSchema, ...errors },
      },
    },
    async (request) => {
      await request.em
        .execute('update users set legal_accepted = true, legal_accepted_at = now() where id = ?', [request.user.id]);
      const user = (await loadUser(request.em, { id: request.user.id }))!;
      return publicUser(user, await checkCanSignIn(request.em, user, signInClient(user)));
    },
  );
}
