// The admin half of the maintenance plugin (the shell imports it lazily: it is the plugin's chunk).
import { defineAdminPlugin } from '@conjunto/core';
import BuildIcon from '@mui/icons-material/Build';
import { lazy } from 'react';
import manifest from '../manifest.ts';
import es from '../messages/es.ts';

const ADMIN_ROLES = ['administrador', 'superAdministrador'] as const;
const MaintenanceList = lazy(() => import('./MaintenanceList.tsx'));

export default defineAdminPlugin({
  manifest,
  resources: [
    { name: 'mantenimiento', apiResource: 'maintenance-plans', list: MaintenanceList, icon: BuildIcon, roles: ADMIN_ROLES },
  ],
  menu: [{ to: 'mantenimiento', labelKey: 'maintenance.title', icon: BuildIcon, roles: ADMIN_ROLES, group: 'community' }],
  messages: { es, en: () => import('../messages/en.ts') },
});
