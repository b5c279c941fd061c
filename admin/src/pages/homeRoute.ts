import { HOME_ROUTES, primaryRole } from '@conjunto/core';
import type { SessionUser } from '../session.ts';

/** The home route of the user's primary role, or the sign-in page. */
export function homeRoute(user: SessionUser | undefined): string {
  const role = user && primaryRole(user.roles);
  return role ? HOME_ROUTES[role] : '/';
}
