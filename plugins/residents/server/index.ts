import { type DemoSeedContext, defineServerPlugin } from '@conjunto/core';
import manifest from '../manifest.ts';
import { vehiclesInit } from './migrations/0002_vehicles.ts';
import { Plate } from './plate.entity.ts';
import { residentsRoutes } from './routes.ts';
import { seedVehicles } from './seed-vehicles.ts';
import { Tag } from './tag.entity.ts';

export default defineServerPlugin({
  manifest,
  entities: [
    // plates and tags
    Plate,
    Tag,
  ],
  migrations: [
    // plates and tags
    vehiclesInit,
  ],
  routes: residentsRoutes,
  async seedDemo(ctx: DemoSeedContext) {
    // plates and tags
    await seedVehicles(ctx);
  },
});
