// The signed-in session, kept in localStorage so that it survives reloads and is shared by tabs:
// the JWT pair, the user (as the API last answered it), the chosen complex and the chosen theme.
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
  token: 'conjunto.token',
  refreshToken: 'conjunto.refreshToken',
  user: 'conjunto.user',
  complexId: 'conjunto.complexId',
  theme: 'conjunto.theme',
} as const;
/** A notice for the sign-in page (e.g. "session expired"); per tab, read once. */
const NOTICE_KEY = 'conjunto.notice';

function readUser(): SessionUser | undefined {
  const raw = localStorage.getItem(KEY.user);
  if (!raw) return undefined;
  try {
    const user = JSON.parse(raw) as SessionUser;
    return Array.isArray(user?.roles) ? { ...user, complexes: Array.isArray(user.complexes) ? user.complexes : [] } : undefined;
  } catch {
    return undefined;
  }
}

function read(): SessionState {
  const user = localStorage.getItem(KEY.token) ? readUser() : undefined;
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

// Another tab signed in, out, refreshed the tokens or picked another complex.
window.addEventListener('storage', (event) => {
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
  token: (): string | null => localStorage.getItem(KEY.token),
  refreshToken: (): string | null => localStorage.getItem(KEY.refreshToken),

  signIn(token: string, refreshToken: string, user: SessionUser): void {
    write(KEY.token, token);
    write(KEY.refreshToken, refreshToken);
    write(KEY.user, JSON.stringify(user));
    changed();
  },
  setUser(user: SessionUser): void {
    write(KEY.user, JSON.stringify(user));
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
    write(KEY.token, null);
    write(KEY.refreshToken, null);
    write(KEY.user, null);
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
