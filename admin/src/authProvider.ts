// react-admin's authProvider over the API's JWT pair. Sign-in itself happens on the public page at '/',
// outside every <Admin>, so `login` answers the home route of the user's primary role.
import { HOME_ROUTES, MESSAGES, primaryRole } from '@conjunto/core';
import { type AuthProvider, fetchUtils, HttpError } from 'react-admin';
import { API_URL, CONNECTIVITY_ERROR } from './api.ts';
import { store } from './i18n/i18nProvider.ts';
import { fullName, type SessionUser, session } from './session.ts';

export const COMPLEXES_DISABLED = 'Los conjuntos de este usuario están deshabilitados.';

/** Roles that may work with no complex at all (spec 002 §5: unless they hold the empresa role). */
const ROLES_WITHOUT_COMPLEX = ['superAdministrador', 'empresa'];

/** Why this user may not use the back office, or undefined when they may (mirrors the server's checks). */
export function refusal(user: SessionUser): string | undefined {
  if (!primaryRole(user.roles)) return MESSAGES.forbidden;
  const active = user.complexes.filter((c) => c.isActive !== false);
  if (active.length === 0 && !user.roles.some((r) => ROLES_WITHOUT_COMPLEX.includes(r))) return COMPLEXES_DISABLED;
  return undefined;
}

/** Ends the sign-in on the server: the bearer's session and the refresh cookie (which the server also clears). */
async function postLogout(token: string | null): Promise<void> {
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

export const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    let answer: { token: string; user: SessionUser };
    try {
      // The refresh token comes back as an httpOnly cookie, never in the body.
      const { json } = await fetchUtils.fetchJson(`${API_URL}/auth/login`, {
        method: 'POST',
        credentials: 'same-origin',
        body: JSON.stringify({ email: String(email).trim(), password, refreshTokenIn: 'cookie' }),
      });
      answer = json;
    } catch (error) {
      const message = error instanceof HttpError ? (error.body as { message?: string } | undefined)?.message : undefined;
      throw new Error(message || (error instanceof HttpError ? MESSAGES.unexpected : CONNECTIVITY_ERROR));
    }
    const refused = refusal(answer.user);
    if (refused) {
      await postLogout(answer.token);
      throw new Error(refused);
    }
    session.signIn(answer.token, answer.user);
    const role = primaryRole(answer.user.roles);
    return { redirectTo: role ? HOME_ROUTES[role] : '/' };
  },

  async logout() {
    const token = session.token();
    const signedIn = Boolean(token) || session.wasSignedIn();
    session.clear();
    store.setItem('locale', 'es'); // Spanish is the default again for whoever signs in next
    if (signedIn) await postLogout(token);
    // An absolute path of the top-level router: the sign-in page lives outside the role areas.
    return '/';
  },

  async checkAuth() {
    if (!session.token() || !session.get().user) throw { redirectTo: '/', message: false };
  },

  async checkError(error: { status?: number }) {
    // httpClient already tried a refresh: a 401 here means the session is over.
    if (error?.status === 401) {
      if (session.token()) session.clear(MESSAGES.unauthenticated);
      throw { redirectTo: '/', message: false };
    }
    // 403 and the rest: the screen shows the server's message; the user stays signed in.
  },

  async getIdentity() {
    const user = session.get().user;
    if (!user) throw new Error(MESSAGES.unauthenticated);
    return { id: user.id, fullName: fullName(user), email: user.email };
  },

  async getPermissions() {
    return session.get().user?.roles ?? [];
  },
};
