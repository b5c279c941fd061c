import { defineServerPlugin } from '@conjunto/core';
import manifest from '../manifest.ts';
import { supportInit } from './migrations/0001_support.ts';
import { supportPlatformRoutes } from './platform.ts';
import { supportRoutes } from './routes.ts';
import { seedSupport } from './seed.ts';
import { FaqEntry, SupportReply, SupportRequest } from './support.entity.ts';

export default defineServerPlugin({
  manifest,
  entities: [FaqEntry, SupportRequest, SupportReply],
  migrations: [supportInit],
  routes: supportRoutes,
  // Platform staff's /superAdministrador/FAQ and /superAdministrador/sugerencias: /api/platform/support/*.
  platformRoutes: supportPlatformRoutes,
  seedDemo: seedSupport,
});
