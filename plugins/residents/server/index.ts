import { type DemoSeedContext, defineServerPlugin } from '@conjunto/core';
import manifest from '../manifest.ts';
import { Approver } from './approver.entity.ts';
import { FamilyMember } from './family-member.entity.ts';
import { householdInit } from './migrations/0001_household.ts';
import { vehiclesInit } from './migrations/0002_vehicles.ts';
import { residentsMovingPets } from './migrations/0003_moving_pets.ts';
import { MovingEntry, MovingRequest } from './moving.entity.ts';
import { Pet } from './pet.entity.ts';
import { Plate } from './plate.entity.ts';
import { residentsRoutes } from './routes.ts';
import { seedHousehold } from './seed.ts';
import { seedMoving } from './seed-moving.ts';
import { seedVehicles } from './seed-vehicles.ts';
import { Tag } from './tag.entity.ts';

export default defineServerPlugin({
  manifest,
  entities: [FamilyMember, Approver, Plate, Tag, MovingRequest, MovingEntry, Pet],
  migrations: [householdInit, vehiclesInit, residentsMovingPets],
  routes: residentsRoutes,
  async seedDemo(ctx: DemoSeedContext) {
    await seedHousehold(ctx);
    await seedVehicles(ctx);
    await seedMoving(ctx);
  },
});
