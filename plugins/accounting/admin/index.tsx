// The admin half of the accounting plugin: the shell imports this module lazily (the plugin's chunk) and
// each screen is a further chunk. Screens use the spec's Spanish routes under /administrador.
import { type AdminMenuEntry, type AdminResource, type AdminRoute, defineAdminPlugin } from '@conjunto/core';
import manifest from '../manifest.ts';
import en from '../messages/en.ts';
import es from '../messages/es.ts';
import { documentsMenu, documentsRoutes } from './documents/routes.tsx';
import { ledgerMenu, ledgerResources, ledgerRoutes } from './ledger.tsx';
import treasury from './TreasuryIndex.tsx';

export const MANAGE_ROLES = ['administrador', 'superAdministrador'] as const;
export const READ_ROLES = ['administrador', 'superAdministrador', 'directiva'] as const;

const resources: AdminResource[] = [
  // ---- region A: accounts, categories, incomes, receivables
  ...ledgerResources,
  // ---- end region A
  // ---- region B: expenses, suppliers, payables, transfers, pending transfers, reconciliations
  ...treasury.resources,
  // ---- end region B
  // ---- region C: statements, notices, import
  // ---- end region C
];

const menu: AdminMenuEntry[] = [
  // ---- region A
  ...ledgerMenu,
  // ---- end region A
  // ---- region B
  ...treasury.menu,
  // ---- end region B
  // ---- region C
  ...documentsMenu,
  // ---- end region C
];

const routes: AdminRoute[] = [
  // ---- region A
  ...ledgerRoutes,
  // ---- end region A
  // ---- region B
  ...treasury.routes,
  // ---- end region B
  // ---- region C
  ...documentsRoutes,
  // ---- end region C
];

export default defineAdminPlugin({ manifest, resources, menu, routes, messages: { es, en } });
