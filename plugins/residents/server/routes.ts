// The plugin's route modules, one per aggregate, mounted under /api/complexes/:complexId.
import type { HostServices, PluginApp } from '@conjunto/core';
import { approverRoutes } from './approvers.ts';
import { familyRoutes } from './family.ts';
import { plateRoutes } from './plates.ts';
import { tagRoutes } from './tags.ts';

export async function residentsRoutes(app: PluginApp, host: HostServices) {
  familyRoutes(app, host);
  approverRoutes(app, host);
  // switches PlacasResidentes, TagsResidentes
  plateRoutes(app, host);
  tagRoutes(app, host);
}
