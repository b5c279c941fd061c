// The plugin's route modules, one per aggregate, mounted under /api/complexes/:complexId.
import type { HostServices, PluginApp } from '@conjunto/core';
import { plateRoutes } from './plates.ts';
import { tagRoutes } from './tags.ts';

export async function residentsRoutes(app: PluginApp, host: HostServices) {
  // plates and tags (switches PlacasResidentes, TagsResidentes)
  plateRoutes(app, host);
  tagRoutes(app, host);
}
