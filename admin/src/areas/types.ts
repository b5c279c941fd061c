// What a role area of the shell contributes: the same shape as a plugin's admin half (resources, menu,
// routes) plus where its resources live in the API, its dashboard and its user-menu links.
import type { AdminMenuEntry, AdminResource, AdminRoute, AreaRole } from '@conjunto/core';
import type { ComponentType } from 'react';
import type { LayoutProps, RaRecord } from 'react-admin';
import type { ResourceScope } from '../dataProvider.ts';

export interface ShellResource extends AdminResource {
  /** Where the API resource lives: under the current complex (default), /api/platform or /api. */
  scope?: ResourceScope;
  recordRepresentation?: string | ((record: RaRecord) => string);
}

export interface AreaUi {
  dashboard: ComponentType;
  resources: readonly ShellResource[];
  menu: readonly AdminMenuEntry[];
  routes?: readonly AdminRoute[];
  /** Links of the user menu, above "Cerrar sesión". */
  userMenu?: readonly AdminMenuEntry[];
  /** The area's own layout (the resident's phone-first one); default the shell's drawer layout. */
  layout?: ComponentType<LayoutProps>;
}

export interface AreaDefinition {
  /** The URL segment: /administrador, /superAdmin ... */
  path: string;
  role: AreaRole;
  /** The area's screens, a chunk of their own. */
  load: () => Promise<{ default: AreaUi }>;
}
