import { defineServerPlugin } from '@conjunto/core';
import manifest from '../manifest.ts';
import { BiometricDevice, Face } from './device.entity.ts';
import { biometricsFaces, biometricsInit } from './migrations/0001_biometrics.ts';
import { biometricCompatRoutes, biometricRoutes } from './routes.ts';
import { seedBiometrics } from './seed.ts';
import { BiometricSimulator } from './simulator.ts';

/** The simulated fleet until a real driver is configured. */
export const simulator = new BiometricSimulator();

export default defineServerPlugin({
  manifest,
  entities: [BiometricDevice, Face],
  migrations: [biometricsInit, biometricsFaces],
  routes: biometricRoutes,
  compatibility: { prefix: '/api/biometrics/conjuntos/:complexId', routes: biometricCompatRoutes(simulator) },
  seedDemo: seedBiometrics,
});
