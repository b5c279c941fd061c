// The role areas of spec 002 §2.1, one per back-office role at the role's home route (core/roles.ts), and the
// residents' own phone-friendly area at /residente (issue 12).
import { AREA_HOME_ROUTES, AREA_ROLES, type AreaRole } from '@conjunto/core';
import type { AreaDefinition, AreaUi } from './types.ts';

const basic = () => import('./basic/index.tsx');

const LOADERS: Record<AreaRole, () => Promise<{ default: AreaUi }>> = {
  superAdministrador: () => import('./superAdmin/index.tsx'),
  administrador: () => import('./administrador/index.tsx'),
  empresa: () => import('./empresa/index.tsx'),
  supervisor: basic,
  parkey: basic,
  directiva: () => import('./directiva/index.tsx'),
  puntoVenta: basic,
  residente: () => import('./residente/index.tsx'),
};

export const AREAS: readonly AreaDefinition[] = AREA_ROLES.map((role) => ({
  role,
  path: AREA_HOME_ROUTES[role].replace(/^\//, ''),
  load: LOADERS[role],
}));
