// The gate's route modules, one per aggregate, mounted under /api/complexes/:complexId.
import type { HostServices, PluginApp } from '@conjunto/core';
import { cameraRoutes } from './camera-routes.ts';
import { compareFacesRoutes } from './compare-faces.ts';
import { earlyVisitRoutes } from './early-visits.ts';
import { entryRoutes } from './entry-routes.ts';
import { enviaPushRoutes } from './envia-push.ts';
import { gateEventRoutes } from './gate-events.ts';
import { guardRoutes } from './guards.ts';
import { listRoutes } from './lists.ts';
import { panicRoutes } from './panic.ts';
import { postRoutes } from './posts.ts';
import { reportRoutes } from './reports.ts';
import { roundRoutes } from './rounds.ts';
import { securityMailRoutes } from './security-mail.ts';
import { shiftRoutes } from './shifts.ts';
import { timelineRoutes } from './timeline.ts';

export function gateRoutes(app: PluginApp, host: HostServices) {
  postRoutes(app, host);
  entryRoutes(app, host);
  listRoutes(app, host);
  earlyVisitRoutes(app, host);
  gateEventRoutes(app, host);
  panicRoutes(app, host);
  cameraRoutes(app, host);
  compareFacesRoutes(app, host);
  securityMailRoutes(app, host);
  guardRoutes(app, host);
  shiftRoutes(app, host);
  roundRoutes(app, host);
  timelineRoutes(app, host);
  reportRoutes(app, host);
  enviaPushRoutes(app, host);
}
