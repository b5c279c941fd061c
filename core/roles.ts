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

/**
 * The roles with an area in the admin: the back office, then the residents' own phone-friendly area (/residente,
 * issue 12). A resident who also holds a back-office role lands on the back office first.
 */
export const AREA_ROLES = [...BACK_OFFICE_ROLES, 'residente'] as const;
export type AreaRole = (typeof AREA_ROLES)[number];
export const AREA_HOME_ROUTES: Record<AreaRole, string> = { ...HOME_ROUTES, residente: '/residente' };

/** The user's roles that have an area, in precedence order. */
export const areaRoles = (roles: readonly string[]): AreaRole[] => AREA_ROLES.filter((r) => roles.includes(r));

/** The area a user lands on after sign-in: their primary back-office role's, else the resident's. */
export const homeAreaRole = (roles: readonly string[]): AreaRole | undefined => areaRoles(roles)[0];

// ---------------------------------------------------------------- access table

/**
 * What one role may do, by resource: the actions, or '*' for all. Actions are react-admin's (list, show, create,
 * edit, delete, export) and the plugin's own verbs, named by the route's first path segment after the resource
 * or the record id (POST /incomes/:id/annul -> 'annul', GET /surveys/active -> 'active').
 */
export type AccessRules = Readonly<Record<string, readonly string[] | '*'>>;

/** A plugin's access control, declared once in its manifest: role x resource x action. */
export type AccessTable = Partial<Readonly<Record<Role, AccessRules>>>;

/** Whether any of `roles` may perform `action` on `resource`. */
export function canAccess(table: AccessTable, roles: readonly string[], resource: string, action: string): boolean {
  return roles.some((role) => {
    const actions = table[role as Role]?.[resource];
    return actions === '*' || (actions?.includes(action) ?? false);
  });
}

/** The roles that may perform `action` on `resource`. */
export const rolesAllowed = (table: AccessTable, resource: string, action: string): Role[] =>
  ALL_ROLES.filter((role) => canAccess(table, [role], resource, action));

/**
 * The resource and action of a REST route from its method and its path below the complex ('/surveys/:id'):
 * GET list/show, POST create, PUT/PATCH edit, DELETE delete; a further static segment names a verb of its own.
 */
export function routeAction(method: string, path: string): { resource: string; action: string } {
  const [resource = '', ...rest] = path.split('/').filter(Boolean);
  const verb = rest.find((segment) => !segment.startsWith(':'));
  if (verb) return { resource, action: verb };
  const item = rest.length > 0;
  const action =
    // HEAD is the GET's own (Fastify adds one beside every GET route).
    method === 'GET' || method === 'HEAD'
      ? item
        ? 'show'
        : 'list'
      : method === 'POST'
        ? 'create'
        : method === 'DELETE'
          ? 'delete'
          : 'edit';
  return { resource, action };
}
