import type { PluginMigration } from '@conjunto/core';
import { TIMELINE_KINDS } from '../../timeline.ts';

/** The timeline's kinds gain 'reserva': a reservation's code validated at the gate (the reservations plugin's event). */
export const gateTimelineReservations: PluginMigration = {
  name: 'gate_0008_timeline_reservations',
  up: [
    'alter table gate_timeline drop constraint gate_timeline_kind_check',
    `alter table gate_timeline add constraint gate_timeline_kind_check check (kind in (${TIMELINE_KINDS.map((k) => `'${k}'`).join(', ')}))`,
  ],
};
