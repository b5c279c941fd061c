// Who may act on which complex (DESIGN §4), and the sign-in rules of spec 002 §5.
import { ApiError, backOfficeRoles } from '@conjunto/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';

export const AUTH_MESSAGES = {
  badCredentials: 'Usuario o contraseña incorrectos',
  noPermission: '¡No tienes permisos para acceder!',
  // The spec's refusal, followed by the reason a user can act on (issue 11).
  accountDisabled: '¡No tienes permisos para acceder! Tu cuenta está deshabilitada; comunícate con la administración.',
  complexesDisabled: 'Los conjuntos de este usuario están deshabilitados.',
  noComplexes: 'No se encontraron conjuntos habilitados.',
  tooManyAttempts: 'Demasiados intentos fallidos. Inténtelo de nuevo en unos minutos.',
  sessionExpired: 'Tu sesión ha expirado, vuelve a iniciar sesión.',
  termsNotAccepted: 'Debes aceptar los términos y condiciones para continuar.',
} as const;

/**
 * Spec 000 §4 (AceptaAcuerdoLegal): until the user accepts the terms, no route answers data; only the routes
 * marked config.beforeTerms (the user itself, the acceptance) do, besides those that need no sign-in. Called
 * by app.authenticate and by the complex scope's admission, so every route behind a sign-in is covered.
 */
export function requireTerms(request: FastifyRequest, user: Pick<UserRow, 'legal_accepted'>): void {
  if (!user.legal_accepted && !request.routeOptions.config.beforeTerms)
    throw new ApiError(403, 'TERMS_NOT_ACCEPTED', AUTH_MESSAGES.termsNotAccepted);
}

export interface UserRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  roles: string[];
  is_active: boolean;
  company_id: string | null;
  residence_complex_id: string | null;
  legal_accepted: boolean;
  legal_accepted_at: Date | null;
}

export const fullName = (user: Pick<UserRow, 'first_name' | 'last_name'>) => `${user.first_name} ${user.last_name}`.trim();

export interface ComplexSummary {
  id: string;
  name: string;
  isActive: boolean;
  themeColor: string | null;
  companyId: string | null;
}

export const USER_COLUMNS =
  'id, first_name, last_name, email, roles, is_active, company_id, residence_complex_id, legal_accepted, legal_accepted_at';

/**
 * The one form of an e-mail, for storing and for comparing: NFKC (full-width and compatibility characters folded),
 * lower case, trimmed. Compared exactly in SQL, never with SQL lower(), which differs from JavaScript beyond ASCII
 * (lower('İ') is 'i' there, 'i̇' here): a look-alike spelling must not reach another account.
 */
export const normalizeEmail = (email: string) => email.normalize('NFKC').toLowerCase().trim();

export async function loadUser(
  em: EntityManager,
  where: { id?: string; email?: string },
): Promise<(UserRow & { password_hash: string | null; token_version: number }) | undefined> {
  const [row] = where.id
    ? await em.execute(`select ${USER_COLUMNS}, password_hash, token_version from users where id = ?`, [where.id])
    : await em.execute(`select ${USER_COLUMNS}, password_hash, token_version from users where email = ?`, [
        normalizeEmail(where.email ?? ''),
      ]);
  return row as never;
}

/** Stored e-mails beyond ASCII that are not in normalizeEmail's form (the migration did the ASCII ones): fixed at boot. */
export async function normalizeStoredEmails(em: EntityManager): Promise<number> {
  let fixed = 0;
  for (const row of await em.execute("select id, email from users where email !~ '^[ -~]*$'")) {
    const email = normalizeEmail(row.email as string);
    if (email === row.email) continue;
    await em.execute('update users set email = ? where id = ?', [email, row.id]);
    fixed++;
  }
  return fixed;
}

/** Roles a user holds on one complex, given how they reach it. */
export function rolesOnComplex(
  user: UserRow,
  complex: { id: string; is_active: boolean; company_id: string | null; linked: boolean },
): string[] {
  const roles = new Set<string>();
  if (user.roles.includes('superAdministrador')) roles.add('superAdministrador');
  if (user.roles.includes('empresa') && user.company_id && user.company_id === complex.company_id) roles.add('empresa');
  if (complex.is_active && complex.linked) {
    for (const r of user.roles) if (r !== 'superAdministrador' && r !== 'empresa' && r !== 'residente') roles.add(r);
  }
  if (complex.is_active && user.roles.includes('residente') && user.residence_complex_id === complex.id) roles.add('residente');
  if (roles.size && user.roles.includes('test')) roles.add('test');
  return [...roles];
}

