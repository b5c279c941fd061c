import { type DemoSeedContext, defineServerPlugin } from '@conjunto/core';
import manifest from '../manifest.ts';
import { Approver } from './approver.entity.ts';
import { FamilyMember } from './family-member.entity.ts';
import { householdInit } from './migrations/0001_household.ts';
import { vehiclesInit } from './migrations/0002_vehicles.ts';
import { Plate } from './plate.entity.ts';
import { residentsRoutes } from './routes.ts';
import { seedHousehold } from './seed.ts';
import { seedVehicles } from './seed-vehicles.ts';
import { Tag } from './tag.entity.ts';

export default defineServerPlugin({
  manifest,
  entities: [FamilyMember, Approver, Plate, Tag],
  migrations: [householdInit, vehiclesInit],
  routes: residentsRoutes,
  async seedDemo(ctx: DemoSeedContext) {
    await seedHousehold(ctx);
    await seedVehicles(ctx);
  },
});
