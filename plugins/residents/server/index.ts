import { defineServerPlugin } from '@conjunto/core';
import manifest from '../manifest.ts';
import { Approver } from './approver.entity.ts';
import { FamilyMember } from './family-member.entity.ts';
import { householdInit } from './migrations/0001_household.ts';
import { residentsRoutes } from './routes.ts';
import { seedHousehold } from './seed.ts';

export default defineServerPlugin({
  manifest,
  entities: [FamilyMember, Approver],
  migrations: [householdInit],
  routes: residentsRoutes,
  seedDemo: async (ctx) => {
    await seedHousehold(ctx);
  },
});
