import type { PluginMigration } from '@conjunto/core';

/** The evening reminder's claim (reminders.ts): set once the resident was reminded of the reservation. */
export const reservationsReminded: PluginMigration = {
  name: 'reservations_0002_reminded',
  up: ['alter table reservations add column reminded_at timestamptz'],
};
