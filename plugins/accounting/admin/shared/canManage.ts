// Who may change the books: administrators and platform staff. The board (directiva) reads the same screens
// without their create, edit and delete buttons; the server refuses its writes anyway (403).
import { useBasename, usePermissions } from 'react-admin';

export const MANAGE_ROLES = ['administrador', 'superAdministrador'] as const;
export const READ_ROLES = ['administrador', 'superAdministrador', 'directiva'] as const;

/** Whether the user manages the books here: a managing role's area (/administrador, /superAdmin) and role. */
export function useManageState(): { canManage: boolean; isPending: boolean } {
  const basename = useBasename();
  const { permissions, isPending } = usePermissions<string[]>();
  const canManage =
    !basename.startsWith('/directiva') &&
    Array.isArray(permissions) &&
    permissions.some((r) => (MANAGE_ROLES as readonly string[]).includes(r));
  return { canManage, isPending };
}

export const useCanManage = (): boolean => useManageState().canManage;
