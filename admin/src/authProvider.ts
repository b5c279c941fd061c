// react-admin's authProvider over the API's JWT pair. Sign-in itself happens on the public page at '/',
// outside every <Admin>, so `login` answers the home route of the user's primary role.
import { AREA_HOME_ROUTES, homeAreaRole, MESSAGES } from '@conjunto/core';
import type { AuthProvider } from 'react-admin';
import { fullName, session } from './session.ts';
import { signIn, signOut } from './signIn.ts';

export { COMPLEXES_DISABLED, refusal } from './signIn.ts';

export const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    const user = await signIn(email, password);
    const role = homeAreaRole(user.roles);
    return { redirectTo: role ? AREA_HOME_ROUTES[role] : '/' };
  },

  logout: signOut,

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
