import { defineServerPlugin } from '@conjunto/core';
import manifest from '../manifest.ts';
// --- moving and pets
import { residentsMovingPets } from './migrations/0003_moving_pets.ts';
import { MovingEntry, MovingRequest } from './moving.entity.ts';
import { Pet } from './pet.entity.ts';
// --- end moving and pets
import { residentsRoutes } from './routes.ts';
import { seedMoving } from './seed-moving.ts';

export default defineServerPlugin({
  manifest,
  entities: [
    // --- moving and pets
    MovingRequest,
    MovingEntry,
    Pet,
  ],
  migrations: [residentsMovingPets],
  routes: residentsRoutes,
  // The moving and pets demo (the switches Mudanza and Pets on); the plugin's seed.ts will call it with its own.
  seedDemo: seedMoving,
});
