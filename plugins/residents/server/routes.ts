// The plugin's route modules, one per aggregate, mounted under /api/complexes/:complexId.
import type { HostServices, PluginApp } from '@conjunto/core';
// family and approvers (migration 0001)
import { approverRoutes } from './approvers.ts';
import { familyRoutes } from './family.ts';

export async function residentsRoutes(app: PluginApp, host: HostServices) {
  // family and approvers
  familyRoutes(app, host);
  approverRoutes(app, host);
}
