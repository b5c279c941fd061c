// Who may use a page that is not a react-admin resource (menu entries and routes), from the plugin's access table:
// the same declaration the server derives its routes' roles from and the admin's canAccess answers.
import { type Role, rolesAllowed } from '@conjunto/core';
import manifest from '../../manifest.ts';

export const rolesFor = (resource: string, action: string): Role[] => rolesAllowed(manifest.access ?? {}, resource, action);
