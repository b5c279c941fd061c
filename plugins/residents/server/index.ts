import { defineServerPlugin } from '@conjunto/core';
import manifest from '../manifest.ts';
// --- moving and pets
import { residentsMovingPets } from './migrations/0003_moving_pets.ts';
import { MovingEntry, MovingRequest } from './moving.entity.ts';
import { Pet } from './pet.entity.ts';
// --- end moving and pets
import { residentsRoutes } from './routes.ts';

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
});
