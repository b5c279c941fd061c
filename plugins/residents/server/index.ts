import { defineServerPlugin } from '@conjunto/core';
import manifest from '../manifest.ts';
import { residentsRoutes } from './routes.ts';

export default defineServerPlugin({
  manifest,
  entities: [],
  migrations: [],
  routes: residentsRoutes,
});
