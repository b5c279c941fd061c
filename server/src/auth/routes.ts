// /api/auth/*: sign-in, token refresh (rotation + reuse detection), sign-out, the current user, terms, password.
// The browser admin keeps its refresh token in an httpOnly cookie scoped to /api/auth (login with
// refreshTokenIn: 'cookie'); API clients and the residents' app receive it in the JSON body.
import { ApiError, backOfficeRoles, CLOSED, ErrorSchema, newId, type PluginApp } from '@conjunto/core';
import { hash, verify } from '@node-rs/argon2';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Config } from '../config.ts';
import { AUTH_MESSAGES, type AuthClient, checkCanSignIn, loadUser, normalizeEmail, publicUser, type UserRow } from './access.ts';
import {
  findPasswordLink,
  PASSWORD_LINK_TOKEN_PATTERN,
  releaseLinkSlot,
  takeLinkSlot,
  usePasswordLink,
} from './password-links.ts';
import {
  consumeRefreshToken,
  endAllSessions,
  enforceSessionLimit,
  issueRefreshToken,
  releaseLoginSlot,
  revokeFamily,
  revokeFamilyOf,
  takeLoginSlot,
} from './tokens.ts';

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
/** refreshToken is absent when it went into the httpOnly cookie (the browser admin). */
const Session = Type.Object({ token: Type.String(), refreshToken: Type.Optional(Type.String()), user: PublicUserSchema });
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema };
const LinkToken = Type.String({ pattern: PASSWORD_LINK_TOKEN_PATTERN, minLength: 43, maxLength: 43 });
const linkErrors = { 400: ErrorSchema, 410: ErrorSchema, 429: ErrorSchema };

// A hash to verify against when the e-mail is unknown, so timing does not reveal which e-mails exist.
const dummyHash = hash('conjunto-dummy-password');

/** After sign-in, a user is judged by the client their roles fit: back office first. */
const signInClient = (user: UserRow): AuthClient => (backOfficeRoles(user.roles).length ? 'admin' : 'app');

export const REFRESH_COOKIE = 'conjunto_refresh';

export const PASSWORD_MESSAGES = {
  currentWrong: 'La contraseña actual no es correcta.',
  sameAsCurrent: 'La nueva contraseña debe ser distinta de la actual.',
} as const;

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?$/i;

/** Secure everywhere but a plain-http local address (http://localhost, 127.0.0.1), where browsers would drop it. */
const secureCookie = (request: FastifyRequest) => request.protocol === 'https' || !LOOPBACK.test(request.host);

