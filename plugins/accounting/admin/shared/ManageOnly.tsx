// Create and edit screens are for managing roles: the board (directiva) is sent back to the list.
import { type ReactNode, useEffect, useRef } from 'react';
import { useRedirect, useResourceContext } from 'react-admin';
import { useManageState } from './canManage.ts';

export function ManageOnly({ children }: { children: ReactNode }) {
  const { canManage, isPending } = useManageState();
  const redirect = useRedirect();
  const resource = useResourceContext();
  // Once shown, a permissions refetch must not unmount the form (and lose what was typed).
  const shown = useRef(false);
  if (canManage) shown.current = true;
  useEffect(() => {
    if (!isPending && !canManage && !shown.current) redirect('list', resource);
  }, [isPending, canManage, redirect, resource]);
  return shown.current ? children : null;
}
