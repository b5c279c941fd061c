// The plugin's route modules, one per aggregate, mounted under /api/complexes/:complexId.
import type { HostServices, PluginApp } from '@conjunto/core';
// --- moving and pets
import { movingRoutes } from './moving.ts';
import { petRoutes } from './pets.ts';
// --- end moving and pets

export async function residentsRoutes(app: PluginApp, host: HostServices) {
  // --- moving and pets
  await movingRoutes(app, host);
  await petRoutes(app, host);
  // --- end moving and pets
}
