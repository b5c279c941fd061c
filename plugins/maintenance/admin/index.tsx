// The admin half of the maintenance plugin (the shell imports it lazily: it is the plugin's chunk).
import { defineAdminPlugin } from '@conjunto/core';
import BuildIcon from '@mui/icons-material/Build';
import { lazy } from 'react';
import manifest, { MAINTENANCE_TOPIC } from '../manifest.ts';
import es from '../messages/es.ts';

const ADMIN_ROLES = ['administrador', 'superAdministrador'] as const;
const MaintenanceList = lazy(() => import('./MaintenanceList.tsx'));

export default defineAdminPlugin({
  manifest,
  resources: [
    { name: 'mantenimiento', apiResource: 'maintenance-plans', list: MaintenanceList, icon: BuildIcon, roles: ADMIN_ROLES },
  ],
  menu: [{ to: 'mantenimiento', labelKey: 'maintenance.title', icon: BuildIcon, roles: ADMIN_ROLES, group: 'community' }],
  // The office's bell (spec 000 §2.9): dates due today or overdue and not done. The group reads the plugin's own
  // /pending (count and the 5 newest, one SQL query); the list's status=pending filter selects the same plans.
  // The dashboard's alert of what waits (spec 000 §2.9), beside the bell's group.
  widgets: [
    {
      id: 'pending',
      titleKey: 'maintenance.bell',
      component: lazy(() => import('./PendingWidget.tsx')),
      size: 'small',
      order: 22,
      to: 'mantenimiento',
      roles: ADMIN_ROLES,
      access: { resource: 'maintenance-plans', action: 'pending' },
    },
  ],
  bell: [
    {
      id: 'pending',
      titleKey: 'maintenance.bell',
      resource: 'mantenimiento',
      path: 'pending',
      topics: [MAINTENANCE_TOPIC],
      roles: ADMIN_ROLES,
      access: { resource: 'maintenance-plans', action: 'pending' },
      order: 10,
    },
  ],
  messages: { es, en: () => import('../messages/en.ts') },
});
