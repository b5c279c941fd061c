import { defineServerPlugin, type PluginApp } from '@conjunto/core';
import manifest from '../manifest.ts';
import { BiometricDevice, Face } from './device.entity.ts';
import { FaceImport } from './import.entity.ts';
import { importCompatRoute, importJob, importRoutes } from './import-routes.ts';
import {
  biometricsControllerNames,
  biometricsDeviceIpUnique,
  biometricsFaces,
  biometricsImports,
  biometricsInit,
  biometricsRecognitions,
} from './migrations/0001_biometrics.ts';
import { recognitionRoutes } from './recognitions.ts';
import { biometricCompatRoutes, biometricRoutes } from './routes.ts';
import { seedBiometrics } from './seed.ts';
import { BiometricSimulator } from './simulator.ts';

/** The simulated fleet until a real driver is configured. */
export const simulator = new BiometricSimulator();

const both =
  <H>(...mounts: ((app: PluginApp, host: H) => void)[]) =>
  (app: PluginApp, host: H) => {
    for (const mount of mounts) mount(app, host);
  };

export default defineServerPlugin({
  manifest,
  entities: [BiometricDevice, Face, FaceImport],
  migrations: [
    biometricsInit,
    biometricsFaces,
    biometricsImports,
    biometricsControllerNames,
    biometricsDeviceIpUnique,
    biometricsRecognitions,
  ],
  routes: both(biometricRoutes, importRoutes, recognitionRoutes),
  compatibility: {
    prefix: '/api/biometrics/conjuntos/:complexId',
    routes: both(biometricCompatRoutes(simulator), importCompatRoute(simulator)),
  },
  jobs: { import: importJob(simulator) },
  seedDemo: seedBiometrics,
});
