// The signed-in session: the access token and the user (as the API last answered it) in memory only, never in
// storage a script could read; the refresh token is an httpOnly cookie the page cannot see (server: auth/routes.ts).
// A reload gets a new access token from that cookie (api.ts restoreSession); each tab refreshes on its own.
// localStorage keeps only a "signed in" flag (no secret: it tells a reload to try the cookie, and other tabs that
// this one signed out), the chosen complex and the chosen theme.
// React reads it through useSession (useSyncExternalStore); the providers read it directly.
import { useSyncExternalStore } from 'react';

export interface SessionComplex {
  id: string;
  name: string;
  isActive: boolean;
  themeColor: string | null;
  companyId: string | null;
}

export interface SessionUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  roles: string[];
  legalAccepted: boolean;
  legalAcceptedAt: string | null;
  companyId: string | null;
  complexes: SessionComplex[];
}

export const THEME_NAMES = ['light', 'one-dark', 'unicorn'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

export interface SessionState {
  user: SessionUser | undefined;
  /** The active complexes the user may act on (the picker's choices). */
  complexes: SessionComplex[];
  /** The working complex: the stored choice when still allowed, else the first one. */
  complex: SessionComplex | undefined;
  theme: ThemeName;
}

const KEY = {
  signedIn: 'conjunto.signedIn',
  complexId: 'conjunto.complexId',
  theme: 'conjunto.theme',
} as const;
/** A notice for the sign-in page (e.g. "session expired"); per tab, read once. */
const NOTICE_KEY = 'conjunto.notice';
// Older builds kept the tokens and the user here: drop them.
for (const old of ['conjunto.token', 'conjunto.refreshToken', 'conjunto.user']) localStorage.removeItem(old);

let memory: { token: string | null; user: SessionUser | undefined } = { token: null, user: undefined };

function validUser(user: SessionUser | undefined): SessionUser | undefined {
  return Array.isArray(user?.roles) ? { ...user, complexes: Array.isArray(user.complexes) ? user.complexes : [] } : undefined;
}

function read(): SessionState {
  const user = memory.token ? memory.user : undefined;
  const complexes = (user?.complexes ?? []).filter((c) => c.isActive !== false);
  const storedId = localStorage.getItem(KEY.complexId);
  const complex = complexes.find((c) => c.id === storedId) ?? complexes[0];
  const storedTheme = localStorage.getItem(KEY.theme);
  const theme = (THEME_NAMES as readonly string[]).includes(storedTheme ?? '') ? (storedTheme as ThemeName) : 'light';
  return { user, complexes, complex, theme };
}

let snapshot = read();
const listeners = new Set<() => void>();

function changed(): void {
  snapshot = read();
  for (const listener of listeners) listener();
}

// Another tab signed out (its sign-in, shared through the cookie, is over here too) or picked another complex or theme.
window.addEventListener('storage', (event) => {
  if ((event.key === KEY.signedIn || event.key === null) && !localStorage.getItem(KEY.signedIn))
    memory = { token: null, user: undefined };
  if (event.key === null || event.key.startsWith('conjunto.')) changed();
});

function write(key: string, value: string | null | undefined): void {
  if (value == null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
}

export const session = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): SessionState => snapshot,
  token: (): string | null => memory.token,
  /** Whether this browser had signed in (a reload then asks the refresh cookie for a new access token). */
  wasSignedIn: (): boolean => localStorage.getItem(KEY.signedIn) === '1',

  signIn(token: string, user: SessionUser): void {
    memory = { token, user: validUser(user) };
    write(KEY.signedIn, '1');
    changed();
  },
  setUser(user: SessionUser): void {
    memory = { ...memory, user: validUser(user) };
    changed();
  },
  /** Updates the working complex in the cached user (e.g. after "Editar Conjunto" saved a new colour). */
  patchComplex(id: string, patch: Partial<SessionComplex>): void {
    const user = snapshot.user;
    if (!user) return;
    this.setUser({ ...user, complexes: user.complexes.map((c) => (c.id === id ? { ...c, ...patch } : c)) });
  },
  setComplexId(id: string): void {
    write(KEY.complexId, id);
    changed();
  },
  setTheme(theme: ThemeName): void {
    write(KEY.theme, theme);
    changed();
  },
  /** Forgets the tokens and the user; the complex and theme choices stay for the next sign-in. */
  clear(notice?: string): void {
    memory = { token: null, user: undefined };
    write(KEY.signedIn, null);
    if (notice) sessionStorage.setItem(NOTICE_KEY, notice);
    changed();
  },
  takeNotice(): string | undefined {
    const notice = sessionStorage.getItem(NOTICE_KEY) ?? undefined;
    sessionStorage.removeItem(NOTICE_KEY);
    return notice;
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get);
}

export function fullName(user: Pick<SessionUser, 'firstName' | 'lastName'> | undefined): string {
  const name = `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim();
  return name || 'Desconocido';
}