export async function authRoutes(app: PluginApp, config: Config) {
  function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, refreshToken: string) {
    reply.setCookie(REFRESH_COOKIE, refreshToken, {
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookie(request),
      maxAge: config.refreshTokenTtlDays * 86_400,
    });
  }
  const clearRefreshCookie = (request: FastifyRequest, reply: FastifyReply) =>
    reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth', httpOnly: true, sameSite: 'strict', secure: secureCookie(request) });

  /** A new access token (claims ver + sid) and refresh token; in the cookie when `cookie`, else in the body. */
  async function session(
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow & { token_version: number },
    client: AuthClient,
    options: { familyId?: string; cookie: boolean },
  ) {
    const em = request.em;
    const familyId = options.familyId ?? newId();
    const complexes = await checkCanSignIn(em, user, client);
    const token = app.jwt.sign({ sub: user.id, typ: 'access', ver: user.token_version, sid: familyId });
    const refreshToken = await issueRefreshToken(em, user.id, config.refreshTokenTtlDays, familyId);
    // A new sign-in of a resident (the app, or their area of the browser admin) may end their oldest one (LimiteSesiones).
    if (!options.familyId && (client === 'app' || signInClient(user) === 'app')) await enforceSessionLimit(em, user.id);
    if (!options.cookie) return { token, refreshToken, user: publicUser(user, complexes) };
    setRefreshCookie(request, reply, refreshToken);
    return { token, user: publicUser(user, complexes) };
  }

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: Type.Object(
          {
            email: Type.String({ minLength: 1, maxLength: 100 }),
            password: Type.String({ minLength: 1, maxLength: 200 }),
            /** 'app' for the residents' mobile app; the back office is the default. */
            client: Type.Optional(Type.Union([Type.Literal('admin'), Type.Literal('app')])),
            /** 'cookie' (the browser admin): the refresh token goes into an httpOnly cookie, not the body. */
            refreshTokenIn: Type.Optional(Type.Union([Type.Literal('body'), Type.Literal('cookie')])),
          },
          CLOSED,
        ),
        response: { 200: Session, ...errors },
      },
    },
    async (request, reply) => {
      const { email, password, client = 'admin', refreshTokenIn = 'body' } = request.body;
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
      return session(request, reply, user, client, { cookie: refreshTokenIn === 'cookie' && client === 'admin' });
    },
  );

  app.post(
    '/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: "Exchange a refresh token (body, or the admin's cookie) for a new pair (the old one is spent)",
        body: Type.Object({ refreshToken: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) }, CLOSED),
        response: { 200: Session, ...errors },
      },
    },
    async (request, reply) => {
      const fromBody = request.body?.refreshToken;
      const refreshToken = fromBody ?? request.cookies[REFRESH_COOKIE];
      const cookie = fromBody === undefined;
      try {
        if (!refreshToken) throw new ApiError(401, 'REFRESH_INVALID', AUTH_MESSAGES.sessionExpired);
        const consumed = await request.em.transactional((em) => consumeRefreshToken(em, refreshToken));
        if (consumed.reused) throw new ApiError(401, 'REFRESH_REUSED', AUTH_MESSAGES.sessionExpired);
        const user = await loadUser(request.em, { id: consumed.userId });
        if (!user) throw new ApiError(401, 'REFRESH_INVALID', AUTH_MESSAGES.sessionExpired);
        return await session(request, reply, user, signInClient(user), { familyId: consumed.familyId, cookie });
      } catch (error) {
        if (cookie) clearRefreshCookie(request, reply);
        throw error;
      }
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: "End this sign-in: its refresh tokens (body or cookie) and the access tokens of the bearer's sign-in",
        body: Type.Optional(Type.Object({ refreshToken: Type.Optional(Type.String({ maxLength: 200 })) }, CLOSED)),
      },
    },
    async (request, reply) => {
      const refreshToken = request.body?.refreshToken ?? request.cookies[REFRESH_COOKIE];
      if (refreshToken) await revokeFamilyOf(request.em, refreshToken);
      // The bearer's own sign-in ends too, so its access token stops working now, not in 15 minutes.
      const claims = request.headers.authorization ? await app.verifyAccessToken(request).catch(() => undefined) : undefined;
      if (claims) await revokeFamily(request.em, claims.sid);
      clearRefreshCookie(request, reply);
      return reply.status(204).send();
    },
  );

  app.get(
    '/me',
    {
      onRequest: app.authenticate,
      config: { beforeTerms: true },
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: PublicUserSchema, 401: ErrorSchema } },
    },
    async (request) => publicUser(request.user, await checkCanSignIn(request.em, request.user, signInClient(request.user))),
  );

  app.put(
    '/me/terms',
    {
      onRequest: app.authenticate,
      config: { beforeTerms: true },
      schema: {
        tags: ['auth'],
        summary: 'Accept the terms and conditions (AceptaAcuerdoLegal)',
        body: Type.Object({ accepted: Type.Literal(true) }, CLOSED),
        response: { 200: PublicUserSchema, ...errors },
      },
    },
    async (request) => {
      await request.em.execute('update users set legal_accepted = true, legal_accepted_at = now() where id = ?', [
        request.user.id,
      ]);
      const user = (await loadUser(request.em, { id: request.user.id }))!;
      return publicUser(user, await checkCanSignIn(request.em, user, signInClient(user)));
    },
  );

  app.put(
    '/me/password',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary:
          "Change one's own password: every other sign-in of the user ends (refresh and access tokens); this device gets a new session",
        body: Type.Object(
          {
            currentPassword: Type.String({ minLength: 1, maxLength: 200 }),
            newPassword: Type.String({ minLength: 8, maxLength: 200 }),
          },
          CLOSED,
        ),
        response: { 200: Session, ...errors },
      },
    },
    async (request, reply) => {
      const { currentPassword, newPassword } = request.body;
      // A wrong current password is a failed sign-in: same counters, so a stolen access token cannot guess it.
      const slot = await takeLoginSlot(request.em, normalizeEmail(request.user.email), request.ip);
      if (slot.refusedFor !== undefined) {
        reply.header('Retry-After', String(slot.refusedFor));
        throw new ApiError(429, 'TOO_MANY_ATTEMPTS', AUTH_MESSAGES.tooManyAttempts);
      }
      const stored = (await loadUser(request.em, { id: request.user.id }))!;
      if (!stored.password_hash || !(await verify(stored.password_hash, currentPassword))) {
        throw new ApiError(400, 'VALIDATION', PASSWORD_MESSAGES.currentWrong, {
          currentPassword: PASSWORD_MESSAGES.currentWrong,
        });
      }
      await releaseLoginSlot(request.em, slot);
      if (newPassword === currentPassword) {
        throw new ApiError(400, 'VALIDATION', PASSWORD_MESSAGES.sameAsCurrent, { newPassword: PASSWORD_MESSAGES.sameAsCurrent });
      }
      const passwordHash = await hash(newPassword);
      await request.em.transactional(async (em) => {
        await em.execute('update users set password_hash = ? where id = ?', [passwordHash, stored.id]);
        await endAllSessions(em, stored.id);
      });
      const user = (await loadUser(request.em, { id: stored.id }))!;
      return session(request, reply, user, signInClient(user), { cookie: Boolean(request.cookies[REFRESH_COOKIE]) });
    },
  );

  /** Wrong tokens count per address like failed sign-ins; a good one gives its slot back. */
  async function withLinkSlot<T>(request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>): Promise<T> {
    const slot = await takeLinkSlot(request.em, request.ip);
    if (slot.refusedFor !== undefined) {
      reply.header('Retry-After', String(slot.refusedFor));
      throw new ApiError(429, 'TOO_MANY_ATTEMPTS', AUTH_MESSAGES.tooManyAttempts);
    }
    const result = await work();
    await releaseLinkSlot(request.em, slot.key);
    return result;
  }

  app.post(
    '/password-link/check',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether a password link (invite or reset) still works: its e-mail, purpose and expiry; 410 when not',
        body: Type.Object({ token: LinkToken }, CLOSED),
        response: {
          200: Type.Object({
            email: Type.String(),
            purpose: Type.Union([Type.Literal('invite'), Type.Literal('reset')]),
            expiresAt: Type.String(),
          }),
          ...linkErrors,
        },
      },
    },
    async (request, reply) =>
      withLinkSlot(request, reply, async () => {
        const link = await findPasswordLink(request.em, request.body.token);
        return { email: link.email, purpose: link.purpose, expiresAt: link.expiresAt.toISOString() };
      }),
  );

  app.post(
    '/password-link',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set the password through a link (spent by it); every sign-in of the user ends. Same rules as /me/password',
        body: Type.Object({ token: LinkToken, password: Type.String({ minLength: 8, maxLength: 200 }) }, CLOSED),
        response: { 204: Type.Null({ description: 'Password set.' }), ...linkErrors },
      },
    },
    async (request, reply) => {
      await withLinkSlot(request, reply, async () => {
        const { token, password } = request.body;
        // The link is looked at before the slow hash, and taken atomically after it.
        await findPasswordLink(request.em, token);
        await usePasswordLink(request.em, token, await hash(password));
      });
      return reply.status(204).send(null);
    },
  );
}
