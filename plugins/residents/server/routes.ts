// The plugin's route modules, one per aggregate, mounted under /api/complexes/:complexId.

import type { HostServices, PluginApp } from '@conjunto/core';
import { approverRoutes } from './approvers.ts';
import { familyRoutes } from './family.ts';
import { movingRoutes } from './moving.ts';
import { petRoutes } from './pets.ts';
import { plateRoutes } from './plates.ts';
import { tagRoutes } from './tags.ts';
import { vehicleReadRoutes } from './vehicle-reads.ts';

export async function residentsRoutes(app: PluginApp, host: HostServices) {
  familyRoutes(app, host);
  approverRoutes(app, host);
  // switches PlacasResidentes, TagsResidentes, Mudanza, Pets
  plateRoutes(app, host);
  tagRoutes(app, host);
  vehicleReadRoutes(app, host);
  await movingRoutes(app, host);
  await petRoutes(app, host);
}