/** What an access token says: its user, the user's token version when it was issued, and its sign-in (refresh family). */
export interface AccessClaims {
  sub: string;
  typ: 'access';
  /** users.token_version at issue: a password change or a disable bumps it, ending every older token. */
  ver: number;
  /** The sign-in (refresh token family): logout or a detected refresh reuse revokes it, ending this token at once. */
  sid: string;
}

/** SQL (one parameter: the token's sid) telling whether the token's sign-in was ended; used inside each request's one user query. */
export const SESSION_REVOKED_SQL =
  'exists (select 1 from refresh_tokens rt where rt.family_id = ? and rt.revoked_at is not null) as session_revoked';

/** Whether the user row (read with token_version and SESSION_REVOKED_SQL) still honours these claims. */
export function sessionValid(
  row: { is_active: boolean; token_version: number; session_revoked: boolean } | undefined,
  claims: AccessClaims,
): boolean {
  return Boolean(row?.is_active) && Number(row?.token_version) === claims.ver && !row?.session_revoked;
}

/** The signed-in user of a verified access token, or undefined when disabled, the token is older than the user's version, or its sign-in ended. */
export async function loadSessionUser(em: EntityManager, claims: AccessClaims): Promise<UserRow | undefined> {
  const [row] = await em.execute(`select ${USER_COLUMNS}, token_version, ${SESSION_REVOKED_SQL} from users where id = ?`, [
    claims.sid,
    claims.sub,
  ]);
  return sessionValid(row as never, claims) ? (row as UserRow) : undefined;
}

/** The complexes a user may act on, active or not: platform staff all, a company its own, others their links. */
export async function accessibleComplexes(em: EntityManager, user: UserRow): Promise<ComplexSummary[]> {
  const rows = await em.execute(
    `select id, name, is_active, theme_color, company_id from complexes c
      where ? or (c.company_id is not null and c.company_id = ? and ?)
         or exists (select 1 from user_complexes uc where uc.user_id = ? and uc.complex_id = c.id)
         or c.id = ?
      order by name`,
    [
      user.roles.includes('superAdministrador'),
      user.company_id,
      user.roles.includes('empresa'),
      user.id,
      user.roles.includes('residente') ? user.residence_complex_id : null,
    ],
  );
  return rows.map((r: Record<string, unknown>) => ({
    id: r.id as string,
    name: r.name as string,
    isActive: r.is_active as boolean,
    themeColor: r.theme_color as string | null,
    companyId: r.company_id as string | null,
  }));
}

/** Who signs in: the back office (admin) or the residents' mobile app (app). */
export type AuthClient = 'admin' | 'app';

/**
 * Spec 002 §5: a back-office role and isActive are required; a user whose complexes are all disabled is
 * refused unless they are a company (empresa) or platform staff. The residents' app requires the residente
 * role instead; the browser admin takes residents too, into their own area /residente (issue 12). Returns the
 * active complexes.
 */
export async function checkCanSignIn(em: EntityManager, user: UserRow, client: AuthClient = 'admin'): Promise<ComplexSummary[]> {
  const resident = user.roles.includes('residente');
  const allowed = client === 'app' ? resident : resident || backOfficeRoles(user.roles).length > 0;
  if (!user.is_active) throw new ApiError(403, 'ACCOUNT_DISABLED', AUTH_MESSAGES.accountDisabled);
  if (!allowed) throw new ApiError(403, 'NO_PERMISSION', AUTH_MESSAGES.noPermission);
  const complexes = await accessibleComplexes(em, user);
  const active = complexes.filter((c) => c.isActive);
  const exempt = user.roles.includes('superAdministrador') || user.roles.includes('empresa');
  if (!exempt && active.length === 0) {
    if (complexes.length > 0) throw new ApiError(403, 'COMPLEXES_DISABLED', AUTH_MESSAGES.complexesDisabled);
    throw new ApiError(403, 'NO_COMPLEXES', AUTH_MESSAGES.noComplexes);
  }
  return active;
}

export function publicUser(user: UserRow, complexes: ComplexSummary[]) {
  return {
    id: user.id,
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    roles: user.roles,
    legalAccepted: user.legal_accepted,
    legalAcceptedAt: user.legal_accepted_at ? new Date(user.legal_accepted_at).toISOString() : null,
    companyId: user.company_id,
    complexes,
  };
}
