// What a role area shows to whoever opens it (spec 000 §2.1, §4): the sign-in when signed out, /error without the
// area's role, only the terms dialog until the terms are accepted (nothing behind it), else the area.
import type { SessionUser } from '../session.ts';

export type AreaEntry = 'signIn' | 'forbidden' | 'terms' | 'shell';

export function areaEntry(user: Pick<SessionUser, 'roles' | 'legalAccepted'> | undefined, role: string): AreaEntry {
  if (!user) return 'signIn';
  if (!user.roles.includes(role)) return 'forbidden';
  if (user.legalAccepted === false) return 'terms';
  return 'shell';
}
