// The gate's route modules, one per aggregate, mounted under /api/complexes/:complexId.
import type { HostServices, PluginApp } from '@conjunto/core';
import { earlyVisitRoutes } from './early-visits.ts';
import { entryRoutes } from './entry-routes.ts';
import { enviaPushRoutes } from './envia-push.ts';
import { gateEventRoutes } from './gate-events.ts';
import { listRoutes } from './lists.ts';
import { panicRoutes } from './panic.ts';
import { postRoutes } from './posts.ts';

export function gateRoutes(app: PluginApp, host: HostServices) {
  postRoutes(app, host);
  entryRoutes(app, host);
  listRoutes(app, host);
  earlyVisitRoutes(app, host);
  gateEventRoutes(app, host);
  panicRoutes(app, host);
  enviaPushRoutes(app, host);
}
