import { defineServerPlugin } from '@conjunto/core';
import manifest from '../manifest.ts';
import { allPanicRoutes } from './all-panics.ts';
import { bitacoraCompatRoutes } from './compat.ts';
import { EarlyVisit } from './early-visit.entity.ts';
import { GateEntry } from './entry.entity.ts';
import { GateEvent } from './event.entity.ts';
import { GateListItem } from './list.entity.ts';
import { gateInit } from './migrations/0001_gate.ts';
import { gatePanic } from './migrations/0002_panic.ts';
import { gatePanicPlatform } from './migrations/0003_panic_platform.ts';
import { PanicAlert } from './panic.entity.ts';
import { GatePost } from './post.entity.ts';
import { gateRoutes } from './routes.ts';
import { seedGate } from './seed.ts';

export default defineServerPlugin({
  manifest,
  entities: [GatePost, GateEntry, GateListItem, EarlyVisit, GateEvent, PanicAlert],
  migrations: [gateInit, gatePanic, gatePanicPlatform],
  routes: gateRoutes,
  // The guard console's own path (spec 002 §7): POST /api/bitacora_digital/:complexId/.
  compatibility: { prefix: '/api/bitacora_digital/:complexId', routes: bitacoraCompatRoutes },
  // Platform staff's /superAdmin/allPanics: /api/platform/gate/panic-alerts.
  platformRoutes: allPanicRoutes,
  seedDemo: seedGate,
});
