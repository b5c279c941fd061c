import { AREA_HOME_ROUTES, homeAreaRole } from '@conjunto/core';
import type { SessionUser } from '../session.ts';

/** The home route of the user's primary role (a resident's: /residente), or the sign-in page. */
export function homeRoute(user: SessionUser | undefined): string {
  const role = user && homeAreaRole(user.roles);
  return role ? AREA_HOME_ROUTES[role] : '/';
}
