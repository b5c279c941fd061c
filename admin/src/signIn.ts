// Signing in and out, and renewing the access token, with plain fetch: the sign-in page uses these before any
// react-admin code is loaded (issue 11: the first load carries no react-admin). api.ts and authProvider.ts build
// on them for the role areas.
import { homeAreaRole, MESSAGES } from '@conjunto/core';
import { store } from './i18n/store.ts';
import { type SessionUser, session } from './session.ts';

export const API_URL = '/api';
export const CONNECTIVITY_ERROR = 'Ha ocurrido un error de conectividad...';
export const COMPLEXES_DISABLED = 'Los conjuntos de este usuario están deshabilitados.';

/** Roles that may work with no complex at all (spec 002 §5: unless they hold the empresa role). */
const ROLES_WITHOUT_COMPLEX = ['superAdministrador', 'empresa'];

interface TokenAnswer {
  token: string;
  user: SessionUser;
}

/** Why this user may not use the back office, or undefined when they may (mirrors the server's checks). */
export function refusal(user: SessionUser): string | undefined {
  if (!homeAreaRole(user.roles)) return MESSAGES.forbidden;
  const active = user.complexes.filter((c) => c.isActive !== false);
  if (active.length === 0 && !user.roles.some((r) => ROLES_WITHOUT_COMPLEX.includes(r))) return COMPLEXES_DISABLED;
  return undefined;
}

/** Ends the sign-in on the server: the bearer's session and the refresh cookie (which the server also clears). */
export async function postLogout(token: string | null): Promise<void> {
  try {
    await fetch(`${API_URL}/auth/logout`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: '{}',
    });
  } catch {
    // Offline: the refresh token expires on its own; signing out locally is what matters.
  }
}

/**
 * Signs in with email and password; throws an Error carrying the server's message verbatim ('Usuario o contraseña
 * incorrectos', ACCOUNT_DISABLED's ...), the connectivity message offline, or the refusal.
 */
export async function signIn(email: string, password: string): Promise<SessionUser> {
  let response: Response;
  try {
    // The refresh token comes back as an httpOnly cookie, never in the body.
    response = await fetch(`${API_URL}/auth/login`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email: String(email).trim(), password, refreshTokenIn: 'cookie' }),
    });
  } catch {
    throw new Error(CONNECTIVITY_ERROR);
  }
  const body = (await response.json().catch(() => undefined)) as (TokenAnswer & { message?: unknown }) | undefined;
  if (!response.ok || !body) {
    throw new Error(typeof body?.message === 'string' && body.message ? body.message : MESSAGES.unexpected);
  }
  const refused = refusal(body.user);
  if (refused) {
    await postLogout(body.token);
    throw new Error(refused);
  }
  session.signIn(body.token, body.user);
  return body.user;
}

let refreshing: Promise<boolean> | undefined;

/** Runs `task` while holding a lock shared by this browser's tabs (Web Locks), when the browser has them. */
function acrossTabs<T>(task: () => Promise<T>): Promise<T> {
  return navigator.locks ? navigator.locks.request('conjunto.refresh', task) : task();
}

/**
 * A new access token from the refresh cookie (httpOnly, sent only to /api/auth), which the server rotates.
 * Single-flight in the tab, and one tab at a time (the tabs share the cookie, and the server ends the sign-in
 * when a refresh token is used twice). A 401 ends the session here; offline or throttled, it stays.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= acrossTabs(async () => {
    try {
      const response = await fetch(`${API_URL}/auth/refresh`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: '{}',
      });
      if (response.status === 401) {
        session.clear(session.token() || session.wasSignedIn() ? MESSAGES.unauthenticated : undefined);
        return false;
      }
      if (!response.ok) return false;
      const answer = (await response.json()) as TokenAnswer;
      session.signIn(answer.token, answer.user);
      return true;
    } catch {
      return false; // offline: keep the session, the caller shows the connectivity error
    }
  }).finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

/** On start (a reload, a new tab): the session back from the refresh cookie, if this browser had signed in. */
export async function restoreSession(): Promise<void> {
  if (session.wasSignedIn() && !session.token()) await refreshSession();
}

/** Signs out here and on the server; Spanish is the default again for whoever signs in next. Answers '/'. */
export async function signOut(): Promise<string> {
  const token = session.token();
  const signedIn = Boolean(token) || session.wasSignedIn();
  session.clear();
  store.setItem('locale', 'es');
  if (signedIn) await postLogout(token);
  // An absolute path of the top-level router: the sign-in page lives outside the role areas.
  return '/';
}
