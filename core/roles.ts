// Roles of spec 002 §6. The order of BACK_OFFICE_ROLES is the precedence when a user holds several.
export const BACK_OFFICE_ROLES = [
  'superAdministrador',
  'administrador',
  'supervisor',
  'parkey',
  'empresa',
  'directiva',
  'puntoVenta',
] as const;

export type BackOfficeRole = (typeof BACK_OFFICE_ROLES)[number];
/** residente uses the mobile app; test unlocks the language selector. */
export type Role = BackOfficeRole | 'residente' | 'test';
export const ALL_ROLES: readonly Role[] = [...BACK_OFFICE_ROLES, 'residente', 'test'];

export const HOME_ROUTES: Record<BackOfficeRole, string> = {
  superAdministrador: '/superAdmin',
  administrador: '/administrador',
  supervisor: '/guardia',
  parkey: '/parkey',
  empresa: '/empresa',
  directiva: '/directiva',
  puntoVenta: '/puntoVenta',
};

export const ROLE_LABELS: Record<Role, string> = {
  superAdministrador: 'Super administrador',
  administrador: 'Administrador',
  supervisor: 'Guardia',
  parkey: 'Parkey',
  empresa: 'Empresa',
  directiva: 'Directiva',
  puntoVenta: 'Punto de venta',
  residente: 'Residente',
  test: 'Pruebas',
};

export function isBackOfficeRole(role: string): role is BackOfficeRole {
  return (BACK_OFFICE_ROLES as readonly string[]).includes(role);
}

/** The user's back-office roles in precedence order. */
export function backOfficeRoles(roles: readonly string[]): BackOfficeRole[] {
  return BACK_OFFICE_ROLES.filter((r) => roles.includes(r));
}

/** The role a user lands on after sign-in: the first of theirs by precedence. */
export function primaryRole(roles: readonly string[]): BackOfficeRole | undefined {
  return backOfficeRoles(roles)[0];
}
