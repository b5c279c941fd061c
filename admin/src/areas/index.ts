// The role areas of spec 002 §2.1, one per back-office role, at the role's home route (core/roles.ts).
import { BACK_OFFICE_ROLES, type BackOfficeRole, HOME_ROUTES } from '@conjunto/core';
import type { AreaDefinition, AreaUi } from './types.ts';

const basic = () => import('./basic/index.tsx');

const LOADERS: Record<BackOfficeRole, () => Promise<{ default: AreaUi }>> = {
  superAdministrador: () => import('./superAdmin/index.tsx'),
  administrador: () => import('./administrador/index.tsx'),
  empresa: () => import('./empresa/index.tsx'),
  supervisor: basic,
  parkey: basic,
  directiva: () => import('./directiva/index.tsx'),
  puntoVenta: basic,
};

export const AREAS: readonly AreaDefinition[] = BACK_OFFICE_ROLES.map((role) => ({
  role,
  path: HOME_ROUTES[role].replace(/^\//, ''),
  load: LOADERS[role],
}));
