import { defineServerPlugin } from '@conjunto/core';
import manifest from '../manifest.ts';
import { allPanicRoutes } from './all-panics.ts';
import { GateCamera } from './camera.entity.ts';
import { bitacoraCompatRoutes } from './compat.ts';
import { EarlyVisit } from './early-visit.entity.ts';
import { GateEntry } from './entry.entity.ts';
import { GateEvent } from './event.entity.ts';
import { GateListItem } from './list.entity.ts';
import { gateInit } from './migrations/0001_gate.ts';
import { gatePanic } from './migrations/0002_panic.ts';
import { gateCameras } from './migrations/0003_cameras.ts';
import { gateRounds } from './migrations/0004_rounds.ts';
import { gateVisitPasses } from './migrations/0005_visit_passes.ts';
import { gateTimeline } from './migrations/0006_timeline.ts';
import { gatePanicPlatform } from './migrations/0007_panic_platform.ts';
import { gateTimelineReservations } from './migrations/0008_timeline_reservations.ts';
import { PanicAlert } from './panic.entity.ts';
import { GatePost } from './post.entity.ts';
import { CAMERA_QUERY_PATHS } from './query-paths.ts';
import { dataBitacoraRoutes } from './reports.ts';
import { gateRoutes } from './routes.ts';
import { seedGate } from './seed.ts';
import { GateTimelineItem } from './timeline.entity.ts';
import { timelineHandlers } from './timeline.ts';

export default defineServerPlugin({
  manifest,
  entities: [GatePost, GateEntry, GateListItem, EarlyVisit, GateEvent, PanicAlert, GateCamera, GateTimelineItem],
  migrations: [
    gateInit,
    gatePanic,
    gateCameras,
    gateRounds,
    gateVisitPasses,
    gateTimeline,
    gatePanicPlatform,
    gateTimelineReservations,
  ],
  routes: gateRoutes,
  // The guard console's own path (spec 002 §7): POST /api/bitacora_digital/:complexId/.
  compatibility: [
    { prefix: '/api/bitacora_digital/:complexId', routes: bitacoraCompatRoutes },
    // The hourly report's entries (spec 000 §7 POST data_bitacora/): the complex is the body's id_conjunto.
    { prefix: '/api/data_bitacora', complexField: 'id_conjunto', routes: dataBitacoraRoutes },
  ],
  // The spec's paths naming the complex in the query (002 §7): the host rewrites them onto these complex routes.
  complexQueryPaths: CAMERA_QUERY_PATHS,
  // Face recognitions, plate and tag reads and reservations' codes join the timeline where biometrics and residents are installed and on.
  handles: timelineHandlers,
  // Platform staff's /superAdmin/allPanics: /api/platform/gate/panic-alerts.
  platformRoutes: allPanicRoutes,
  seedDemo: seedGate,
});
